/** The pattern every tool name must match. */
export const TOOL_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/

/** Names reserved by the runtime (Code Mode's transport). */
export const RESERVED_TOOL_NAMES: ReadonlySet<string> = new Set(['run_code'])

/** Splits a valid tool name into its words: `read_file`, `read-file` and `readFile` all give `read`, `file`. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-\s]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase())
}

/**
 * PascalCase identifier for a tool's types: `read_file` gives `ReadFile`. A letter after a digit is upper-cased
 * (`clear001a_run` gives `Clear001ARun`), as json2ts does to every type name it declares: otherwise the stub would
 * import `Clear001aRunArgs` while the generated file exports `Clear001ARunArgs`.
 */
export function pascalCaseName(name: string): string {
  return words(name)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')
    .replace(/([0-9])([a-z])/g, (_match, digit: string, letter: string) => digit + letter.toUpperCase())
}

/** camelCase identifier for a tool's values: `read_file` gives `readFile`. */
export function camelCaseName(name: string): string {
  const pascal = pascalCaseName(name)
  return pascal.charAt(0).toLowerCase() + pascal.slice(1)
}
