import { processMemo } from '../base/bounded.js'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import type * as prettier from 'prettier'
import { canBatch, createFormatBatcher, loadPrettier, prettierLoaded, prettierRunner } from './format-batcher.js'
import { mayHavePrettierConfig } from './prettier-config-files.js'
import { joinParts, layOutTypeScript, printTypeScript, type TsPart, tsLayoutOptions } from './typescript/lay-out-typescript.js'
import { OutsideLayout } from './typescript/ts-layout-context.js'
import type { Program } from './typescript/ts-subset-ast.js'

/** Formats planned outputs with prettier, honouring the project's own config for each path. */
export interface CodeFormatter {
  /**
   * Formats `source` as the file at `path` (relative to the working directory); throws prettier's syntax errors.
   * `batchable` marks TypeScript the generator fully controls (no unbalanced comment or string can span its end),
   * which may be formatted together with others in one prettier call: the same output, much less per-call cost.
   */
  format(path: string, source: string, options?: FormatRequestOptions): Promise<string>
  /**
   * Prints the TypeScript file at `path` from its parts (see `TsPart`) as prettier would lay it out with the project's
   * config for it. Where the config holds what the printers do not model (a plugin, CRLF, a pragma) or a part is
   * outside them, the parts are written out (the modelled options, a part's own text where it has one) and prettier
   * formats that with the whole config, as `format` does.
   */
  printTypeScript(path: string, parts: readonly TsPart[]): Promise<string>
  /**
   * `program` printed as the TypeScript file at `path` as prettier would lay it out with the project's config for it,
   * or `undefined` where the config holds what the printers do not model or the program is outside them.
   */
  printTree(path: string, program: Program): Promise<string | undefined>
  /** The layout options that apply to `path` (the project's config for it, or our defaults), without the parser. */
  layoutOptions(path: string): Promise<prettier.Options>
  /** The same options as a comparable key. */
  layoutKey(path: string): Promise<string>
}

/** How one source may be formatted. */
export interface FormatRequestOptions {
  readonly batchable?: boolean
  /**
   * `false` when every fenced code block of a Markdown source is already formatted with this path's layout, so
   * prettier need not format the embedded code again (it would give the same text).
   */
  readonly embeddedFormatting?: boolean
}

/** Our layout when the project has no prettier config of its own (the repository's own style). */
export const DEFAULT_PRETTIER_OPTIONS: prettier.Options = Object.freeze({
  semi: false,
  singleQuote: true,
  printWidth: 120,
  trailingComma: 'all',
})

const PARSERS: { readonly [extension: string]: string } = { '.ts': 'typescript', '.md': 'markdown', '.json': 'json' }

// Formatted outputs are remembered across plans in one process (keyed by options and source, in the process
// memo), so a regenerate of unchanged inputs does not pay for prettier again.
function remember(key: string, value: string): void {
  processMemo.set('formatted', key, value)
}

function parserFor(path: string): string {
  const extension = path.slice(path.lastIndexOf('.'))
  const parser = PARSERS[extension]
  if (parser === undefined) throw new Error(`no formatter for ${path}`)
  return parser
}

/**
 * A formatter for one plan. Only a config file inside `cwd` counts as the project's own (one found above it, say in
 * a home folder, would make output differ between machines); `.editorconfig` is not read for the same reason.
 * Config files are looked up once per folder; prettier's config cache is cleared so a changed config is seen.
 * prettier itself is loaded only when a config may apply (see `mayHavePrettierConfig`) or a file needs formatting.
 */
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
  // An earlier plan in this process may have loaded prettier: its config cache is cleared before this formatter
  // reads a config (a later use of the same import continues after this one).
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

  // The key of each options object (a project without a config has one for every path).
  const layoutKeys = new WeakMap<prettier.Options, string>()
  const run = prettierRunner()
  const batcher = createFormatBatcher(run)
  // Probes of the TypeScript layout (one arrow-function member in its place) repeat across files: each is formatted
  // once per plan, however many files ask for it at the same time.
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
    layoutOptions(path) {
      return optionsFor(resolve(cwd, path))
    },
    async layoutKey(path) {
      const options = await optionsFor(resolve(cwd, path))
      let key = layoutKeys.get(options)
      if (key === undefined) {
        key = JSON.stringify(options)
        layoutKeys.set(options, key)
      }
      return key
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
