import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import * as prettier from 'prettier'

/** Formats planned outputs with prettier, honouring the project's own config for each path. */
export interface CodeFormatter {
  /** Formats `source` as the file at `path` (relative to the working directory); throws prettier's syntax errors. */
  format(path: string, source: string): Promise<string>
}

/** Our layout when the project has no prettier config of its own (the repository's own style). */
export const DEFAULT_PRETTIER_OPTIONS: prettier.Options = Object.freeze({
  semi: false,
  singleQuote: true,
  printWidth: 120,
  trailingComma: 'all',
})

const PARSERS: { readonly [extension: string]: string } = { '.ts': 'typescript', '.md': 'markdown', '.json': 'json' }

// Formatted outputs are remembered across plans in one process (keyed by options and source), so a regenerate
// of unchanged inputs does not pay for prettier again. Bounded: the oldest entries go first.
const FORMATTED_LIMIT = 8_000
const formatted = new Map<string, string>()

function remember(key: string, value: string): void {
  if (formatted.size >= FORMATTED_LIMIT) {
    const oldest = formatted.keys().next()
    if (oldest.done !== true) formatted.delete(oldest.value)
  }
  formatted.set(key, value)
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
 */
export function createCodeFormatter(cwd: string): CodeFormatter {
  prettier.clearConfigCache()
  const configFiles = new Map<string, Promise<string | null>>()

  const configFileFor = (folder: string): Promise<string | null> => {
    let found = configFiles.get(folder)
    if (found === undefined) {
      found = prettier.resolveConfigFile(join(folder, 'toolsmith.probe')).then((file) => {
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
    return (await prettier.resolveConfig(absolutePath, { config, editorconfig: false })) ?? {}
  }

  return {
    async format(path, source) {
      const absolutePath = resolve(cwd, path)
      const options = { ...(await optionsFor(absolutePath)), parser: parserFor(path) }
      const key = `${JSON.stringify(options)}\u0000${source}`
      const cached = formatted.get(key)
      if (cached !== undefined) return cached
      const result = await prettier.format(source, options)
      remember(key, result)
      return result
    },
  }
}
