import type { LineCounter } from 'yaml'
import { type Diagnostic, sortDiagnostics } from '../model/diagnostic.js'
import { MAX_DIAGNOSTICS_PER_FILE } from './source-limits.js'

/**
 * At most `max` of one file's diagnostics: the first by position, then one error (`too-many-problems`) at the next
 * one's place counting the rest. The list is returned as it is when it is short enough.
 */
export function capDiagnostics(list: readonly Diagnostic[], max = MAX_DIAGNOSTICS_PER_FILE): readonly Diagnostic[] {
  if (list.length <= max) return list
  const sorted = sortDiagnostics(list)
  const next = sorted[max] as Diagnostic
  const rest = sorted.length - max
  const more: Diagnostic = {
    severity: 'error',
    code: 'too-many-problems',
    message: `${rest} more problem${rest === 1 ? '' : 's'} in this file not shown; fix the ones above and run again`,
    file: next.file,
    line: next.line,
    column: next.column,
  }
  return [...sorted.slice(0, max), more]
}

/** Builds located diagnostics for one source file from character offsets. */
export class SourceDiagnostics {
  /** Every diagnostic built so far, in the order found. */
  readonly list: Diagnostic[] = []

  constructor(
    /** The file, relative to the working directory, with `/` separators. */
    readonly file: string,
    private readonly lines: LineCounter | undefined,
  ) {}

  /** Records an error at a character offset of the decoded text (line 1, column 1 without a line map). */
  error(offset: number, code: string, message: string): void {
    this.add('error', offset, code, message)
  }

  /** Records a warning at a character offset. */
  warning(offset: number, code: string, message: string): void {
    this.add('warning', offset, code, message)
  }

  /** Records an error at an explicit 1-based line and column. */
  errorAt(line: number, column: number, code: string, message: string): void {
    this.list.push({ severity: 'error', code, message, file: this.file, line, column })
  }

  /** The 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    if (this.lines === undefined) return { line: 1, column: 1 }
    const { line, col } = this.lines.linePos(offset)
    return { line, column: col }
  }

  private add(severity: Diagnostic['severity'], offset: number, code: string, message: string): void {
    const { line, column } = this.position(offset)
    this.list.push({ severity, code, message, file: this.file, line, column })
  }
}
