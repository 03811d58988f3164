import { escapeJsonPointerToken, type ToolAnnotations } from '@toolsmith/runtime'
import { describeFound } from './describe-found.js'
import type { ReportAt } from './check-presentation.js'

/** The keys of `annotations`, with MCP's meanings (tool annotations). */
export const ANNOTATION_FIELDS = ['title', 'readOnly', 'destructive', 'idempotent', 'openWorld'] as const

/**
 * Checks `annotations`: a mapping of `title` (a non-empty string) and the four MCP hint booleans
 * `readOnly`, `destructive`, `idempotent`, `openWorld`; anything else is reported at its node.
 * Returns the annotations, or `undefined` after reporting.
 */
export function checkAnnotations(value: unknown, report: ReportAt): ToolAnnotations | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    report('/annotations', 'wrong-type', `"annotations" must be a mapping of ${ANNOTATION_FIELDS.join(', ')}, found ${describeFound(value)}`)
    return undefined
  }
  let ok = true
  const annotations: { -readonly [K in keyof ToolAnnotations]: ToolAnnotations[K] } = {}
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key]
    const pointer = `/annotations/${escapeJsonPointerToken(key)}`
    if (key === 'title') {
      if (typeof item === 'string' && item.trim() !== '') annotations.title = item
      else {
        ok = false
        report(pointer, 'wrong-type', `annotations.title must be a non-empty string, found ${describeFound(item)}`)
      }
    } else if (key === 'readOnly' || key === 'destructive' || key === 'idempotent' || key === 'openWorld') {
      if (typeof item === 'boolean') annotations[key] = item
      else {
        ok = false
        report(pointer, 'wrong-type', `annotations.${key} must be true or false, found ${describeFound(item)}`)
      }
    } else {
      ok = false
      report(pointer, 'unknown-field', `unknown field ${JSON.stringify(key)} in annotations; expected ${ANNOTATION_FIELDS.join(', ')}`)
    }
  }
  return ok ? annotations : undefined
}

/** Checks `approval`: `never` or `always`. */
export function checkApproval(value: unknown, report: ReportAt): 'never' | 'always' | undefined {
  if (value === 'never' || value === 'always') return value
  report('/approval', 'wrong-type', `"approval" must be never or always, found ${describeFound(value)}`)
  return undefined
}
