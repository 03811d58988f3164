/** The output formats of `--format`. */
export const DIAGNOSTIC_FORMATS = ['text', 'json', 'github'] as const

/** One of `DIAGNOSTIC_FORMATS`. */
export type DiagnosticFormat = (typeof DIAGNOSTIC_FORMATS)[number]
