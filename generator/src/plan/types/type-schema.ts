import { constraintText } from '@toolsmith/providers'
import { isRecord, ownEntries, ownValue } from '../../print/own-entries.js'

/** Container levels the runtime's `InferValue` follows exactly; deeper containers infer `JsonValue`. */
export const INFERRED_CONTAINER_LEVELS = 16

/** A JSON Schema for json-schema-to-typescript, with every property name replaced by a placeholder. */
export interface TypeSchema {
  readonly schema: { readonly [key: string]: unknown }
  /** The real property names, by placeholder index. */
  readonly keys: readonly string[]
  /** Matches a placeholder in json2ts output; group 1 is its index in `keys`. */
  readonly placeholder: RegExp
}

// Property names never reach json2ts: names like `hasOwnProperty` or `__proto__` break it (it calls methods on
// the `properties` object), so each becomes `<prefix><index>_` and is put back in its output. The prefix is one
// that occurs nowhere in the declaration's text, so nothing else in the output can look like a placeholder.
function placeholderPrefix(text: string): string {
  let prefix = '__k'
  while (text.includes(prefix)) prefix += 'k'
  return prefix
}

class TypeSchemaBuilder {
  readonly keys: string[] = []
  constructor(readonly prefix: string) {}

  key(name: string): string {
    this.keys.push(name)
    return `${this.prefix}${this.keys.length - 1}_`
  }

  /** One DSL node; `level` counts the containers entered above it. */
  node(spec: unknown, level: number): { [key: string]: unknown } {
    if (!isRecord(spec)) return { tsType: 'JsonValue' }
    // The JSDoc json2ts writes from `description` states the node's bounds too (validation enforces them).
    const annotated = (schema: { [key: string]: unknown }): { [key: string]: unknown } => {
      const description = ownValue(spec, 'description')
      const bounds = constraintText(spec)
      const text = [typeof description === 'string' ? description : '', bounds === '' ? '' : `Bounds: ${bounds}.`].filter((part) => part !== '').join('\n\n')
      return text === '' ? schema : { ...schema, description: text }
    }
    const branches = ownValue(spec, 'oneOf')
    if (Array.isArray(branches)) return annotated({ oneOf: branches.map((branch: unknown) => this.node(branch, level)) })
    const type = ownValue(spec, 'type')
    if (type === 'json') return annotated({ tsType: 'JsonValue' })
    if (type === 'array' || type === 'object') {
      if (level >= INFERRED_CONTAINER_LEVELS) return annotated({ tsType: 'JsonValue' })
      if (type === 'array') return annotated({ type, items: this.node(ownValue(spec, 'items'), level + 1) })
      const properties = ownValue(spec, 'properties')
      const declared = isRecord(properties) ? properties : {}
      const extra = ownValue(spec, 'additionalProperties')
      return annotated({
        ...this.properties(declared, level + 1),
        additionalProperties: isRecord(extra) ? this.mapValue(extra, declared, level + 1) : extra === true,
      })
    }
    // A `const` wins over `enum`, as in the runtime's inference.
    const constant = Object.hasOwn(spec, 'const') ? { const: ownValue(spec, 'const') } : undefined
    const members = ownValue(spec, 'enum')
    const narrowed = constant ?? (Array.isArray(members) ? { enum: members } : {})
    return annotated({ type, ...narrowed })
  }

  /**
   * The index signature of a typed map: its value spec, joined by the declared properties' types (an index
   * signature covers every key in TypeScript), as `InferValue` infers it.
   */
  mapValue(extra: object, declared: object, level: number): { [key: string]: unknown } {
    const value = this.node(extra, level)
    const others = ownEntries(declared).map(([, spec]) => {
      const { description: _description, ...bare } = this.node(spec, level)
      return bare
    })
    return others.length === 0 ? value : { anyOf: [value, ...others] }
  }

  /** An object node's properties (or the parameter root's), each at `level`. */
  properties(map: object, level: number): { [key: string]: unknown } {
    const properties: { [key: string]: unknown } = {}
    const required: string[] = []
    for (const [name, spec] of ownEntries(map)) {
      const placeholder = this.key(name)
      properties[placeholder] = this.node(spec, level)
      if (isRecord(spec) && ownValue(spec, 'required') === true) required.push(placeholder)
    }
    return { type: 'object', properties, required }
  }
}

/** The json2ts input for a tool's output spec: types equal to `InferValue` of the spec. */
export function valueTypeSchema(spec: unknown): TypeSchema {
  const builder = new TypeSchemaBuilder(placeholderPrefix(JSON.stringify(spec) ?? ''))
  return finish(builder, builder.node(spec, 0))
}

/** The json2ts input for a tool's parameter map (an open object root, not a level): types equal to `InferArgs`. */
export function parametersTypeSchema(parameters: object, description: string): TypeSchema {
  const builder = new TypeSchemaBuilder(placeholderPrefix(`${JSON.stringify(parameters) ?? ''}\n${description}`))
  return finish(builder, { ...builder.properties(parameters, 0), additionalProperties: true, description })
}

function finish(builder: TypeSchemaBuilder, schema: { [key: string]: unknown }): TypeSchema {
  return { schema, keys: builder.keys, placeholder: new RegExp(`${builder.prefix}(\\d+)_`, 'g') }
}
