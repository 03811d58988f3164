import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The file name of the YAML format's JSON Schema. */
export const TOOL_SCHEMA_FILE = 'tool.schema.json'

// The copy the package ships (prepack puts it at the package root), where it is installed:
// <package>/dist/cli/ → <package>/tool.schema.json. In the repository (not packed) the schemas folder's.
const PACKED = fileURLToPath(new URL(`../../${TOOL_SCHEMA_FILE}`, import.meta.url))
const IN_REPOSITORY = fileURLToPath(new URL(`../../../schemas/${TOOL_SCHEMA_FILE}`, import.meta.url))

/**
 * The `$schema` path a new declaration in `schemasFolder` should carry: the project's own copy beside
 * the declarations when there is one, otherwise the copy shipped in the installed `@toolsmith/generator`
 * (`node_modules/@toolsmith/generator/tool.schema.json`), or the toolsmith repository's when the generator
 * runs from a checkout; relative to the folder.
 */
export function toolSchemaReference(schemasFolder: string): string {
  const own = path.join(schemasFolder, TOOL_SCHEMA_FILE)
  const bundled = existsSync(PACKED) ? PACKED : IN_REPOSITORY
  const target = existsSync(own) ? own : bundled
  const relative = path.relative(schemasFolder, target).split(path.sep).join('/')
  return relative.startsWith('.') ? relative : `./${relative}`
}
