// The syntax tree of the TypeScript subset that print/typescript/ lays out as prettier 3 does. Where prettier's layout
// depends on how the source was written (a kept blank line, a broken object), a flag says so: printers never read text.

/** Where a comment stands and the blank lines prettier keeps around it. */
interface CommentPlacement {
  /** What follows a leading block comment: a line break, a line that breaks with its group, or a space. */
  readonly after: 'hardline' | 'line' | 'space'
  readonly blankLineAfter: boolean
  readonly blankLineBefore: boolean
}

/** A comment as written: `//` (line) or `/* *\/` (block); `value` is the text between the delimiters. */
export interface WrittenComment extends CommentPlacement {
  readonly block: boolean
  readonly value: string
}

/** A JSDoc holding any text `doc`, written safely; `fit` keeps one line on one line, `lines` is json2ts's style. */
export interface DocComment extends CommentPlacement {
  readonly block: true
  readonly doc: string
  readonly style: 'fit' | 'lines'
}

/** A comment on its own lines: as written (parsed, or fixed text of an emitter) or a JSDoc text the printer writes. */
export type Comment = WrittenComment | DocComment

/** Comments written on their own lines before a statement or member (the only place the subset allows them). */
export interface Commented {
  readonly comments: readonly Comment[]
}

/** A statement or member followed by a blank line (prettier keeps one). */
export interface Spaced {
  readonly blankLineAfter: boolean
}

/** A string literal's value, and its source text (`raw`, quotes included) where it was read from text. */
export interface StringLiteral {
  readonly kind: 'string'
  readonly value: string
  readonly raw?: string
}

export type PropertyKey = { readonly kind: 'identifier'; readonly name: string } | StringLiteral

export type TypeNode =
  | { readonly kind: 'keyword'; readonly name: string }
  | { readonly kind: 'reference'; readonly name: string; readonly args: readonly TypeNode[] | undefined }
  | { readonly kind: 'literal'; readonly literal: LiteralValue }
  | { readonly kind: 'array'; readonly element: TypeNode }
  | { readonly kind: 'union'; readonly types: readonly TypeNode[] }
  | { readonly kind: 'intersection'; readonly types: readonly TypeNode[] }
  | { readonly kind: 'type-query'; readonly name: string }
  | { readonly kind: 'tuple'; readonly elements: readonly TypeNode[] }
  | { readonly kind: 'readonly'; readonly type: TypeNode }
  | TypeLiteral

/** `{ ... }` in a type (also an interface body). */
export interface TypeLiteral {
  readonly kind: 'type-literal'
  readonly members: readonly TypeMember[]
  /** A line break between `{` and the first member (prettier's objectWrap `preserve` keeps the literal broken). */
  readonly broken: boolean
}

export type TypeMember =
  | (Commented &
      Spaced & { readonly kind: 'property-signature'; readonly readonly?: boolean; readonly key: PropertyKey; readonly optional: boolean; readonly type: TypeNode })
  | (Commented &
      Spaced & { readonly kind: 'index-signature'; readonly readonly?: boolean; readonly parameter: string; readonly parameterType: TypeNode; readonly type: TypeNode })

/** A type parameter of a function: `const C extends string`. */
export interface TypeParameter {
  readonly const: boolean
  readonly name: string
  readonly constraint: TypeNode | undefined
}

export interface Parameter {
  readonly name: string
  readonly type: TypeNode | undefined
}

/** A literal: strings (see `StringLiteral`; prettier re-quotes them), numbers their digits, `-1` its sign. */
export type LiteralValue =
  | StringLiteral
  | { readonly kind: 'number'; readonly raw: string; readonly negative: boolean }
  | { readonly kind: 'boolean'; readonly value: boolean }

export type Expression =
  | { readonly kind: 'identifier'; readonly name: string }
  | { readonly kind: 'literal'; readonly literal: LiteralValue }
  | { readonly kind: 'null' }
  | ObjectExpression
  | { readonly kind: 'as-const'; readonly expression: Expression }
  | { readonly kind: 'as' | 'satisfies'; readonly expression: Expression; readonly type: TypeNode }
  | { readonly kind: 'not'; readonly argument: Expression }
  | { readonly kind: 'member'; readonly object: Expression; readonly property: string }
  | { readonly kind: 'array'; readonly elements: readonly Expression[] }
  | {
      readonly kind: 'call'
      readonly isNew: boolean
      readonly callee: Expression
      /** Plain type names only (`defineTypedTool<GrepArgs, GrepOutput>(…)`); empty when none. */
      readonly typeArgs: readonly string[]
      readonly args: readonly Expression[]
    }
  | ArrowFunction
  | OpaqueExpression

/** `<T extends U>(parameter: T): R => body`, an arrow function with an expression body. */
export interface ArrowFunction {
  readonly kind: 'arrow'
  readonly async: boolean
  readonly typeParameters: readonly TypeParameter[]
  readonly parameters: readonly Parameter[]
  readonly returnType: TypeNode | undefined
  readonly body: Expression
}

/** An expression the printers do not mirror (an arrow function): its layout is asked of prettier itself, in context. */
export interface OpaqueExpression {
  readonly kind: 'opaque'
  readonly text: string
  /** The source text of the whole `key: value` member holding it (what a probe lays out). */
  readonly memberText: string
}

/** `{ ... }` as a value. */
export interface ObjectExpression {
  readonly kind: 'object'
  readonly members: readonly ObjectMember[]
  /** `//` comments on their own lines after the last member (prettier attaches them to it, as trailing comments). */
  readonly trailingComments: readonly Comment[]
  /** See `TypeLiteral.broken`. */
  readonly broken: boolean
}

export type ObjectMember =
  | (Commented & Spaced & { readonly kind: 'property'; readonly key: PropertyKey; readonly value: Expression })
  | (Commented & Spaced & { readonly kind: 'spread'; readonly argument: string })
  | (Commented & Spaced & { readonly kind: 'shorthand'; readonly name: string })
  | MethodMember

/** `async name(parameter: Type): ReturnType { statements }` in an object literal. */
export interface MethodMember extends Commented, Spaced {
  readonly kind: 'method'
  readonly async: boolean
  readonly key: PropertyKey
  readonly parameters: readonly Parameter[]
  readonly returnType: TypeNode | undefined
  readonly body: readonly Statement[]
}

/** A statement in the subset, with the comments written above it. */
export type Statement = Commented &
  Spaced &
  (
    | {
        readonly kind: 'import'
        readonly typeOnly: boolean
        readonly defaultName: string | undefined
        readonly specifiers: readonly { readonly name: string; readonly alias?: string; readonly typeOnly: boolean }[]
        readonly braces: boolean
        readonly source: StringLiteral
      }
    | { readonly kind: 'export-names'; readonly names: readonly string[] }
    | { readonly kind: 'const'; readonly exported: boolean; readonly name: string; readonly type?: TypeNode; readonly init: Expression }
    | {
        readonly kind: 'function'
        readonly exported: boolean
        readonly name: string
        readonly parameters: readonly Parameter[]
        readonly returnType: TypeNode | undefined
        readonly body: readonly Statement[]
      }
    /** `if (test) consequent` with a consequent that is not a block. */
    | { readonly kind: 'if'; readonly test: Expression; readonly consequent: Statement }
    | { readonly kind: 'return'; readonly argument: Expression | undefined }
    | { readonly kind: 'interface'; readonly exported: boolean; readonly name: string; readonly body: TypeLiteral }
    | { readonly kind: 'type-alias'; readonly exported: boolean; readonly name: string; readonly type: TypeNode }
    | { readonly kind: 'export-default'; readonly expression: Expression }
    | { readonly kind: 'throw'; readonly argument: Expression }
    /** `const name = <JSON> as const satisfies T`, one node per line (small YAML diffs), under `// prettier-ignore`. */
    | { readonly kind: 'spec'; readonly exported: boolean; readonly name: string; readonly value: unknown; readonly satisfies: string }
  )

/** A whole source in the subset. */
export interface Program {
  readonly statements: readonly Statement[]
}

/** A statement's own fields, without the comments above it and the blank line after it. */
export type StatementBody = Statement extends infer S ? (S extends Statement ? Omit<S, 'blankLineAfter' | 'comments'> : never) : never

/** `body` as a statement, with comments (source text, `//` or `/*`) above it and maybe a blank line after it. */
export function statement(body: StatementBody, comments: readonly string[] = [], blankLineAfter = false): Statement {
  return { ...body, comments: comments.map(leadingComment), blankLineAfter } as Statement
}

/** A comment (`// text` or `/* text *\/`, fixed source text) placed on the line(s) above what follows it. */
export function leadingComment(text: string): Comment {
  const block = text.startsWith('/*')
  return { block, value: block ? text.slice(2, -2) : text.slice(2), after: 'hardline', blankLineAfter: false, blankLineBefore: false }
}

/** A JSDoc comment holding `doc` (see `DocComment`) above what follows it. */
export function docComment(doc: string, style: DocComment['style'] = 'fit', after: Comment['after'] = 'hardline'): DocComment {
  return { block: true, doc, style, after, blankLineAfter: false, blankLineBefore: false }
}

export function identifier(name: string): Expression {
  return { kind: 'identifier', name }
}

export function stringLiteral(value: string): StringLiteral {
  return { kind: 'string', value }
}

export function stringExpression(value: string): Expression {
  return { kind: 'literal', literal: stringLiteral(value) }
}

/** A property key naming `name`: plain when it is an identifier name, else quoted. */
export function propertyKey(name: string): PropertyKey {
  return isIdentifierName(name) ? { kind: 'identifier', name } : stringLiteral(name)
}

/** `key: value` in an object literal, `key` an identifier name. */
export function property(key: string, value: Expression): ObjectMember {
  return { kind: 'property', key: { kind: 'identifier', name: key }, value, comments: [], blankLineAfter: false }
}

export function typeReference(name: string, args?: readonly TypeNode[]): TypeNode {
  return { kind: 'reference', name, args }
}

/** A piece of a TypeScript file: its tree (absent outside the subset) and, unless toolsmith wrote it, its text. */
export interface TsPart {
  readonly program: Program | undefined
  readonly text: string | undefined
}

// ASCII only: quoting any other key is always safe.
const IDENTIFIER_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Whether `text` can be written unquoted as a property name (reserved words are fine as property names). */
export function isIdentifierName(text: string): boolean {
  return IDENTIFIER_NAME.test(text)
}
