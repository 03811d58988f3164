import { generatedHeader } from './generated-header.js'

/**
 * The generator-owned `<out>/generated/_result-views.ts`, unformatted. A stub's `presentationMeta` keeps its
 * completed card in `result.meta` (JSON, replayable); `resultViewFrom` reads it back only after the runtime's
 * compiled validator checked it against a DSL spec of every card, whose inferred type TypeScript checks to be a
 * `ToolResultView`. So a meta from an old session log or a nested call (no meta) gives `undefined`, never a bad view.
 */
export function emitResultViews(): string {
  return `${generatedHeader()}
import { compileJsonSchema, valueSchemaSpecToJsonSchema } from '@toolsmith/runtime'
import type { InferValue, JsonValue, ToolResultView, ValueSchemaSpec } from '@toolsmith/runtime'

const text = { type: 'string', required: true } as const
const optionalText = { type: 'string' } as const
const count = { type: 'number', required: true } as const
const flag = { type: 'boolean', required: true } as const
const card = <const C extends string>(name: C) => ({ type: 'string', const: name, required: true }) as const
const list = <const I extends ValueSchemaSpec>(items: I) => ({ type: 'array', items, required: true }) as const
const closed = <const P extends { readonly [key: string]: ValueSchemaSpec & { readonly required?: true } }>(properties: P) =>
  ({ type: 'object', additionalProperties: false, properties }) as const

/** Every completed card a stub's \`presentationMeta\` may keep in \`result.meta\` (one DSL spec per card). */
export const resultViewSpec = {
  oneOf: [
    closed({
      card: card('generic'),
      title: optionalText,
      content: {
        type: 'array',
        items: {
          oneOf: [
            closed({ type: card('text'), text }),
            closed({ type: card('image'), data: text, mimeType: text }),
          ],
        },
      },
    }),
    closed({ card: card('terminal'), title: optionalText, output: optionalText, exitCode: { type: 'number' }, signal: optionalText }),
    closed({
      card: card('diff'),
      title: optionalText,
      diffs: list(closed({ path: text, oldText: { oneOf: [{ type: 'string' }, { type: 'null' }], required: true }, newText: text })),
    }),
    closed({
      card: card('search'),
      shape: card('matches'),
      title: optionalText,
      truncated: flag,
      total: count,
      files: list(closed({ path: text, matches: list(closed({ line: count, text })) })),
    }),
    closed({ card: card('search'), shape: card('paths'), title: optionalText, truncated: flag, total: count, paths: list({ type: 'string' }) }),
    closed({
      card: card('read'),
      title: optionalText,
      path: text,
      offset: count,
      lines: list(closed({ number: count, text })),
      totalLines: count,
      lang: optionalText,
      content: optionalText,
    }),
    closed({
      card: card('web'),
      kind: card('search'),
      title: optionalText,
      sources: list(closed({ url: text, title: optionalText, snippet: optionalText })),
      answer: optionalText,
      truncated: flag,
    }),
    closed({ card: card('web'), kind: card('fetch'), title: optionalText, url: text, statusCode: count, truncated: flag }),
  ],
} as const satisfies ValueSchemaSpec

type ResultViewMeta = InferValue<typeof resultViewSpec>

/** The completed card kept in \`meta\` by \`presentationMeta\`, or \`undefined\` when \`meta\` holds no valid card. */
export function resultViewFrom(meta: JsonValue | undefined): ToolResultView | undefined {
  if (!compileJsonSchema(valueSchemaSpecToJsonSchema(resultViewSpec)).is(meta)) return undefined
  // The compiled validator just accepted \`meta\` against the spec, so it has the spec's inferred type.
  const view: ResultViewMeta = meta as ResultViewMeta
  return view
}
`
}
