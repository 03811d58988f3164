import type { LineCounter } from 'yaml'
import type { Diagnostic } from '../model/diagnostic.js'

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
