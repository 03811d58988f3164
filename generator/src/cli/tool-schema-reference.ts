import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The file name of the YAML format's JSON Schema. */
export const TOOL_SCHEMA_FILE = 'tool.schema.json'

/**
 * The `$schema` path a new declaration in `schemasFolder` should carry: the project's own copy beside
 * the declarations when there is one, otherwise the copy in the toolsmith repository this generator
 * runs from (`<repo>/schemas/tool.schema.json`), relative to the folder.
 */
export function toolSchemaReference(schemasFolder: string): string {
  const own = path.join(schemasFolder, TOOL_SCHEMA_FILE)
  // generator/{src,dist}/cli/ → the repository's schemas folder.
  const bundled = fileURLToPath(new URL(`../../../schemas/${TOOL_SCHEMA_FILE}`, import.meta.url))
  const target = existsSync(own) ? own : bundled
  const relative = path.relative(schemasFolder, target).split(path.sep).join('/')
  return relative.startsWith('.') ? relative : `./${relative}`
}
