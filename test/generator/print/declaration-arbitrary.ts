import fc from 'fast-check'
import { checkParameterSchemaSpec, checkValueSchemaSpec } from '@toolsmith/runtime'
import type { ToolDeclaration } from '../../../generator/src/model/tool-declaration.js'

// Random declarations for the layout oracles: names and texts that stress quoting, escaping, widths (CJK, emoji,
// combining marks) and comment safety, and specs of every DSL node kind nested a few levels deep.

/** Texts for descriptions and string values. */
export const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '한국어 설명입니다', '字'.repeat(30), '😀 emoji 👩‍💻', 'e\u0301 combining', "it's \"quoted\"", "''''\"", 'back\\slash \\n',
      'a */ b /* c', 'line\nbreak\n\nparagraph', 'x'.repeat(130), '`tick` ${x}', '@type {X}', 'trailing  ', '  leading',
      'prettier-ignore', '<script>', 'tab\there', '\u2028sep\u2029', 'Ａ full width', '-1', 'null', '* star',
    ),
  },
)

const key = fc.oneof(
  fc.constantFrom('a', 'path', 'default', '__proto__', 'constructor', 'with-dash', 'with space', '1abc', 'café', '$x', '_y', "qu'ote", 'q"d', 'x'.repeat(60), 'k', 'new', 'if', ''),
  fc.string({ maxLength: 10 }),
)

const annotations = fc.record({ description: text }, { requiredKeys: [] })

const scalar = fc.oneof(
  fc.record({ type: fc.constant('string'), enum: fc.uniqueArray(text, { minLength: 1, maxLength: 4 }) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constantFrom('number', 'integer'), enum: fc.uniqueArray(fc.integer({ min: -1000, max: 100000 }), { minLength: 1, maxLength: 4 }) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constantFrom('boolean', 'null', 'json', 'number') }),
  fc.record({ type: fc.constant('string'), const: text }),
)

const specs = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(scalar, annotations).map(([node, notes]) => ({ ...node, ...notes })),
    fc.tuple(tie('node'), annotations).map(([items, notes]) => ({ type: 'array', items, ...notes })),
    fc
      .tuple(fc.boolean(), fc.uniqueArray(fc.tuple(key, tie('property')), { maxLength: 5, selector: ([name]) => name }), annotations)
      .map(([open, entries, notes]) => ({ type: 'object', additionalProperties: open, properties: record(entries), ...notes })),
    fc.tuple(fc.array(tie('node'), { minLength: 2, maxLength: 4 }), annotations).map(([branches, notes]) => ({ oneOf: branches, ...notes })),
  ),
  property: fc.tuple(tie('node'), fc.boolean()).map(([node, required]) => (required ? { ...(node as object), required: true } : node)),
}))

function record(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, value] of entries) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true })
  return out
}

/** A valid tool name, with the shapes that broke generated code before. */
export const toolName = fc.oneof(
  fc.constantFrom('read_file', 'a', 'x-y', 'delete', 'default', 'T', 'get_user_profile_with_a_rather_long_name_for_wrapping_tests_xx'),
  // A digit followed by a lowercase letter: json2ts upper-cases that letter in the type names it writes.
  fc.constantFrom('get_3d_model', 'clear001a_runIt', 'v2beta_list'),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,40}$/),
)

/** A valid tool declaration (the runtime's checker accepts its specs). */
export const declaration = fc
  .record({
    name: toolName,
    description: text.filter((value) => value.trim() !== ''),
    parameters: fc.uniqueArray(fc.tuple(key, specs.property), { maxLength: 5, selector: ([name]) => name }).map(record),
    output: specs.node,
    timeoutMs: fc.option(fc.integer({ min: 1, max: 2_147_483_647 }), { nil: undefined }),
    concurrencySafe: fc.option(fc.boolean(), { nil: undefined }),
    presentation: fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      fc.record({ kind: fc.constantFrom('read', 'edit', 'search', 'execute', 'fetch', 'other'), card: fc.constantFrom('generic', 'terminal', 'diff', 'read', 'web') }, { requiredKeys: [] }),
      fc.record({ card: fc.constant('search'), shape: fc.constantFrom('matches', 'paths') }),
    ),
  })
  .filter(({ parameters, output }) => checkParameterSchemaSpec(parameters).length === 0 && checkValueSchemaSpec(output).length === 0)
  .map(
    ({ name, description, parameters, output, timeoutMs, concurrencySafe, presentation }): ToolDeclaration => ({
      name,
      description,
      parameters: parameters as ToolDeclaration['parameters'],
      output: output as ToolDeclaration['output'],
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(concurrencySafe === undefined ? {} : { concurrencySafe }),
      ...(presentation === undefined ? {} : { presentation: presentation as NonNullable<ToolDeclaration['presentation']> }),
      sourceFile: `schemas/${name}.tool.yaml`,
    }),
  )

/** prettier options over the ranges a project might use. */
export const layoutOptions = fc.record(
  {
    printWidth: fc.integer({ min: 20, max: 160 }),
    tabWidth: fc.integer({ min: 1, max: 8 }),
    useTabs: fc.boolean(),
    semi: fc.boolean(),
    singleQuote: fc.boolean(),
    trailingComma: fc.constantFrom('all', 'es5', 'none'),
    bracketSpacing: fc.boolean(),
    quoteProps: fc.constantFrom('as-needed', 'consistent', 'preserve'),
    objectWrap: fc.constantFrom('preserve', 'collapse'),
    arrowParens: fc.constantFrom('always', 'avoid'),
  },
  { requiredKeys: [] },
)

/** A random declaration that may also declare annotations and an approval (what the generated declaration const carries). */
export const declarationWithMetadata = fc
  .tuple(
    declaration,
    fc.option(fc.record({ title: text, readOnly: fc.boolean(), destructive: fc.boolean(), idempotent: fc.boolean(), openWorld: fc.boolean() }, { requiredKeys: [] }), { nil: undefined }),
    fc.option(fc.constantFrom('never', 'always' as const), { nil: undefined }),
  )
  .map(([tool, annotations, approval]): ToolDeclaration => ({
    ...tool,
    ...(annotations === undefined ? {} : { annotations }),
    ...(approval === undefined ? {} : { approval }),
  }))
