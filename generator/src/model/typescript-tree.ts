// The syntax tree of the TypeScript subset: the model of a generated TypeScript file, which print/typescript/ lays out
// as prettier 3 does. Emitters build it from their model (the generated modules and their types, the index, the
// result-view reader, stubs from the shipped template); the subset reader in print/ builds it from text toolsmith does
// not write itself (stubs rendered from a project's template). Where prettier's layout depends on how the source was
// written (a blank line kept, an object kept broken, where a comment stands), the node says so in a flag, so the
// printers never read text. Values the emitters put in the tree (a string, a JSDoc text, a declaration's JSON) are
// carried as values: the printers write their literals, safely, in the file's layout.

/** Where a comment stands and what prettier keeps around it. */
interface CommentPlacement {
  /** What follows a leading block comment: a line break, a line that breaks with its group, or a space. */
  readonly after: 'hardline' | 'line' | 'space'
  /** A blank line follows it (prettier keeps one). */
  readonly blankLineAfter: boolean
  /** A blank line precedes it (kept before a comment that trails an object's last member). */
  readonly blankLineBefore: boolean
}

/** A comment as written: `//` (line) or `/* *\/` (block); `value` is the text between the delimiters. */
export interface WrittenComment extends CommentPlacement {
  readonly block: boolean
  readonly value: string
}

/**
 * A JSDoc comment holding `doc`, any text: the printer writes it safely (a `*\/` cannot close it, no line separator
 * or control character is written raw). `fit`: a one-line text stays `/** text *\/`, lines are trimmed at their end;
 * `lines`: every line under ` * `, even a single one, as json2ts wrote its comments.
 */
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

/**
 * A string literal's value, and its source text (`raw`, quotes included) where it was read from text: the printer
 * writes a literal of its own for a string without one.
 */
export interface StringLiteral {
  readonly kind: 'string'
  readonly value: string
  readonly raw?: string
}

/** A property key: a plain name or a string literal. */
export type PropertyKey = { readonly kind: 'identifier'; readonly name: string } | StringLiteral

/** A type in the subset. */
export type TypeNode =
  | { readonly kind: 'keyword'; readonly name: string }
  | { readonly kind: 'reference'; readonly name: string; readonly args: readonly TypeNode[] | undefined }
  | { readonly kind: 'literal'; readonly literal: LiteralValue }
  | { readonly kind: 'array'; readonly element: TypeNode }
  | { readonly kind: 'union'; readonly types: readonly TypeNode[] }
  | { readonly kind: 'intersection'; readonly types: readonly TypeNode[] }
  /** `typeof name`. */
  | { readonly kind: 'type-query'; readonly name: string }
  /** `[A, B]`. */
  | { readonly kind: 'tuple'; readonly elements: readonly TypeNode[] }
  /** `readonly T`. */
  | { readonly kind: 'readonly'; readonly type: TypeNode }
  | TypeLiteral

/** `{ ... }` in a type (also an interface body). */
export interface TypeLiteral {
  readonly kind: 'type-literal'
  readonly members: readonly TypeMember[]
  /** A line break between `{` and the first member (prettier's objectWrap `preserve` keeps the literal broken). */
  readonly broken: boolean
}

/** A member of a type literal or interface. */
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

/** A parameter of a function or method: a name, maybe with a type. */
export interface Parameter {
  readonly name: string
  readonly type: TypeNode | undefined
}

/** A literal: strings (see `StringLiteral`; prettier re-quotes them), numbers their digits, `-1` its sign. */
export type LiteralValue =
  | StringLiteral
  | { readonly kind: 'number'; readonly raw: string; readonly negative: boolean }
  | { readonly kind: 'boolean'; readonly value: boolean }

/** An expression in the subset. */
export type Expression =
  | { readonly kind: 'identifier'; readonly name: string }
  | { readonly kind: 'literal'; readonly literal: LiteralValue }
  | { readonly kind: 'null' }
  | ObjectExpression
  | { readonly kind: 'as-const'; readonly expression: Expression }
  /** `expression as Type` and `expression satisfies Type`. */
  | { readonly kind: 'as' | 'satisfies'; readonly expression: Expression; readonly type: TypeNode }
  /** `!argument`. */
  | { readonly kind: 'not'; readonly argument: Expression }
  /** `object.property` (a plain name). */
  | { readonly kind: 'member'; readonly object: Expression; readonly property: string }
  | { readonly kind: 'array'; readonly elements: readonly Expression[] }
  | {
      readonly kind: 'call'
      readonly isNew: boolean
      /** A name, or a member of a name or call (a chain the printers take when it prints on one line). */
      readonly callee: Expression
      /** Type arguments, each a plain type name (`defineTypedTool<GrepArgs, GrepOutput>(…)`); empty when none. */
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
  /** The expression's source text. */
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
  /** A line break between `{` and the first member (prettier's objectWrap `preserve` keeps the object broken). */
  readonly broken: boolean
}

/** A member of an object literal. */
export type ObjectMember =
  | (Commented & Spaced & { readonly kind: 'property'; readonly key: PropertyKey; readonly value: Expression })
  | (Commented & Spaced & { readonly kind: 'spread'; readonly argument: string })
  /** `name` (a property whose value is the variable of the same name). */
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
        /** Each imported name, with the local name it takes when renamed (`TypedTool as TypedTool_`). */
        readonly specifiers: readonly { readonly name: string; readonly alias?: string; readonly typeOnly: boolean }[]
        readonly braces: boolean
        readonly source: StringLiteral
      }
    /** `export { a, b }`. */
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
    /**
     * `const name = <value> as const satisfies Type`, `value` a declaration's JSON (plain data): its literal is laid
     * out one node per line rather than by width (so a YAML change shows as a diff of the nodes it touched) and kept as
     * printed, under a `// prettier-ignore` comment the emitter puts above it (so prettier leaves it so too).
     */
    | { readonly kind: 'spec'; readonly exported: boolean; readonly name: string; readonly value: unknown; readonly satisfies: string }
  )

/** A whole source in the subset. */
export interface Program {
  readonly statements: readonly Statement[]
}

// Builders for the emitters' trees.

/** A statement's own fields, without the comments above it and the blank line after it. */
export type StatementBody = Statement extends infer S ? (S extends Statement ? Omit<S, 'blankLineAfter' | 'comments'> : never) : never

/** `body` as a statement, with the comments (their source text, `//` or `/*`) above it and maybe a blank line after it. */
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

/** A plain name as an expression. */
export function identifier(name: string): Expression {
  return { kind: 'identifier', name }
}

/** A string literal holding `value`. */
export function stringLiteral(value: string): StringLiteral {
  return { kind: 'string', value }
}

/** A string literal holding `value`, as an expression. */
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

/** A named type (without type arguments unless given). */
export function typeReference(name: string, args?: readonly TypeNode[]): TypeNode {
  return { kind: 'reference', name, args }
}

/**
 * A piece of a TypeScript file: the subset's tree of it (absent when its text is outside the subset), and for text
 * toolsmith did not write that text, which is what prettier is given when the file cannot be printed by the printers.
 */
export interface TsPart {
  readonly program: Program | undefined
  readonly text: string | undefined
}

// ASCII identifiers only: a wider Unicode check would be correct too, but quoting every other key is always safe.
const IDENTIFIER_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Whether `text` can be written unquoted as a property name (reserved words are fine as property names). */
export function isIdentifierName(text: string): boolean {
  return IDENTIFIER_NAME.test(text)
}
