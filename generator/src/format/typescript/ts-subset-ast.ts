// The syntax tree of the TypeScript subset `layOutTypeScript` handles: what toolsmith's generated modules, the shipped
// stub template and json2ts's declarations are made of. Offsets are into the source text, as prettier's locStart and
// locEnd would give them (comments excluded), so the printers can ask the same questions of the text prettier asks.

/** A comment as written: `//` (line) or `/* *\/` (block); `value` is the text between the delimiters. */
export interface SourceComment {
  readonly block: boolean
  readonly start: number
  readonly end: number
  readonly value: string
}

/** The offsets every node has. */
export interface Located {
  readonly start: number
  readonly end: number
}

/** Comments written on their own lines before a statement or member (the only place the subset allows them). */
export interface Commented {
  readonly comments: readonly SourceComment[]
}

/** A property key as written: a plain name or a string literal (`raw` with its quotes). */
export type PropertyKey =
  | { readonly kind: 'identifier'; readonly name: string }
  | { readonly kind: 'string'; readonly raw: string; readonly value: string }

/** A type in the subset. */
export type TypeNode =
  | { readonly kind: 'keyword'; readonly name: string }
  | { readonly kind: 'reference'; readonly name: string; readonly args: readonly TypeNode[] | undefined }
  | { readonly kind: 'literal'; readonly literal: LiteralValue }
  | { readonly kind: 'array'; readonly element: TypeNode }
  | { readonly kind: 'readonly'; readonly type: TypeNode }
  | { readonly kind: 'union'; readonly types: readonly TypeNode[] }
  | TypeLiteral

/** `{ ... }` in a type (also an interface body). */
export interface TypeLiteral extends Located {
  readonly kind: 'type-literal'
  readonly members: readonly TypeMember[]
}

/** A member of a type literal or interface. */
export type TypeMember =
  | (Located & Commented & { readonly kind: 'property-signature'; readonly key: PropertyKey; readonly optional: boolean; readonly type: TypeNode })
  | (Located & Commented & { readonly kind: 'index-signature'; readonly parameter: string; readonly parameterType: TypeNode; readonly type: TypeNode })

/** A literal: strings keep their source text (prettier re-quotes it), numbers their digits, `-1` its sign. */
export type LiteralValue =
  | { readonly kind: 'string'; readonly raw: string; readonly value: string }
  | { readonly kind: 'number'; readonly raw: string; readonly negative: boolean }
  | { readonly kind: 'boolean'; readonly value: boolean }

/** An expression in the subset. */
export type Expression =
  | (Located & { readonly kind: 'identifier'; readonly name: string })
  | (Located & { readonly kind: 'literal'; readonly literal: LiteralValue })
  | (Located & { readonly kind: 'null' })
  | ObjectExpression
  | (Located & { readonly kind: 'as-const'; readonly expression: Expression })
  | (Located & { readonly kind: 'satisfies'; readonly expression: Expression; readonly type: TypeNode })
  | (Located & { readonly kind: 'array'; readonly elements: readonly Expression[] })
  | (Located & {
      readonly kind: 'call'
      readonly isNew: boolean
      readonly callee: string
      /** Type arguments, each a plain type name (`defineTypedTool<GrepArgs, GrepOutput>(…)`); empty when none. */
      readonly typeArgs: readonly string[]
      readonly args: readonly Expression[]
    })
  | OpaqueExpression

/** An expression the printers do not mirror (an arrow function): its layout is asked of prettier itself, in context. */
export interface OpaqueExpression extends Located {
  readonly kind: 'opaque'
  /** Whether it contains a line break (such an expression could carry layout prettier preserves). */
  readonly text: string
}

/** `{ ... }` as a value. */
export interface ObjectExpression extends Located {
  readonly kind: 'object'
  readonly members: readonly ObjectMember[]
  /** `//` comments on their own lines after the last member (prettier attaches them to it, as trailing comments). */
  readonly trailingComments: readonly SourceComment[]
}

/** A member of an object literal. */
export type ObjectMember =
  | (Located & Commented & { readonly kind: 'property'; readonly key: PropertyKey; readonly keyStart: number; readonly value: Expression })
  | (Located & Commented & { readonly kind: 'spread'; readonly argument: string })
  | MethodMember

/** `async name(parameter: Type): ReturnType { statements }` in an object literal. */
export interface MethodMember extends Located, Commented {
  readonly kind: 'method'
  readonly async: boolean
  readonly key: PropertyKey
  readonly parameters: readonly { readonly name: string; readonly type: TypeNode | undefined }[]
  readonly returnType: TypeNode | undefined
  readonly body: readonly Statement[]
  readonly bodyStart: number
}

/** A statement in the subset, with the comments written above it. */
export type Statement = Located &
  Commented &
  (
    | {
        readonly kind: 'import'
        readonly typeOnly: boolean
        readonly defaultName: string | undefined
        readonly specifiers: readonly { readonly name: string; readonly typeOnly: boolean }[]
        readonly braces: boolean
        readonly source: LiteralValue & { readonly kind: 'string' }
      }
    | { readonly kind: 'const'; readonly exported: boolean; readonly name: string; readonly init: Expression }
    | { readonly kind: 'interface'; readonly exported: boolean; readonly name: string; readonly body: TypeLiteral }
    | { readonly kind: 'type-alias'; readonly exported: boolean; readonly name: string; readonly type: TypeNode }
    | { readonly kind: 'export-default'; readonly expression: Expression }
    | { readonly kind: 'export-names'; readonly names: readonly string[] }
    | { readonly kind: 'throw'; readonly argument: Expression }
    | { readonly kind: 'ignored' }
  )

/** A whole source in the subset. */
export interface Program {
  readonly text: string
  readonly statements: readonly Statement[]
}
