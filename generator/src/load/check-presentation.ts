import { escapeJsonPointerToken } from '@toolsmith/runtime'
import type { PresentationCard, PresentationHints } from '../model/tool-declaration.js'
import { describeFound } from './describe-found.js'
import { PRESENTATION_CARDS, SEARCH_SHAPES, TOOL_CALL_KINDS } from './presentation-values.js'

/** Reports one problem at a JSON Pointer into the declaration. */
export type ReportAt = (pointer: string, code: string, message: string) => void

const FIELDS = ['kind', 'card', 'shape']

/**
 * Checks `presentation`: only `kind` (a ToolCallKind), `card` (one of the six cards) and `shape`
 * (`matches` | `paths`, required by `card: search` and allowed nowhere else). Returns the hints, or
 * `undefined` after reporting.
 */
export function checkPresentation(value: unknown, report: ReportAt): PresentationHints | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    report('/presentation', 'wrong-type', `"presentation" must be a mapping with kind, card and shape, found ${describeFound(value)}`)
    return undefined
  }
  let ok = true
  const fail = (pointer: string, code: string, message: string): void => {
    ok = false
    report(pointer, code, message)
  }
  for (const key of Object.keys(value)) {
    if (!FIELDS.includes(key)) {
      fail(`/presentation/${escapeJsonPointerToken(key)}`, 'unknown-field', `unknown field ${JSON.stringify(key)} in presentation; expected kind, card or shape`)
    }
  }
  const kind = own(value, 'kind')
  const card = own(value, 'card')
  const shape = own(value, 'shape')
  if (kind !== undefined && !includes(TOOL_CALL_KINDS, kind)) {
    fail('/presentation/kind', 'invalid-presentation', `presentation.kind must be one of ${TOOL_CALL_KINDS.join(', ')}; found ${describeFound(kind)}`)
  }
  if (card !== undefined && !includes(PRESENTATION_CARDS, card)) {
    fail('/presentation/card', 'invalid-presentation', `presentation.card must be one of ${PRESENTATION_CARDS.join(', ')}; found ${describeFound(card)}`)
  }
  if (shape !== undefined && !includes(SEARCH_SHAPES, shape)) {
    fail('/presentation/shape', 'invalid-presentation', `presentation.shape must be matches or paths; found ${describeFound(shape)}`)
  } else if (shape !== undefined && card !== 'search') {
    fail('/presentation/shape', 'invalid-presentation', 'presentation.shape applies only to card: search')
  }
  if (card === 'search' && shape === undefined) {
    fail('/presentation/card', 'invalid-presentation', 'card: search needs "shape: matches" (grep-like) or "shape: paths" (glob-like)')
  }
  if (!ok) return undefined
  return {
    ...(kind === undefined ? {} : { kind: kind as NonNullable<PresentationHints['kind']> }),
    ...(card === undefined ? {} : { card: card as PresentationCard }),
    ...(shape === undefined ? {} : { shape: shape as NonNullable<PresentationHints['shape']> }),
  }
}

function own(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined
}

function includes(list: readonly string[], value: unknown): boolean {
  return typeof value === 'string' && list.includes(value)
}

