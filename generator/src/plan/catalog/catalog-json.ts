import {
  type ParameterSchemaSpec,
  parameterSchemaSpecToJsonSchema,
  resolveToolAnnotations,
  type ValueSchemaSpec,
  valueSchemaSpecToJsonSchema,
} from '@toolsmith/runtime'
import type { ToolDeclaration } from '../../model/tool-declaration.js'

// A declaration holds its specs as plain JSON; the loader checked them with the runtime's own rules, and the
// compilers below check them once more at run time (throwing on any violation), so the static type is only a label.
function asSpec<T>(spec: object): T {
  return spec as T
}

/**
 * The value of `catalog.json`: per tool (sorted by name) the model-facing `name`, `description` and `parameters`
 * (the runtime's compiled JSON Schema, so exactly what a model is sent), the compiled `output` schema, `timeoutMs`
 * (`null` when none), `concurrencySafe`, the `annotations` with MCP's defaults applied and the `approval` (`never`
 * when not declared), always in this key order. The compiled schemas keep an own
 * `__proto__` property as data and `JSON.stringify` writes own keys only, so such a key stays a real property.
 * Throws the runtime's `JsonSchemaError` for a spec the loader should have rejected.
 */
export function catalogJson(sorted: readonly ToolDeclaration[]): { readonly tools: readonly object[] } {
  const tools = sorted.map((declaration) => ({
    name: declaration.name,
    description: declaration.description,
    parameters: parameterSchemaSpecToJsonSchema(asSpec<ParameterSchemaSpec>(declaration.parameters)),
    output: valueSchemaSpecToJsonSchema(asSpec<ValueSchemaSpec>(declaration.output)),
    timeoutMs: declaration.timeoutMs ?? null,
    concurrencySafe: declaration.concurrencySafe === true,
    annotations: resolveToolAnnotations(declaration.annotations),
    approval: declaration.approval ?? 'never',
  }))
  return { tools }
}
