import { mkdir, realpath, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { realPathInside } from '../base/project-files.js'
import { type ProjectConfig, toolSchemaReference } from '../config/project-config.js'
import { DECLARATION_SUFFIX } from '../load/discover-declaration-files.js'
import { loadDeclarations } from '../load/load-declarations.js'
import { pascalCaseName, RESERVED_TOOL_NAMES, TOOL_NAME_PATTERN } from '../model/tool-name.js'

/** The new file's path, or why it was not created. */
export type CreatedDeclaration = { readonly ok: true; readonly file: string } | { readonly ok: false; readonly message: string }

/** A valid starter declaration of `name`, pointing editors at the format's JSON Schema. */
export function starterDeclaration(name: string, schemaReference: string): string {
  return `# yaml-language-server: $schema=${schemaReference}
name: ${name}
description: Describe what ${name} does and when to use it; the model reads this.
parameters:
  input: { type: string, required: true, description: Describe this parameter for the model. }
output:
  type: object
  additionalProperties: false
  properties:
    result: { type: string, required: true }
`
}

/** `toolsmith new <name>`: writes `<schemas>/<name>.tool.yaml` unless it exists (never overwrites). */
export async function createDeclaration(config: ProjectConfig, name: string): Promise<CreatedDeclaration> {
  if (!TOOL_NAME_PATTERN.test(name)) {
    return { ok: false, message: `tool name ${JSON.stringify(name)} must start with a letter and hold only letters, digits, "_" and "-" (at most 64 characters)` }
  }
  if (RESERVED_TOOL_NAMES.has(name) || name.toLowerCase() === 'index') return { ok: false, message: `tool name ${JSON.stringify(name)} is reserved` }
  const file = path.posix.join(config.schemas, `${name}${DECLARATION_SUFFIX}`)
  const folder = path.resolve(config.cwd, config.schemas)
  if (!(await realPathInside(await realpath(config.cwd), folder))) {
    return { ok: false, message: `the schemas folder ${JSON.stringify(config.schemas)} leads outside the project` }
  }
  // A name the existing tools already take after case conversion would only fail at the next generate.
  const taken = await takenNames(config)
  const clash = taken.find((other) => other !== name && (pascalCaseName(other) === pascalCaseName(name) || other.toLowerCase() === name.toLowerCase()))
  if (clash !== undefined) return { ok: false, message: `tool name ${JSON.stringify(name)} clashes with the existing tool ${JSON.stringify(clash)} (the same TypeScript name or file name)` }
  await mkdir(folder, { recursive: true })
  try {
    await writeFile(path.resolve(config.cwd, file), starterDeclaration(name, toolSchemaReference(folder)), { flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { ok: false, message: `${file} already exists; not overwritten` }
    throw error
  }
  return { ok: true, file }
}

/** The names of the declared tools: from the valid declarations, and from every declaration file's name. */
async function takenNames(config: ProjectConfig): Promise<string[]> {
  const loaded = await loadDeclarations({ cwd: config.cwd, schemas: config.schemas })
  const fromFiles = [...loaded.sources.keys()].map((file) => path.posix.basename(file, DECLARATION_SUFFIX))
  return [...new Set([...loaded.declarations.map((declaration) => declaration.name), ...fromFiles])]
}
