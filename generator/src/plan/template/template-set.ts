import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import Handlebars from 'handlebars'
import type { Diagnostic } from '../../model/diagnostic.js'
import { messageOf } from '../../model/diagnostic.js'
import { normalizePath } from '../output-paths.js'

/** The template files the emitters fill; a project's `templates` folder may hold its own copy of any of them. */
export const TEMPLATE_FILES = ['stub.ts.hbs', 'catalog.md.hbs', 'catalog-section.md.hbs'] as const

/** The name of one template file. */
export type TemplateFile = (typeof TEMPLATE_FILES)[number]

/** One compiled template and the file it came from (for diagnostics). */
export interface Template {
  /** The template's path as diagnostics name it: relative to the working directory for a project's copy. */
  readonly file: string
  /** Whether this is the template shipped with toolsmith (not a project's copy). */
  readonly shipped: boolean
  /** Fills the template; throws (with Handlebars' message) when the template asks for something the model lacks. */
  render(model: object): string
}

/** The templates of one plan, and the problems found loading a project's copies. */
export interface TemplateSet {
  readonly templates: ReadonlyMap<TemplateFile, Template>
  readonly diagnostics: readonly Diagnostic[]
}

// The shipped templates live in the repository's `templates/` folder, four levels above this file both as source
// (generator/src/plan/template/) and built (generator/dist/emit/template/). A packed package carries its own copy
// beside its package.json (`prepack` copies it there, `postpack` removes it again), which then wins: in an install,
// four levels up is the project's node_modules, where nothing of ours lives.
const PACKED_FOLDER = fileURLToPath(new URL('../../../templates/', import.meta.url))
const DEFAULT_FOLDER = existsSync(`${PACKED_FOLDER}stub.ts.hbs`) ? PACKED_FOLDER : fileURLToPath(new URL('../../../../templates/', import.meta.url))
const DEFAULT_LABEL = 'toolsmith/templates'

// Values are pre-escaped for their context by the emitters (string literals, identifiers, Markdown text), so the
// engine must not HTML-escape them; `strict` makes a template that names a missing field an error, not an empty hole.
const COMPILE_OPTIONS: CompileOptions = { noEscape: true, strict: true }
type CompileOptions = NonNullable<Parameters<typeof Handlebars.compile>[1]>

const environment = Handlebars.create()
const compiledSources = new Map<string, Handlebars.TemplateDelegate>()

function compile(source: string): Handlebars.TemplateDelegate {
  let compiled = compiledSources.get(source)
  if (compiled === undefined) {
    environment.parse(source) // syntax errors surface here, with their line
    compiled = environment.compile(source, COMPILE_OPTIONS)
    compiledSources.set(source, compiled)
  }
  return compiled
}

/**
 * A diagnostic naming a template file; the line comes from Handlebars' message when it gives one. A multi-line
 * message (Handlebars adds a code excerpt) keeps its first and last lines: where, and what was expected.
 */
export function templateDiagnostic(file: string, message: string): Diagnostic {
  const line = /line (\d+)/.exec(message)?.[1]
  const lines = message.split('\n')
  return {
    severity: 'error',
    code: 'template',
    message: lines.length > 1 ? `${lines[0]} ${lines[lines.length - 1]}` : message,
    file,
    line: line === undefined ? 1 : Number(line),
    column: 1,
  }
}

/**
 * Loads every template: the project's copy from `folder` (read through `readFile`, relative to the working
 * directory) where it has one, else the shipped default. A copy that does not compile is reported naming its file
 * and left out of the set, so nothing is made from it (stubs are created once: one made from the wrong template
 * would stay); the default does not stand in for it.
 */
export async function loadTemplates(
  folder: string | undefined,
  readProjectFile: (path: string) => Promise<string | undefined>,
  isFolder?: (path: string) => Promise<boolean>,
): Promise<TemplateSet> {
  const templates = new Map<TemplateFile, Template>()
  const diagnostics: Diagnostic[] = []
  await Promise.all(
    TEMPLATE_FILES.map(async (name) => {
      const projectFile = folder === undefined ? undefined : posix.join(normalizePath(folder), name)
      const projectSource = projectFile === undefined ? undefined : await readProjectFile(projectFile)
      if (projectFile !== undefined && projectSource !== undefined) {
        try {
          templates.set(name, { file: projectFile, shipped: false, render: renderer(compile(projectSource)) })
        } catch (error) {
          diagnostics.push(templateDiagnostic(projectFile, `invalid template: ${messageOf(error)}`))
        }
        return
      }
      // A folder where a template copy should be is a mistake to report, not a reason to use the shipped one.
      if (projectFile !== undefined && isFolder !== undefined && (await isFolder(projectFile))) {
        diagnostics.push(templateDiagnostic(projectFile, `${name} is a folder, not a template file; remove it or put your copy of the template there`))
        return
      }
      const source = await readFile(`${DEFAULT_FOLDER}${name}`, 'utf8')
      templates.set(name, { file: `${DEFAULT_LABEL}/${name}`, shipped: true, render: renderer(compile(source)) })
    }),
  )
  return { templates, diagnostics }
}

function renderer(template: Handlebars.TemplateDelegate): (model: object) => string {
  return (model) => template(model, { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false })
}
