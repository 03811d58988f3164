import { type CatalogTool, resolveAnnotations, type Catalog } from '../../../generator/src/diff/catalog-model.js'

/** A tool with the defaults of a plain declaration, overridden by `over`. */
export function tool(name: string, over: Partial<Omit<CatalogTool, 'annotations'>> & { annotations?: Record<string, unknown> } = {}): CatalogTool {
  const { annotations, ...rest } = over
  return {
    name,
    description: 'Search the docs.',
    parameters: { type: 'object', properties: { q: { type: 'string', description: 'The query.' } }, required: ['q'] },
    output: { type: 'object', properties: { hits: { type: 'integer' } }, required: ['hits'], additionalProperties: false },
    timeoutMs: undefined,
    concurrencySafe: false,
    approval: 'never',
    ...rest,
    annotations: resolveAnnotations(annotations),
  }
}

/** A side holding these tools. */
export function catalog(...tools: CatalogTool[]): Catalog {
  return { label: 'test', kind: 'catalog', tools: new Map(tools.map((t) => [t.name, t])) }
}

/** An object parameter root of these properties (the required ones listed). */
export function params(properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), ...extra }
}

/** A closed output object of these properties. */
export function closed(properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false }
}
