import { readFile, readdir } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import type * as prettier from 'prettier'
import { processMemo } from '../base/bounded.js'
import { type CodeFormatter, layoutKeyOf } from '../model/code-formatter.js'
import { jsonPrinter, printMarkdown } from './catalog-layout.js'
import { canBatch, createFormatBatcher, loadPrettier, prettierLoaded, prettierRunner } from './prettier.js'
import { codeModeSdkModuleSource, joinParts, layOutTypeScript, printCodeModeSdkModule, printTypeScript, tsLayoutOptions } from './typescript/lay-out-typescript.js'
import { OutsideLayout } from './typescript/ts-layout-context.js'

// The `CodeFormatter` of one plan: our printers where they know prettier's layout, prettier itself for the rest.

/** Our layout when the project has no prettier config of its own (the repository's own style). */
export const DEFAULT_PRETTIER_OPTIONS: prettier.Options = Object.freeze({
  semi: false,
  singleQuote: true,
  printWidth: 120,
  trailingComma: 'all',
})

const PARSERS: { readonly [extension: string]: string } = { '.ts': 'typescript', '.md': 'markdown', '.json': 'json' }

// Across plans in one process, so a regenerate of unchanged inputs does not format again.
function remember(key: string, value: string): void {
  processMemo.set('formatted', key, value)
}

function parserFor(path: string): string {
  const extension = path.slice(path.lastIndexOf('.'))
  const parser = PARSERS[extension]
  if (parser === undefined) throw new Error(`no formatter for ${path}`)
  return parser
}

// Every file name prettier 3's config search takes (package.json/yaml only with a `prettier` key); a missing name
// would leave a project's config unseen (a test checks this list against prettier's searcher).
const CONFIG_FILE_NAMES: ReadonlySet<string> = new Set([
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.yml',
  '.prettierrc.yaml',
  '.prettierrc.json5',
  '.prettierrc.js',
  'prettier.config.js',
  '.prettierrc.ts',
  'prettier.config.ts',
  '.prettierrc.mjs',
  'prettier.config.mjs',
  '.prettierrc.mts',
  'prettier.config.mts',
  '.prettierrc.cjs',
  'prettier.config.cjs',
  '.prettierrc.cts',
  'prettier.config.cts',
  '.prettierrc.toml',
  'package.yaml',
])

/** `false` only when no folder from `folder` up to `cwd` holds a prettier config file; does not load prettier. */
export async function mayHavePrettierConfig(cwd: string, folder: string): Promise<boolean> {
  const fromCwd = relative(cwd, folder)
  if (fromCwd.startsWith('..') || isAbsolute(fromCwd)) return true
  for (let current = folder; ; current = dirname(current)) {
    if (await folderHasConfig(current)) return true
    if (relative(cwd, current) === '' || dirname(current) === current) return false
  }
}

async function folderHasConfig(folder: string): Promise<boolean> {
  let names: string[]
  try {
    names = await readdir(folder)
  } catch (error) {
    // A folder that does not exist yet (an output folder) holds nothing; any other failure is left to prettier.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ENOTDIR'
  }
  for (const name of names) {
    // Any case: on a case-insensitive file system prettier's lookup of `.prettierrc` finds `.PrettierRC` too.
    const lower = name.toLowerCase()
    if (CONFIG_FILE_NAMES.has(lower)) return true
    if (lower === 'package.json' && (await packageJsonMayConfigure(join(folder, name)))) return true
  }
  return false
}

async function packageJsonMayConfigure(file: string): Promise<boolean> {
  try {
    const json: unknown = JSON.parse(await readFile(file, 'utf8'))
    return typeof json !== 'object' || json === null || Object.hasOwn(json, 'prettier')
  } catch {
    return true
  }
}

/** A formatter for one plan; only configs inside `cwd` count (not `.editorconfig`): output is the same everywhere. */
export function createCodeFormatter(cwd: string): CodeFormatter {
  let clearedConfigCache = false
  const prettierWithFreshConfig = async (): Promise<typeof prettier> => {
    const module = await loadPrettier()
    if (!clearedConfigCache) {
      clearedConfigCache = true
      module.clearConfigCache()
    }
    return module
  }
  // An earlier plan in this process may have loaded prettier: clear its config cache before any read.
  if (prettierLoaded()) void prettierWithFreshConfig()
  const configFiles = new Map<string, Promise<string | null>>()

  const configFileFor = (folder: string): Promise<string | null> => {
    let found = configFiles.get(folder)
    if (found === undefined) {
      found = mayHavePrettierConfig(cwd, folder).then(async (may) => {
        if (!may) return null
        const file = await (await prettierWithFreshConfig()).resolveConfigFile(join(folder, 'toolsmith.probe'))
        if (file === null) return null
        const fromCwd = relative(cwd, file)
        return fromCwd.startsWith('..') || isAbsolute(fromCwd) ? null : file
      })
      configFiles.set(folder, found)
    }
    return found
  }

  const optionsFor = async (absolutePath: string): Promise<prettier.Options> => {
    const config = await configFileFor(dirname(absolutePath))
    if (config === null) return DEFAULT_PRETTIER_OPTIONS
    const options = (await (await prettierWithFreshConfig()).resolveConfig(absolutePath, { config, editorconfig: false })) ?? {}
    if (options.endOfLine === 'cr') {
      // Classic Mac line ends: TypeScript and Markdown tooling (and the stub merge) read lines by \n.
      throw new Error(`the prettier config ${relative(cwd, config)} sets endOfLine "cr" for ${relative(cwd, absolutePath)}, which toolsmith does not support; use "lf", "crlf" or "auto"`)
    }
    return options
  }

  const run = prettierRunner()
  const batcher = createFormatBatcher(run)
  // Probes (an arrow-function member in its place) repeat across files: each is formatted once per plan.
  const probes = new Map<string, Promise<string>>()
  const probeFormatter = (optionsKey: string, options: prettier.Options) => (source: string): Promise<string> => {
    const key = `${optionsKey}\u0000${source}`
    let probe = probes.get(key)
    if (probe === undefined) {
      probe = canBatch(options, source) ? batcher.format(optionsKey, options, source) : run(source, options)
      probes.set(key, probe)
    }
    return probe
  }
  const formatter: CodeFormatter = {
    async printTree(path, program) {
      const layout = tsLayoutOptions({ ...(await optionsFor(resolve(cwd, path))), parser: 'typescript' })
      if (layout === undefined) return undefined
      try {
        return printTypeScript(program, layout)
      } catch (error) {
        if (!(error instanceof OutsideLayout)) throw error
        return undefined
      }
    },
    async printTypeScript(path, parts) {
      const program = joinParts(parts)
      const printed = program === undefined ? undefined : await formatter.printTree(path, program)
      if (printed !== undefined) return printed
      const options = await optionsFor(resolve(cwd, path))
      const lenient = tsLayoutOptions(options, true) as NonNullable<ReturnType<typeof tsLayoutOptions>>
      const texts = parts.map((part) => (part.text ?? (part.program === undefined ? '' : printTypeScript(part.program, lenient))).trim())
      return formatter.format(path, `${texts.filter((text) => text !== '').join('\n\n')}\n`, { batchable: true })
    },
    layoutOptions: (path) => optionsFor(resolve(cwd, path)),
    jsonPrinter,
    printMarkdown,
    async printCodeModeSdkModule(path, sdk, format = (source) => formatter.format(path, source, { batchable: true })) {
      const layout = tsLayoutOptions({ ...(await optionsFor(resolve(cwd, path))), parser: 'typescript' })
      return layout === undefined ? format(codeModeSdkModuleSource(sdk)) : printCodeModeSdkModule(sdk, layout)
    },
    async format(path, source, { batchable = false, embeddedFormatting = true } = {}) {
      const absolutePath = resolve(cwd, path)
      const options: prettier.Options = { ...(await optionsFor(absolutePath)), parser: parserFor(path) }
      if (!embeddedFormatting) options.embeddedLanguageFormatting = 'off'
      const optionsKey = JSON.stringify(options)
      const key = `${optionsKey}\u0000${source}`
      const cached = processMemo.get<string>('formatted', key)
      if (cached !== undefined) return cached
      if (options.parser === 'typescript') {
        const laidOut = await layOutTypeScript(source, options, probeFormatter(optionsKey, options))
        if (laidOut !== undefined) {
          remember(key, laidOut)
          return laidOut
        }
      }
      const result =
        batchable && canBatch(options, source)
          ? await batcher.format(optionsKey, options, source)
          : await run(source, options)
      remember(key, result)
      return result
    },
  }
  return formatter
}
