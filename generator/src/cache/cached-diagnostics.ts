import type { Diagnostic } from '../model/diagnostic.js'

const isObject = (value: unknown): value is { readonly [key: string]: unknown } => typeof value === 'object' && value !== null && !Array.isArray(value)

function isDiagnostic(value: unknown): value is Diagnostic {
  return (
    isObject(value) &&
    (value['severity'] === 'error' || value['severity'] === 'warning') &&
    typeof value['code'] === 'string' &&
    typeof value['message'] === 'string' &&
    typeof value['file'] === 'string' &&
    Number.isInteger(value['line']) &&
    Number.isInteger(value['column'])
  )
}

/**
 * A cached list of diagnostics as read back: each checked field by field and rebuilt with exactly the diagnostic
 * fields (nothing else an entry may carry reaches a report); `undefined` when any is not a diagnostic.
 */
export function cachedDiagnostics(value: unknown): Diagnostic[] | undefined {
  if (!Array.isArray(value) || !value.every(isDiagnostic)) return undefined
  return value.map(({ severity, code, message, file, line, column }: Diagnostic): Diagnostic => ({ severity, code, message, file, line, column }))
}
