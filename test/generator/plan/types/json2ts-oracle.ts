import { constraintText } from '@toolsmith/providers'
import { compile } from 'json-schema-to-typescript'
import { isIdentifierName } from '../../../../generator/src/model/typescript-tree.js'
import { escapeControlCharacters } from '../../../../generator/src/print/typescript/literals.js'
import { isRecord, jsonText, ownEntries, ownValue } from '../../../../generator/src/model/tool-declaration.js'
import { INFERRED_CONTAINER_LEVELS } from '../../../../generator/src/plan/types/type-declaration.js'

// The test oracle for the generated types: how they were made before they were built from the DSL directly. Each DSL
// node became a JSON Schema for json-schema-to-typescript (json2ts) with every property name replaced by a placeholder
// (names like `__proto__` break json2ts), json2ts wrote the declaration, and the real names were put back and
// line separators and control characters escaped. Kept here verbatim so the tests compare against json2ts itself.

const JSON2TS_OPTIONS = {
  bannerComment: '',
  format: false,
  additionalProperties: false,
  declareExternallyReferenced: true,
  strictIndexSignatures: false,
  unknownAny: true,
  ignoreMinAndMaxItems: true,
} as const

interface TypeSchema {
  readonly schema: { readonly [key: string]: unknown }
  readonly keys: readonly string[]
  readonly placeholder: RegExp
}

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

  node(spec: unknown, level: number): { [key: string]: unknown } {
    if (!isRecord(spec)) return { tsType: 'JsonValue' }
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
    const constant = Object.hasOwn(spec, 'const') ? { const: ownValue(spec, 'const') } : undefined
    const members = ownValue(spec, 'enum')
    const narrowed = constant ?? (Array.isArray(members) ? { enum: members } : {})
    return annotated({ type, ...narrowed })
  }

  mapValue(extra: object, declared: object, level: number): { [key: string]: unknown } {
    const value = this.node(extra, level)
    const others = ownEntries(declared).map(([, spec]) => {
      const { description: _description, ...bare } = this.node(spec, level)
      return bare
    })
    return others.length === 0 ? value : { anyOf: [value, ...others] }
  }

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

function finish(builder: TypeSchemaBuilder, schema: { [key: string]: unknown }): TypeSchema {
  return { schema, keys: builder.keys, placeholder: new RegExp(`${builder.prefix}(\\d+)_`, 'g') }
}

const LINE_SEPARATORS = /[\u2028\u2029]/g

// A property name as json2ts writes it in a type: plain when an identifier, else a string literal.
const propertyName = (key: string): string => (isIdentifierName(key) ? key : jsonText(key))

async function compileType(typeSchema: TypeSchema, name: string): Promise<string> {
  const source = await compile(typeSchema.schema, name, JSON2TS_OPTIONS)
  return escapeControlCharacters(
    source
      .replace(typeSchema.placeholder, (_match, index: string) => propertyName(typeSchema.keys[Number(index)] ?? ''))
      .replace(LINE_SEPARATORS, (char) => (char === '\u2028' ? '\\u2028' : '\\u2029'))
      .trim(),
  )
}

/** json2ts's declaration of `<name>` for a tool's output spec (names put back, escaped), as the generator had it. */
export function json2tsOutputType(spec: unknown, name: string): Promise<string> {
  const builder = new TypeSchemaBuilder(placeholderPrefix(JSON.stringify(spec) ?? ''))
  return compileType(finish(builder, builder.node(spec, 0)), name)
}

/** json2ts's declaration of `<name>` for a tool's parameter map, as the generator had it. */
export function json2tsArgsType(parameters: object, description: string, name: string): Promise<string> {
  const builder = new TypeSchemaBuilder(placeholderPrefix(`${JSON.stringify(parameters) ?? ''}\n${description}`))
  return compileType(finish(builder, { ...builder.properties(parameters, 0), additionalProperties: true, description }), name)
}
