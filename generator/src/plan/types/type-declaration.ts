import { constraintText } from '@toolsmith/providers'
import { isRecord, ownEntries, ownValue } from '../../model/tool-declaration.js'
import { type Comment, docComment, propertyKey, type Statement, type TsPart, type TypeLiteral, type TypeMember, type TypeNode } from '../../model/typescript-tree.js'

/** Container levels the runtime's `InferValue` follows exactly; deeper containers infer `JsonValue`. */
export const INFERRED_CONTAINER_LEVELS = 16

/** A `<Name>Args` or `<Name>Output` declaration as the subset's tree, and whether it names `JsonValue`. */
export interface TypeDeclaration extends TsPart {
  readonly usesJsonValue: boolean
}

// The declarations reproduce json-schema-to-typescript's (json2ts, the former generator) output byte for byte, quirks
// included; type-declaration.test.ts holds this to json2ts itself. An object with properties never repeats in a
// union: json2ts saw each under a name of its own, hence `{#n}` texts.

/** One DSL node: its type, json2ts's text of it (what a union compares), its JSDoc text. */
interface Shape {
  readonly type: TypeNode
  readonly text: string
  readonly comment: string
  /** A union's members, kept for an index signature's widening (which flattens unions). */
  readonly members?: readonly Shape[]
  /** An array's items, whose description the array's JSDoc names. */
  readonly items?: Shape
}

interface Property {
  readonly name: string
  readonly required: boolean
  readonly shape: Shape
}

type Index = Shape | 'unknown' | undefined

// Whether the written text names `JsonValue` (then it is imported): a character escaped before the name ends in a
// letter or digit as written, so the name is not a word of its own there.
const JSON_VALUE = /\bJsonValue\b/
const JSON_VALUE_IN_STRING = /(?<![\w\u0000-\u001F\u007F-\u009F\u2028\u2029])JsonValue\b/
const JSON_VALUE_IN_COMMENT = /(?<![\w\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029])JsonValue\b/
const keyword = (name: string): TypeNode => ({ kind: 'keyword', name })
const JSON_VALUE_TYPE: TypeNode = { kind: 'reference', name: 'JsonValue', args: undefined }
const UNDEFINED: Shape = { type: keyword('undefined'), text: 'undefined', comment: '' }

function literal(value: unknown): Shape {
  if (value === null) return { type: keyword('null'), text: 'null', comment: '' }
  const text = JSON.stringify(value)
  if (typeof value === 'boolean') return { type: { kind: 'literal', literal: { kind: 'boolean', value } }, text, comment: '' }
  if (typeof value === 'number') {
    return { type: { kind: 'literal', literal: { kind: 'number', raw: JSON.stringify(Math.abs(value)), negative: value < 0 } }, text, comment: '' }
  }
  return { type: { kind: 'literal', literal: { kind: 'string', value: String(value) } }, text, comment: '' }
}

/** `members` with any whose json2ts text repeats an earlier one's dropped, as one type. */
function union(members: readonly Shape[], comment: string): Shape {
  const seen = new Set<string>()
  const kept = members.filter((member) => !seen.has(member.text) && seen.add(member.text))
  const only = kept.length === 1 ? (kept[0] as Shape) : undefined
  if (kept.length === 0) return { type: keyword('never'), text: 'never', comment, members: kept }
  const text = only?.text ?? `(${kept.map((member) => member.text).join(' | ')})`
  return { type: only?.type ?? { kind: 'union', types: kept.map((member) => member.type) }, text, comment, members: kept }
}

/** The JSDoc text json2ts writes above a member or declaration holding `shape`. */
function commentOf(shape: Shape): string {
  const items = shape.items?.items === undefined ? shape.items?.comment : undefined
  if (items === undefined || items === '' || /(^|\s)@\w/.test(items)) return shape.comment
  return shape.comment === '' ? `Items: ${items}` : `${shape.comment}\n\nItems: ${items}`
}

function jsdocText(comment: string): string {
  return ['/**', ...comment.split('\n').map((line) => ` * ${line}`), ' */'].join('\n')
}

/** The JSDoc block for `comment` (none when empty), on its own lines. */
function comments(comment: string, after: Comment['after']): Comment[] {
  if (comment === '') return []
  return [docComment(comment, 'lines', after)]
}

/** A typed map's index signature widened by the declared properties' types, or `undefined` when it stays as it is. */
function widened(index: Shape, properties: readonly Property[]): Shape | undefined {
  const flat = (shape: Shape): Shape[] => shape.members?.flatMap(flat) ?? [shape]
  const members = [index, ...properties.map((property) => property.shape)].flatMap(flat)
  const optional = properties.some((property) => !property.required)
  if (members.length <= 1 && !optional) return undefined
  const kept = union(members, '').members ?? []
  const all = optional && !kept.some((member) => member.text === 'undefined') ? [...kept, UNDEFINED] : kept
  const type: TypeNode = all.length === 1 ? (all[0] as Shape).type : { kind: 'union', types: all.map((member) => member.type) }
  return { type, text: all.map((member) => member.text).join(' | '), comment: '' }
}

function typeLiteral(properties: readonly Property[], index: Index): TypeLiteral {
  const members: TypeMember[] = properties.map(({ name, required, shape }) => ({
    kind: 'property-signature',
    key: propertyKey(name),
    optional: !required,
    type: shape.type,
    comments: comments(commentOf(shape), 'hardline'),
    blankLineAfter: false,
  }))
  if (index !== undefined) {
    const type = index === 'unknown' ? keyword('unknown') : (widened(index, properties) ?? index).type
    const notes = index === 'unknown' ? [] : comments(commentOf(index), 'hardline')
    members.push({ kind: 'index-signature', parameter: 'k', parameterType: keyword('string'), type, comments: notes, blankLineAfter: false })
  }
  return { kind: 'type-literal', members, broken: members.length > 0 }
}

/** Reads the DSL nodes of one declaration; each object with properties gets a text of its own, as in json2ts. */
class ShapeReader {
  #objects = 0

  /** One DSL node; `level` counts the containers entered above it. */
  node(spec: unknown, level: number): Shape {
    if (!isRecord(spec)) return { type: JSON_VALUE_TYPE, text: 'JsonValue', comment: '' }
    const description = ownValue(spec, 'description')
    const bounds = constraintText(spec)
    const comment = [typeof description === 'string' ? description : '', bounds === '' ? '' : `Bounds: ${bounds}.`]
      .filter((part) => part !== '')
      .join('\n\n')
      .replace(/\*\//g, '* /')
    const branches = ownValue(spec, 'oneOf')
    if (Array.isArray(branches)) return union(branches.map((branch: unknown) => this.node(branch, level)), comment)
    const type = ownValue(spec, 'type')
    const container = type === 'array' || type === 'object'
    if (type === 'json' || (container && level >= INFERRED_CONTAINER_LEVELS)) return { type: JSON_VALUE_TYPE, text: 'JsonValue', comment }
    if (type === 'array') {
      const items = this.node(ownValue(spec, 'items'), level + 1)
      return { type: { kind: 'array', element: items.type }, text: items.text.endsWith('"') ? `(${items.text})[]` : `${items.text}[]`, comment, items }
    }
    if (type === 'object') {
      const declared = ownValue(spec, 'properties')
      const map = isRecord(declared) ? declared : {}
      const extra = ownValue(spec, 'additionalProperties')
      // A typed map's values, joined by the declared properties' types (an index signature covers every key).
      const others = () => ownEntries(map).map(([, property]) => ({ ...this.node(property, level + 1), comment: '' }))
      const value = isRecord(extra) ? this.node(extra, level + 1) : undefined
      const index = value === undefined ? (extra === true ? 'unknown' : undefined) : ownEntries(map).length > 0 ? union([value, ...others()], '') : value
      return this.object(this.properties(map, level + 1), index, comment)
    }
    // A `const` wins over `enum`, as in the runtime's inference.
    const members = Object.hasOwn(spec, 'const') ? [ownValue(spec, 'const')] : ownValue(spec, 'enum')
    if (Array.isArray(members) && type !== 'null') return union(members.map(literal), comment)
    const name = type === 'integer' ? 'number' : type
    if (name === 'string' || name === 'number' || name === 'boolean' || name === 'null') return { type: keyword(name), text: name, comment }
    throw new TypeError(`not a DSL node type: ${String(type)}`)
  }

  /** An object node's properties (or the parameter root's), each at `level`. */
  properties(map: object, level: number): Property[] {
    return ownEntries(map).map(([name, spec]) => ({ name, required: isRecord(spec) && ownValue(spec, 'required') === true, shape: this.node(spec, level) }))
  }

  object(properties: readonly Property[], index: Index, comment: string): Shape & { readonly body: TypeLiteral } {
    const body = typeLiteral(properties, index)
    let text = `{#${this.#objects++}}`
    if (properties.length === 0) {
      const note = index === undefined || index === 'unknown' ? '' : commentOf(index)
      const type = index === undefined ? undefined : index === 'unknown' ? 'unknown' : (widened(index, properties) ?? index).text
      text = type === undefined ? '{\n\n}' : `{\n${note === '' ? '' : `${jsdocText(note)}\n`}[k: string]: ${type}\n}`
    }
    return { type: body, text, comment, body }
  }
}

/** Whether the written text of `node` names `JsonValue` anywhere (a type, a key, a literal, a comment). */
function namesJsonValue(node: TypeNode): boolean {
  switch (node.kind) {
    case 'reference':
      return JSON_VALUE.test(node.name)
    case 'literal':
      return node.literal.kind === 'string' && JSON_VALUE_IN_STRING.test(node.literal.value)
    case 'array':
      return namesJsonValue(node.element)
    case 'union':
      return node.types.some(namesJsonValue)
    case 'type-literal':
      return node.members.some(
        (member) =>
          member.comments.some(namesJsonValueInComment) ||
          (member.kind === 'property-signature' && (member.key.kind === 'string' ? JSON_VALUE_IN_STRING.test(member.key.value) : JSON_VALUE.test(member.key.name))) ||
          namesJsonValue(member.type),
      )
    default:
      return false
  }
}

function namesJsonValueInComment(comment: Comment): boolean {
  return 'doc' in comment && JSON_VALUE_IN_COMMENT.test(comment.doc)
}

function declaration(name: string, shape: Shape & { readonly body?: TypeLiteral }): TypeDeclaration {
  // The root comment opens the part: followed by a line (a hard one for members), as prettier read json2ts's text.
  const root = comments(shape.body === undefined ? commentOf(shape) : shape.comment, 'line')
  const statement: Statement =
    shape.body === undefined
      ? { kind: 'type-alias', exported: true, name, type: shape.type, comments: root, blankLineAfter: false }
      : { kind: 'interface', exported: true, name, body: shape.body, comments: root, blankLineAfter: false }
  const usesJsonValue = root.some(namesJsonValueInComment) || namesJsonValue(shape.type)
  return { program: { statements: [statement] }, text: undefined, usesJsonValue }
}

/** `export type <name> = …` (an interface for an object) for a tool's output spec: the type `InferValue` infers. */
export function outputTypeDeclaration(spec: unknown, name: string): TypeDeclaration {
  return declaration(name, new ShapeReader().node(spec, 0))
}

/** `export interface <name> { … }` for a tool's parameter map (an open object root): the type `InferArgs` infers. */
export function argsTypeDeclaration(parameters: object, description: string, name: string): TypeDeclaration {
  const reader = new ShapeReader()
  return declaration(name, reader.object(reader.properties(parameters, 0), 'unknown', description.replace(/\*\//g, '* /')))
}
