import { type ExportTarget, exportTools, type ToolSurface } from '@toolsmith/providers'
import type { Catalog, CatalogTool } from './catalog-model.js'
import type { LoweredCatalog } from './compare-catalogs.js'

const cache = new WeakMap<Catalog, Map<string, LoweredCatalog>>()

/** A side's tools as `@toolsmith/providers` exports them to `target`, and the refused tools with the reason. */
export function lowerForTarget(catalog: Catalog, target: string, strict = false): LoweredCatalog {
  let byTarget = cache.get(catalog)
  if (byTarget === undefined) cache.set(catalog, (byTarget = new Map()))
  const key = `${target}${strict ? '-strict' : ''}`
  const known = byTarget.get(key)
  if (known !== undefined) return known
  const surfaces = [...catalog.tools.values()].map(surfaceOf)
  const result = exportTools(target as ExportTarget, surfaces, { strict })
  const tools = new Map<string, { parameters: unknown; output?: unknown }>()
  for (const exported of result.tools) {
    const lowered = loweredSchemas(exported)
    if (lowered !== undefined) tools.set(lowered.name, lowered.schemas)
  }
  const unexportable = new Map<string, string>()
  for (const error of result.errors) {
    if (error.tool !== undefined) unexportable.set(error.tool, error.message)
    else for (const name of catalog.tools.keys()) unexportable.set(name, error.message)
  }
  for (const name of unexportable.keys()) tools.delete(name)
  const lowered = { tools, unexportable }
  byTarget.set(key, lowered)
  return lowered
}

function surfaceOf(tool: CatalogTool): ToolSurface {
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters as ToolSurface['parameters'],
    ...(tool.output === undefined ? {} : { output: tool.output as ToolSurface['parameters'] }),
    annotations: tool.annotations,
    approval: tool.approval,
  }
}

/** The name and lowered schemas of one provider tool object, whichever provider's shape it has. */
function loweredSchemas(exported: unknown): { name: string; schemas: { parameters: unknown; output?: unknown } } | undefined {
  if (typeof exported !== 'object' || exported === null) return undefined
  const tool = exported as Record<string, unknown>
  const inner = typeof tool['function'] === 'object' && tool['function'] !== null ? (tool['function'] as Record<string, unknown>) : tool
  const name = inner['name']
  if (typeof name !== 'string') return undefined
  const parameters = inner['parameters'] ?? inner['parametersJsonSchema'] ?? inner['input_schema'] ?? inner['inputSchema'] ?? {}
  const output = inner['outputSchema']
  return { name, schemas: { parameters, ...(output === undefined ? {} : { output }) } }
}
