import type { LineCounter } from 'yaml'
import { type Diagnostic, sortDiagnostics } from '../model/diagnostic.js'

/** Most problems reported for one file; the rest are counted in one closing error. */
export const MAX_DIAGNOSTICS_PER_FILE = 50

/** At most `max` of one file's diagnostics, first by position, then one `too-many-problems` error counting the rest. */
export function capDiagnostics(list: readonly Diagnostic[], max = MAX_DIAGNOSTICS_PER_FILE): readonly Diagnostic[] {
  let counted = 0
  let atLeast = false
  let summary: Diagnostic | undefined
  for (const diagnostic of list) {
    const omitted = omittedBy.get(diagnostic)
    if (omitted !== undefined) {
      counted += omitted.count
      atLeast ||= omitted.atLeast
      summary ??= diagnostic
    }
  }
  if (list.length <= max && summary === undefined) return list
  const shown = summary === undefined ? list : list.filter((diagnostic) => !omittedBy.has(diagnostic))
  if (shown.length <= max && summary !== undefined && shown.length === list.length - 1 && list.at(-1) === summary) return list
  const sorted = sortDiagnostics(shown)
  const next = sorted[max] ?? (summary as Diagnostic)
  return [...sorted.slice(0, max), tooManyProblems(next, Math.max(0, sorted.length - max) + counted, atLeast)]
}

// Summaries made before capping, with the count each stands for (a lower bound when reading stopped early).
const omittedBy = new WeakMap<Diagnostic, { count: number; atLeast: boolean }>()

/** The closing error of a capped list: `rest` (or at least `rest`) problems not shown, at the place of the first. */
export function tooManyProblems(at: Pick<Diagnostic, 'file' | 'line' | 'column'>, rest: number, atLeast = false): Diagnostic {
  const more: Diagnostic = {
    severity: 'error',
    code: 'too-many-problems',
    message: `${atLeast ? 'at least ' : ''}${rest} more problem${rest === 1 ? '' : 's'} in this file not shown${atLeast ? ' (reading stopped there)' : ''}; fix the ones above and run again`,
    file: at.file,
    line: at.line,
    column: at.column,
  }
  omittedBy.set(more, { count: rest, atLeast })
  return more
}

/** Builds located diagnostics for one source file from character offsets. */
export class SourceDiagnostics {
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

  warning(offset: number, code: string, message: string): void {
    this.add('warning', offset, code, message)
  }

  /** Records that `count` (or at least `count`) more problems were found from `offset` on, without building them. */
  omitted(offset: number, count: number, atLeast = false): void {
    this.list.push(tooManyProblems({ file: this.file, ...this.position(offset) }, count, atLeast))
  }

  /** Records an error at a 1-based line and column. */
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
