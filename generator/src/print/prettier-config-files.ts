import { readFile, readdir } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative } from 'node:path'

// Every file name prettier 3's config search looks for in a folder (src/config/prettier-config/config-searcher.js),
// `package.json` and `package.yaml` only when they hold a `prettier` key. Checked against prettier's own search by
// test/generator/print/prettier-config-files.test.ts: a name missing here would make a project's config unseen.
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

/**
 * Whether a prettier config may apply to files in `folder`, found without loading prettier (about 70 ms of a cold
 * run): `false` only when no folder from `folder` up to `cwd` holds a file prettier's search would take (a
 * `package.json` counts when it has a `prettier` key or does not parse). Only a config inside `cwd` counts as the
 * project's own, so the folders above it are not looked at. `true` means: ask prettier (it finds the nearest config
 * and may still find none). A folder outside `cwd` is always left to prettier.
 */
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
