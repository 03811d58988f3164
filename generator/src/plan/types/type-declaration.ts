import { constraintText } from '@toolsmith/providers'
import { escapeControlCharacters, jsonText, tsPropertyName } from '../../print/ts-literals.js'
import { isRecord, ownEntries, ownValue } from '../../print/own-entries.js'
import type { TsPart } from '../../print/typescript/lay-out-typescript.js'
import type { Comment, PropertyKey, Statement, TypeLiteral, TypeMember, TypeNode } from '../../print/typescript/ts-subset-ast.js'

/** Container levels the runtime's `InferValue` follows exactly; deeper containers infer `JsonValue`. */
export const INFERRED_CONTAINER_LEVELS = 16

/** A `<Name>Args` or `<Name>Output` declaration as the subset's tree, and whether it names `JsonValue`. */
export interface TypeDeclaration extends TsPart {
  readonly usesJsonValue: boolean
}

// The declarations are built from the DSL as the subset's tree, in the shape json-schema-to-typescript (json2ts, the
// generator of these types before) gave them, so the output stayed byte for byte what it was: a union drops members
// whose json2ts text repeats an earlier one's (an object with properties never repeats: json2ts saw each property
// under a name of its own), a typed map's index signature is widened by the declared properties' types (and
// `| undefined` for an optional one), an array's JSDoc names its items' description ("Items: ..."), `*/` in a
// description becomes `* /`. test/generator/plan/types/type-declaration.test.ts holds this to json2ts itself.

/** One DSL node, read as json2ts modelled it. */
type Shape =
  | { readonly kind: 'leaf'; readonly comment: string; readonly type: TypeNode; readonly text: string }
  | { readonly kind: 'union'; readonly comment: string; readonly members: readonly Shape[]; readonly text: string }
  | { readonly kind: 'array'; readonly comment: string; readonly items: Shape; readonly text: string }
  | {
      readonly kind: 'object'
      readonly comment: string
      readonly properties: readonly Property[]
      /** The index signature's value: `unknown` for an open object, a shape for a typed map, none when closed. */
      readonly index: Shape | 'unknown' | undefined
      readonly text: string
    }

interface Property {
  readonly name: string
  readonly required: boolean
  readonly shape: Shape
}

const JSON_VALUE = /\bJsonValue\b/
const LINE_SEPARATORS = /[\u2028\u2029]/g

/** Text as it reaches the module: line separators and control characters escaped (in literals and comments alike). */
function escaped(text: string): string {
  return escapeControlCharacters(text.replace(LINE_SEPARATORS, (char) => (char === '\u2028' ? '\\u2028' : '\\u2029')))
}

function leaf(type: TypeNode, text: string, comment: string): Shape {
  return { kind: 'leaf', comment, type, text }
}

const keyword = (name: string): TypeNode => ({ kind: 'keyword', name })

function literalShape(value: unknown): Shape {
  if (value === null) return leaf(keyword('null'), 'null', '')
  if (typeof value === 'boolean') return leaf({ kind: 'literal', literal: { kind: 'boolean', value } }, String(value), '')
  if (typeof value === 'number') {
    const raw = JSON.stringify(Math.abs(value))
    return leaf({ kind: 'literal', literal: { kind: 'number', raw, negative: value < 0 } }, JSON.stringify(value), '')
  }
  const text = JSON.stringify(value)
  return leaf({ kind: 'literal', literal: { kind: 'string', raw: escaped(jsonText(value)), value: String(value) } }, text, '')
}

function unionText(members: readonly Shape[]): string {
  if (members.length === 0) return 'never'
  return members.length === 1 ? (members[0] as Shape).text : `(${members.map((member) => member.text).join(' | ')})`
}

/** Members with the json2ts text of an earlier one dropped. */
function distinct(members: readonly Shape[]): Shape[] {
  const seen = new Set<string>()
  return members.filter((member) => !seen.has(member.text) && seen.add(member.text))
}

/** An anonymous union's members, nested unions flattened (what json2ts widens an index signature from). */
function flattened(shape: Shape): Shape[] {
  return shape.kind === 'union' ? shape.members.flatMap(flattened) : [shape]
}

/** The JSDoc text json2ts writes above a member or declaration holding `shape`. */
function commentOf(shape: Shape): string {
  if (shape.kind !== 'array') return shape.comment
  const { items } = shape
  const itemsComment = items.kind === 'array' ? '' : items.comment
  if (itemsComment === '' || /(^|\s)@\w/.test(itemsComment)) return shape.comment
  return shape.comment === '' ? `Items: ${itemsComment}` : `${shape.comment}\n\nItems: ${itemsComment}`
}

function jsdocText(comment: string): string {
  return ['/**', ...comment.split('\n').map((line) => ` * ${line}`), ' */'].join('\n')
}

/** The index signature's value: a typed map's widened by the declared properties' types (json2ts's widening). */
function indexMembers(index: Shape, properties: readonly Property[]): Shape[] | undefined {
  const members = flattened(index)
  let optional = false
  for (const property of properties) {
    if (!property.required) optional = true
    members.push(...flattened(property.shape))
  }
  if (members.length <= 1 && !optional) return undefined
  const widened = distinct(members)
  return optional && !widened.some((member) => member.text === 'undefined') ? [...widened, UNDEFINED] : widened
}

const UNDEFINED = leaf(keyword('undefined'), 'undefined', '')

/** Builds the shapes of one declaration: each property gets a name of its own, as json2ts's did. */
class ShapeReader {
  #properties = 0

  /** One DSL node; `level` counts the containers entered above it. */
  node(spec: unknown, level: number): Shape {
    if (!isRecord(spec)) return leaf(JSON_VALUE_TYPE, 'JsonValue', '')
    const description = ownValue(spec, 'description')
    const bounds = constraintText(spec)
    const comment = [typeof description === 'string' ? description : '', bounds === '' ? '' : `Bounds: ${bounds}.`]
      .filter((part) => part !== '')
      .join('\n\n')
      .replace(/\*\//g, '* /')
    const branches = ownValue(spec, 'oneOf')
    if (Array.isArray(branches)) return this.union(branches.map((branch: unknown) => this.node(branch, level)), comment)
    const type = ownValue(spec, 'type')
    if (type === 'json') return leaf(JSON_VALUE_TYPE, 'JsonValue', comment)
    if (type === 'array' || type === 'object') {
      if (level >= INFERRED_CONTAINER_LEVELS) return leaf(JSON_VALUE_TYPE, 'JsonValue', comment)
      if (type === 'array') {
        const items = this.node(ownValue(spec, 'items'), level + 1)
        return { kind: 'array', comment, items, text: items.text.endsWith('"') ? `(${items.text})[]` : `${items.text}[]` }
      }
      const declared = ownValue(spec, 'properties')
      const map = isRecord(declared) ? declared : {}
      const extra = ownValue(spec, 'additionalProperties')
      const index = isRecord(extra) ? this.mapValue(extra, map, level + 1) : extra === true ? 'unknown' : undefined
      return this.object(this.properties(map, level + 1), index, comment)
    }
    // A `const` wins over `enum`, as in the runtime's inference.
    const members = Object.hasOwn(spec, 'const') ? [ownValue(spec, 'const')] : ownValue(spec, 'enum')
    if (Array.isArray(members) && type !== 'null') return this.union(members.map(literalShape), comment)
    const name = type === 'integer' ? 'number' : type
    if (name === 'string' || name === 'number' || name === 'boolean' || name === 'null') return leaf(keyword(name), name, comment)
    throw new TypeError(`not a DSL node type: ${String(type)}`)
  }

  union(members: readonly Shape[], comment: string): Shape {
    const kept = distinct(members)
    return { kind: 'union', comment, members: kept, text: unionText(kept) }
  }

  /**
   * The index signature of a typed map: its value spec, joined by the declared properties' types (an index
   * signature covers every key in TypeScript), as `InferValue` infers it.
   */
  mapValue(extra: object, declared: object, level: number): Shape {
    const value = this.node(extra, level)
    const others = ownEntries(declared).map(([, spec]) => ({ ...this.node(spec, level), comment: '' }) as Shape)
    return others.length === 0 ? value : this.union([value, ...others], '')
  }

  /** An object node's properties (or the parameter root's), each at `level`. */
  properties(map: object, level: number): Property[] {
    return ownEntries(map).map(([name, spec]) => ({ name, required: isRecord(spec) && ownValue(spec, 'required') === true, shape: this.node(spec, level) }))
  }

  object(properties: readonly Property[], index: Shape | 'unknown' | undefined, comment: string): Shape {
    // json2ts's text of an object with properties is unique (each property had a name of its own); without, it
    // is its index signature line.
    let text: string
    if (properties.length > 0) text = `{#${this.#properties++}}`
    else if (index === undefined) text = '{\n\n}'
    else {
      const note = index === 'unknown' ? '' : commentOf(index)
      text = `{\n${note === '' ? '' : `${jsdocText(note)}\n`}[k: string]: ${indexText(index, properties)}\n}`
    }
    return { kind: 'object', comment, properties, index, text }
  }
}

const JSON_VALUE_TYPE: TypeNode = { kind: 'reference', name: 'JsonValue', args: undefined }

function indexText(index: Shape | 'unknown', properties: readonly Property[]): string {
  if (index === 'unknown') return 'unknown'
  const widened = indexMembers(index, properties)
  return widened === undefined ? index.text : widened.map((member) => member.text).join(' | ')
}

/** Writes shapes as the subset's tree, noting whether the text names `JsonValue` (then the module imports it). */
class TypeWriter {
  usesJsonValue = false

  note(text: string): string {
    if (!this.usesJsonValue && JSON_VALUE.test(text)) this.usesJsonValue = true
    return text
  }

  type(shape: Shape): TypeNode {
    switch (shape.kind) {
      case 'leaf': {
        const { type } = shape
        if (type.kind === 'reference') this.note(type.name)
        else if (type.kind === 'literal' && type.literal.kind === 'string') this.note(type.literal.raw)
        return type
      }
      case 'union':
        return this.union(shape.members)
      case 'array':
        return { kind: 'array', element: this.type(shape.items) }
      case 'object':
        return this.typeLiteral(shape.properties, shape.index)
    }
  }

  union(members: readonly Shape[]): TypeNode {
    if (members.length === 0) return keyword('never')
    if (members.length === 1) return this.type(members[0] as Shape)
    return { kind: 'union', types: members.map((member) => this.type(member)) }
  }

  typeLiteral(properties: readonly Property[], index: Shape | 'unknown' | undefined): TypeLiteral {
    const members: TypeMember[] = properties.map((property) => ({
      kind: 'property-signature',
      key: this.key(property.name),
      optional: !property.required,
      type: this.type(property.shape),
      comments: this.comments(commentOf(property.shape), 'hardline'),
      blankLineAfter: false,
    }))
    if (index !== undefined) {
      const widened = index === 'unknown' ? undefined : indexMembers(index, properties)
      members.push({
        kind: 'index-signature',
        parameter: 'k',
        parameterType: keyword('string'),
        type: index === 'unknown' ? keyword('unknown') : widened === undefined ? this.type(index) : this.union(widened),
        comments: index === 'unknown' ? [] : this.comments(commentOf(index), 'hardline'),
        blankLineAfter: false,
      })
    }
    return { kind: 'type-literal', members, broken: members.length > 0 }
  }

  key(name: string): PropertyKey {
    const written = this.note(escaped(tsPropertyName(name)))
    return written.startsWith('"') ? { kind: 'string', raw: written, value: name } : { kind: 'identifier', name }
  }

  /** The JSDoc block for `comment` (none when empty), as the subset's tree holds a comment on its own lines. */
  comments(comment: string, after: Comment['after']): Comment[] {
    if (comment === '') return []
    const value = this.note(escaped(jsdocText(comment).slice(2, -2)))
    return [{ block: true, value, after, blankLineAfter: false, blankLineBefore: false }]
  }
}

function declaration(name: string, shape: Shape, writer: TypeWriter): TypeDeclaration {
  let statement: Statement
  if (shape.kind === 'object') {
    // The root comment opens the part (json2ts's text began with it): it is followed by a line, not a hard line.
    const comments = writer.comments(shape.comment, 'line')
    statement = { kind: 'interface', exported: true, name, body: writer.typeLiteral(shape.properties, shape.index), comments, blankLineAfter: false }
  } else {
    const comments = writer.comments(commentOf(shape), 'line')
    statement = { kind: 'type-alias', exported: true, name, type: writer.type(shape), comments, blankLineAfter: false }
  }
  return { program: { statements: [statement] }, text: undefined, usesJsonValue: writer.usesJsonValue }
}

/** `export type <name> = …` (or an interface) for a tool's output spec: the type `InferValue` infers from it. */
export function outputTypeDeclaration(spec: unknown, name: string): TypeDeclaration {
  return declaration(name, new ShapeReader().node(spec, 0), new TypeWriter())
}

/** `export interface <name> { … }` for a tool's parameter map (an open object root): the type `InferArgs` infers. */
export function argsTypeDeclaration(parameters: object, description: string, name: string): TypeDeclaration {
  const reader = new ShapeReader()
  const root = reader.object(reader.properties(parameters, 0), 'unknown', description.replace(/\*\//g, '* /'))
  return declaration(name, root, new TypeWriter())
}
