import { posix } from 'node:path'

/** The generator-owned folder inside `out` holding each tool's specs and types. */
export const GENERATED_FOLDER = 'generated'

/** Where one tool's files go, relative to the working directory with `/` separators. */
export interface ToolPaths {
  /** `<out>/<name>.ts`: the author-owned stub. */
  readonly stub: string
  /** `<out>/generated/<name>.ts`: the generator-owned specs and types. */
  readonly generated: string
  /** `./generated/<name>.js`, as the stub imports it. */
  readonly generatedSpecifier: string
}

/** Orders texts by UTF-16 code unit, as the generated files list tools and the plan lists paths. */
export const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Normalises a configured folder or file path to `/` separators without a trailing slash. */
export function normalizePath(path: string): string {
  const normalized = posix.normalize(path.replaceAll('\\', '/'))
  return normalized.length > 1 && normalized.endsWith('/') ? normalized.slice(0, -1) : normalized
}

/** The paths of tool `name` under `out`. */
export function toolPaths(out: string, name: string): ToolPaths {
  const folder = normalizePath(out)
  return {
    stub: posix.join(folder, `${name}.ts`),
    generated: posix.join(folder, GENERATED_FOLDER, `${name}.ts`),
    generatedSpecifier: `./${GENERATED_FOLDER}/${name}.js`,
  }
}

/** `<out>/index.ts`. */
export function indexPath(out: string): string {
  return posix.join(normalizePath(out), 'index.ts')
}

// A leading `_` keeps the shared module's name out of reach of tool names (they start with a letter).
const RESULT_VIEWS_MODULE = '_result-views'

/** `<out>/generated/_result-views.ts`: the shared reader of completed cards in `result.meta`. */
export function resultViewsPath(out: string): string {
  return posix.join(normalizePath(out), GENERATED_FOLDER, `${RESULT_VIEWS_MODULE}.ts`)
}

/** `./generated/_result-views.js`, as stubs import it. */
export const RESULT_VIEWS_SPECIFIER = `./${GENERATED_FOLDER}/${RESULT_VIEWS_MODULE}.js`

/** `<out>/code-mode-sdk.d.ts`. */
export function codeModeSdkDeclarationPath(out: string): string {
  return posix.join(normalizePath(out), 'code-mode-sdk.d.ts')
}

/** `<out>/code-mode-sdk.ts`: the SDK text as a string export. */
export function codeModeSdkModulePath(out: string): string {
  return posix.join(normalizePath(out), 'code-mode-sdk.ts')
}

/** An export target's file: `tools.<name>.json` beside `catalog.json`. */
export function exportFilePath(catalogJson: string, spec: { readonly name: string }): string {
  const slash = catalogJson.lastIndexOf('/')
  return `${slash === -1 ? '' : catalogJson.slice(0, slash + 1)}tools.${spec.name}.json`
}
