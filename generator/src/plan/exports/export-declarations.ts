import { type ExportResult, exportTools, isHostKept, type ToolSurface } from '@toolsmith/providers'
import {
  type ParameterSchemaSpec,
  parameterSchemaSpecToJsonSchema,
  resolveToolAnnotations,
  type ValueSchemaSpec,
  valueSchemaSpecToJsonSchema,
} from '@toolsmith/runtime'
import type { ExportSpec } from '../../config/project-config.js'
import { readYamlJson } from '../../load/read-yaml-json.js'
import type { Diagnostic } from '../../model/diagnostic.js'
import type { ToolDeclaration } from '../../model/tool-declaration.js'
import { byCodeUnit } from '../output-paths.js'

/** The model-facing surface of a declaration, compiled with the runtime's own compilers (as `describe()` lists it). */
export function declarationSurface(declaration: ToolDeclaration): ToolSurface {
  return {
    name: declaration.name,
    description: declaration.description,
    parameters: parameterSchemaSpecToJsonSchema(declaration.parameters as ParameterSchemaSpec),
    output: valueSchemaSpecToJsonSchema(declaration.output as unknown as ValueSchemaSpec),
    annotations: resolveToolAnnotations(declaration.annotations),
    approval: declaration.approval ?? 'never',
  }
}

/** Exports the declarations to one target, reporting losses as warnings and failures as `export-error`, each located at
 * its YAML node (`sources` holds each declaration file's text). */
export function exportDeclarations(
  declarations: readonly ToolDeclaration[],
  spec: ExportSpec,
  sources: ReadonlyMap<string, string>,
): { readonly result: ExportResult; readonly diagnostics: Diagnostic[] } {
  const sorted = [...declarations].sort((a, b) => byCodeUnit(a.name, b.name))
  const result = exportTools(spec.target, sorted.map(declarationSurface), { strict: spec.strict })
  const byName = new Map(sorted.map((declaration) => [declaration.name, declaration]))
  const locator = new Map<string, (pointer: string) => { line: number; column: number }>()
  const locate = (file: string, pointer: string): { line: number; column: number } => {
    let at = locator.get(file)
    if (at === undefined) {
      const text = sources.get(file)
      const yaml = text === undefined ? undefined : readYamlJson(file, Buffer.from(text))
      at = yaml === undefined || !yaml.ok ? () => ({ line: 1, column: 1 }) : (p: string) => yaml.diagnostics.position(yaml.locate(p))
      locator.set(file, at)
    }
    return at(pointer)
  }
  const diagnostics: Diagnostic[] = []
  const place = (tool: string | undefined, path: string | undefined): { file: string; line: number; column: number } => {
    const declaration = tool === undefined ? undefined : byName.get(tool)
    if (declaration === undefined) return { file: '(export)', line: 1, column: 1 }
    return { file: declaration.sourceFile, ...locate(declaration.sourceFile, yamlPointer(path ?? '')) }
  }
  for (const entry of result.report) {
    const message = `${spec.name}: ${entry.keyword} ${entry.action}: ${entry.detail}`
    // No edit of the declaration could avoid a host-kept loss, so `check` fails only on `export-loss`.
    diagnostics.push({ severity: 'warning', code: isHostKept(entry) ? 'export-host-kept' : 'export-loss', message, ...place(entry.tool, entry.path) })
  }
  for (const error of result.errors) {
    diagnostics.push({ severity: 'error', code: 'export-error', message: `${spec.name}: ${error.message}`, ...place(error.tool, error.path) })
  }
  return { result, diagnostics }
}

/** The YAML pointer for a pointer into the exported surface: the root's `properties` are the YAML `parameters` map;
 * deeper DSL nodes already use the JSON Schema keywords. */
export function yamlPointer(path: string): string {
  if (path.startsWith('/parameters/properties/')) return `/parameters/${path.slice('/parameters/properties/'.length)}`
  if (path.startsWith('/parameters/')) return '/parameters'
  return path === '' ? '/name' : path
}
