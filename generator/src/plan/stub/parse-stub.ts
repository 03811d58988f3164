import { createWrappedNode, type SourceFile, ts } from 'ts-morph'

/** A problem at a character offset of a stub's text. */
export interface StubProblem {
  /** `syntax`: the stub does not parse; `wiring`: a generator-owned part is gone; `override`: author code overrides a declared value. */
  readonly kind: 'syntax' | 'wiring' | 'override'
  /** The module has no default export at all: the generated index, which imports it, would not compile. */
  readonly breaksIndex?: boolean
  readonly message: string
  /** 0-based offset into the stub's text. */
  readonly offset: number
}

// The parser's own syntax errors. The compiler keeps them on the source file node; they are what `tsc` reports
// first for a file that does not parse.
type ParsedSourceFile = ts.SourceFile & { readonly parseDiagnostics?: readonly ts.DiagnosticWithLocation[] }

/** What `use` answered for a parsed stub, or the problem that stopped it. */
export type StubOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: StubProblem }

/**
 * Parses `text` and hands its ts-morph tree to `use`. Parse only: the compiler's parser builds the tree (with
 * parent links) and ts-morph wraps it without a project, file system or type checker, which costs half of what a
 * project's source file does and is all a structural merge needs. A syntax error is answered as a problem instead
 * (the first one, with its offset), and `use` is not called.
 */
export function withParsedStub<T>(path: string, text: string, use: (file: SourceFile) => StubOutcome<T>): StubOutcome<T> {
  const compiled = ts.createSourceFile(`/toolsmith/${path}`, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const syntaxError = (compiled as ParsedSourceFile).parseDiagnostics?.[0]
  if (syntaxError !== undefined) {
    return { ok: false, problem: { kind: 'syntax', message: ts.flattenDiagnosticMessageText(syntaxError.messageText, '\n'), offset: syntaxError.start } }
  }
  return use(createWrappedNode(compiled))
}

export { lineAndColumn } from './text-edits.js'
