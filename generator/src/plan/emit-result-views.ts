import { generatedHeader } from '../model/plan.js'
import { type Expression, identifier, type ObjectMember, property, type Statement, statement, stringExpression, type StringLiteral, type TsPart, type TypeNode, typeReference } from '../model/typescript-tree.js'

// Small builders: the module below reads close to the code it prints.
const string = stringExpression
const call = (callee: string, ...args: Expression[]): Expression => ({ kind: 'call', isNew: false, callee: identifier(callee), typeArgs: [], args })
const shorthand = (name: string): ObjectMember => ({ kind: 'shorthand', name, comments: [], blankLineAfter: false })
/** An object literal; `broken` when its source had a line break after `{` (which prettier's objectWrap keeps). */
const object = (broken: boolean, members: Record<string, Expression | 'shorthand'>): Expression => ({
  kind: 'object',
  members: Object.entries(members).map(([key, value]) => (value === 'shorthand' ? shorthand(key) : property(key, value))),
  trailingComments: [],
  broken,
})
const closed = (broken: boolean, members: Record<string, Expression | 'shorthand'>): Expression => call('closed', object(broken, members))
const card = (name: string): Expression => call('card', string(name))
const list = (items: Expression): Expression => call('list', items)
const text = identifier('text')
const optionalText = identifier('optionalText')
const count = identifier('count')
const flag = identifier('flag')
const typed = (type: string): Expression => object(false, { type: string(type) })

/** `const name = { ... } as const`, a spec fragment. */
function fragment(name: string, members: Record<string, Expression>): Statement {
  return statement({ kind: 'const', exported: false, name, init: { kind: 'as-const', expression: object(false, members) } })
}

/** `const name = <const T extends Constraint>(parameter: T) => ({ ... }) as const`, a spec builder. */
function builder(name: string, typeParameter: string, constraint: TypeNode, parameter: string, members: Record<string, Expression | 'shorthand'>, blankLineAfter = false): Statement {
  const init: Expression = {
    kind: 'arrow',
    async: false,
    typeParameters: [{ const: true, name: typeParameter, constraint }],
    parameters: [{ name: parameter, type: typeReference(typeParameter) }],
    returnType: undefined,
    body: { kind: 'as-const', expression: object(false, members) },
  }
  return statement({ kind: 'const', exported: false, name, init }, [], blankLineAfter)
}

const RUNTIME: StringLiteral = { kind: 'string', value: '@toolsmith/runtime' }
const named = (...names: string[]): { name: string; typeOnly: boolean }[] => names.map((name) => ({ name, typeOnly: false }))
const union = (...types: TypeNode[]): TypeNode => ({ kind: 'union', types })
const UNDEFINED: TypeNode = { kind: 'keyword', name: 'undefined' }

/** `<out>/generated/_result-views.ts`: `resultViewFrom` returns the card a stub kept in `result.meta` only once the
 * runtime's validator accepts it, so an old or missing meta gives `undefined`, never a bad view. */
export function emitResultViews(): TsPart {
  // `{ readonly [key: string]: ValueSchemaSpec & { readonly required?: true } }`
  const properties: TypeNode = {
    kind: 'type-literal',
    broken: false,
    members: [
      {
        kind: 'index-signature',
        readonly: true,
        parameter: 'key',
        parameterType: { kind: 'keyword', name: 'string' },
        type: {
          kind: 'intersection',
          types: [
            typeReference('ValueSchemaSpec'),
            {
              kind: 'type-literal',
              broken: false,
              members: [
                { kind: 'property-signature', readonly: true, key: { kind: 'identifier', name: 'required' }, optional: true, type: { kind: 'literal', literal: { kind: 'boolean', value: true } }, comments: [], blankLineAfter: false },
              ],
            },
          ],
        },
        comments: [],
        blankLineAfter: false,
      },
    ],
  }
  const cards: Expression[] = [
    closed(true, {
      card: card('generic'),
      title: optionalText,
      content: object(true, {
        type: string('array'),
        items: object(true, {
          oneOf: {
            kind: 'array',
            elements: [closed(false, { type: card('text'), text: 'shorthand' }), closed(false, { type: card('image'), data: text, mimeType: text })],
          },
        }),
      }),
    }),
    closed(false, { card: card('terminal'), title: optionalText, output: optionalText, exitCode: typed('number'), signal: optionalText }),
    closed(true, {
      card: card('diff'),
      title: optionalText,
      diffs: list(closed(false, { path: text, oldText: object(false, { oneOf: { kind: 'array', elements: [typed('string'), typed('null')] }, required: { kind: 'literal', literal: { kind: 'boolean', value: true } } }), newText: text })),
    }),
    closed(true, {
      card: card('search'),
      shape: card('matches'),
      title: optionalText,
      truncated: flag,
      total: count,
      files: list(closed(false, { path: text, matches: list(closed(false, { line: count, text: 'shorthand' })) })),
    }),
    closed(false, { card: card('search'), shape: card('paths'), title: optionalText, truncated: flag, total: count, paths: list(typed('string')) }),
    closed(true, {
      card: card('read'),
      title: optionalText,
      path: text,
      offset: count,
      lines: list(closed(false, { number: count, text: 'shorthand' })),
      totalLines: count,
      lang: optionalText,
      content: optionalText,
    }),
    closed(true, {
      card: card('web'),
      kind: card('search'),
      title: optionalText,
      sources: list(closed(false, { url: text, title: optionalText, snippet: optionalText })),
      answer: optionalText,
      truncated: flag,
    }),
    closed(false, { card: card('web'), kind: card('fetch'), title: optionalText, url: text, statusCode: count, truncated: flag }),
  ]
  const required = { kind: 'literal', literal: { kind: 'boolean', value: true } } as const
  const validated: Expression = {
    kind: 'call',
    isNew: false,
    callee: { kind: 'member', object: call('compileJsonSchema', call('valueSchemaSpecToJsonSchema', identifier('resultViewSpec'))), property: 'is' },
    typeArgs: [],
    args: [identifier('meta')],
  }
  const statements: Statement[] = [
    statement({ kind: 'import', typeOnly: false, defaultName: undefined, specifiers: named('compileJsonSchema', 'valueSchemaSpecToJsonSchema'), braces: true, source: RUNTIME }, [generatedHeader()]),
    statement({ kind: 'import', typeOnly: true, defaultName: undefined, specifiers: named('InferValue', 'JsonValue', 'ToolResultView', 'ValueSchemaSpec'), braces: true, source: RUNTIME }, [], true),
    fragment('text', { type: string('string'), required }),
    fragment('optionalText', { type: string('string') }),
    fragment('count', { type: string('number'), required }),
    fragment('flag', { type: string('boolean'), required }),
    builder('card', 'C', { kind: 'keyword', name: 'string' }, 'name', { type: string('string'), const: identifier('name'), required }),
    builder('list', 'I', typeReference('ValueSchemaSpec'), 'items', { type: string('array'), items: 'shorthand', required }),
    builder('closed', 'P', properties, 'properties', { type: string('object'), additionalProperties: { kind: 'literal', literal: { kind: 'boolean', value: false } }, properties: 'shorthand' }, true),
    statement(
      {
        kind: 'const',
        exported: true,
        name: 'resultViewSpec',
        init: { kind: 'satisfies', expression: { kind: 'as-const', expression: object(true, { oneOf: { kind: 'array', elements: cards } }) }, type: typeReference('ValueSchemaSpec') },
      },
      ['/** Every completed card a stub\'s `presentationMeta` may keep in `result.meta` (one DSL spec per card). */'],
      true,
    ),
    statement({ kind: 'type-alias', exported: false, name: 'ResultViewMeta', type: typeReference('InferValue', [{ kind: 'type-query', name: 'resultViewSpec' }]) }, [], true),
    statement(
      {
        kind: 'function',
        exported: true,
        name: 'resultViewFrom',
        parameters: [{ name: 'meta', type: union(typeReference('JsonValue'), UNDEFINED) }],
        returnType: union(typeReference('ToolResultView'), UNDEFINED),
        body: [
          statement({ kind: 'if', test: { kind: 'not', argument: validated }, consequent: statement({ kind: 'return', argument: identifier('undefined') }) }),
          statement(
            { kind: 'const', exported: false, name: 'view', type: typeReference('ResultViewMeta'), init: { kind: 'as', expression: identifier('meta'), type: typeReference('ResultViewMeta') } },
            ["// The compiled validator just accepted `meta` against the spec, so it has the spec's inferred type."],
          ),
          statement({ kind: 'return', argument: identifier('view') }),
        ],
      },
      ['/** The completed card kept in `meta` by `presentationMeta`, or `undefined` when `meta` holds no valid card. */'],
    ),
  ]
  return { program: { statements }, text: undefined }
}
