// What a connection's agent sees, as the runtime describes it. Temporary: this reads the runtime's
// definitions directly until `describe()` lands from issue-14 (the pinned contract), then it becomes
// one call to `view.describe()`.
import type { JsonSchemaNode, ObjectJsonSchema, ToolRuntime } from '@toolsmith/runtime'

/** The annotations every described tool carries, MCP defaults applied. */
export interface ResolvedAnnotations {
  readonly title?: string
  readonly readOnly: boolean
  readonly destructive: boolean
  readonly idempotent: boolean
  readonly openWorld: boolean
}

/** One tool as a connection sees it: the pinned `ToolDescription` shape. */
export interface DescribedTool {
  readonly name: string
  readonly description: string
  readonly parameters: ObjectJsonSchema
  readonly output: JsonSchemaNode
  readonly annotations: ResolvedAnnotations
  readonly approval: 'never' | 'always'
}

interface DeclaredMetadata {
  readonly annotations?: Partial<ResolvedAnnotations>
  readonly approval?: 'never' | 'always'
}

/** Every tool `view` sees, sorted by name like `schemas()`, with output schema and resolved annotations. */
export function describeTools(view: ToolRuntime): DescribedTool[] {
  const described = (view as { describe?: () => DescribedTool[] }).describe
  if (typeof described === 'function') return described.call(view)
  const out: DescribedTool[] = []
  for (const schema of view.schemas()) {
    const definition = view.get(schema.name)
    if (definition === undefined) continue
    const declared = definition as DeclaredMetadata
    const annotations = declared.annotations ?? {}
    out.push({
      ...schema,
      output: structuredClone(definition.output.schema),
      annotations: {
        ...(annotations.title === undefined ? {} : { title: annotations.title }),
        readOnly: annotations.readOnly ?? false,
        destructive: annotations.destructive ?? true,
        idempotent: annotations.idempotent ?? false,
        openWorld: annotations.openWorld ?? true,
      },
      approval: declared.approval ?? 'never',
    })
  }
  return out
}
