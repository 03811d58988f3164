import type { LineCounter } from 'yaml'
import { type Diagnostic, sortDiagnostics } from '../model/diagnostic.js'

/**
 * Most problems reported for one file: the first ones (by position) and then one line counting the rest. A file of
 * 150 KB of `]` has 150,000 syntax errors; printing every one (with code frames) takes minutes and helps nobody.
 */
export const MAX_DIAGNOSTICS_PER_FILE = 50

/**
 * At most `max` of one file's diagnostics: the first by position, then one error (`too-many-problems`) at the next
 * one's place counting the rest. The list is returned as it is when it is short enough.
 */
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

// Summaries made before the list was capped, each with the number of problems it stands for (a lower bound when the
// file was not read to its end).
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

  /**
   * Records that `count` (with `atLeast`, at least `count`) more problems were found from `offset` on, without
   * building them: they are counted, not built, sorted and dropped (capDiagnostics shows the count).
   */
  omitted(offset: number, count: number, atLeast = false): void {
    this.list.push(tooManyProblems({ file: this.file, ...this.position(offset) }, count, atLeast))
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
