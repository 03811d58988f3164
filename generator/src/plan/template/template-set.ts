import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import type Handlebars from 'handlebars'
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
/** The options every template is compiled with (and the shipped ones precompiled with). */
export const TEMPLATE_COMPILE_OPTIONS: CompileOptions = Object.freeze({ noEscape: true, strict: true })
type CompileOptions = NonNullable<Parameters<typeof Handlebars.compile>[1]>

/** A shipped template precompiled at build time (see `precompiledTemplatesModule`), with the source it was made from. */
export interface PrecompiledTemplate {
  readonly source: string
  readonly spec: Parameters<typeof Handlebars.template>[0]
}

/** The build's precompiled shipped templates, by file. */
export type PrecompiledTemplates = { readonly [file in TemplateFile]?: PrecompiledTemplate }

// Loading Handlebars' compiler and compiling the shipped templates was about a tenth of a cold generate: the build
// precompiles them into this module beside the built file (absent in the sources, where they compile as before),
// and they are filled with Handlebars' runtime, one small file. A project's own template still compiles here.
const PRECOMPILED_MODULE = new URL('./precompiled-templates.js', import.meta.url)
let precompiledTemplates: Promise<PrecompiledTemplates> | undefined

function precompiled(): Promise<PrecompiledTemplates> {
  precompiledTemplates ??= import(PRECOMPILED_MODULE.href).then(
    (module: { default: PrecompiledTemplates }) => module.default,
    () => ({}),
  )
  return precompiledTemplates
}

type Engine = Pick<typeof Handlebars, 'template' | 'compile' | 'parse' | 'precompile'>
let runtimeEnvironment: Engine | undefined
let compilerEnvironment: Promise<Engine> | undefined

/** An environment of Handlebars' runtime build, which fills precompiled templates (no compiler). */
function runtime(): Engine {
  runtimeEnvironment ??= (createRequire(import.meta.url)('handlebars/dist/handlebars.runtime.js') as typeof Handlebars).create()
  return runtimeEnvironment
}

function compiler(): Promise<Engine> {
  compilerEnvironment ??= import('handlebars').then((module) => module.default.create())
  return compilerEnvironment
}

/**
 * The text of a JavaScript module holding each shipped template precompiled (Handlebars' `precompile`, with the
 * options templates are compiled with at run time) beside its source: `export default { [file]: { source, spec } }`.
 * The build writes it next to template-set.js (generator/scripts/precompile-templates.mjs), so a run fills the shipped
 * templates with Handlebars' small runtime instead of loading the compiler and compiling them; a spec whose source is
 * not the template file's text (a template edited after the build) is not used.
 */
export async function precompiledTemplatesModule(sources: ReadonlyMap<TemplateFile, string>): Promise<string> {
  const environment = await compiler()
  const entries = [...sources].map(
    ([file, source]) => `  ${JSON.stringify(file)}: {\n    source: ${JSON.stringify(source)},\n    spec: ${environment.precompile(source, { ...TEMPLATE_COMPILE_OPTIONS })},\n  },`,
  )
  return `// Generated by generator/scripts/precompile-templates.mjs at build time: the shipped templates, precompiled.\nexport default {\n${entries.join('\n')}\n}\n`
}

const compiledSources = new Map<string, Handlebars.TemplateDelegate>()

async function compile(source: string): Promise<Handlebars.TemplateDelegate> {
  let compiled = compiledSources.get(source)
  if (compiled === undefined) {
    const environment = await compiler()
    environment.parse(source) // syntax errors surface here, with their line
    compiled = environment.compile(source, { ...TEMPLATE_COMPILE_OPTIONS }) // a copy: Handlebars writes to its options
    compiledSources.set(source, compiled)
  }
  return compiled
}

/**
 * The shipped template `name` with its text `source`: the build's precompiled template when it was made from that
 * very text, else compiled here. `table` is the build's precompiled templates (for tests; read from the build by default).
 */
export async function shippedTemplate(name: TemplateFile, source: string, table?: PrecompiledTemplates): Promise<Handlebars.TemplateDelegate> {
  const made = (table ?? (await precompiled()))[name]
  if (made !== undefined && made.source === source) {
    // Handlebars' runtime loads on the first fill: a run whose files are all printed from the model never needs it.
    let filled: Handlebars.TemplateDelegate | undefined
    return (context, options) => (filled ??= runtime().template(made.spec))(context, options)
  }
  return compile(source)
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
          templates.set(name, { file: projectFile, shipped: false, render: renderer(await compile(projectSource)) })
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
      const source = readFileSync(`${DEFAULT_FOLDER}${name}`, 'utf8')
      templates.set(name, { file: `${DEFAULT_LABEL}/${name}`, shipped: true, render: renderer(await shippedTemplate(name, source)) })
    }),
  )
  return { templates, diagnostics }
}

function renderer(template: Handlebars.TemplateDelegate): (model: object) => string {
  return (model) => template(model, { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false })
}
