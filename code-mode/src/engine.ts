// The pluggable engine behind run_code: what the bridge asks of a sandbox, in strings only, so an
// engine may live in another thread, process or machine.

/** The limits an engine enforces inside the sandbox (the bridge enforces the others). */
export interface SandboxLimits {
  /** Hard cap on the sandbox's heap, in bytes. */
  readonly memoryBytes: number
  /** Cap on the interpreter's stack, in bytes. */
  readonly stackBytes: number
  /** Cap on the program's JSON return value, in UTF-16 code units. */
  readonly outputBytes: number
  /** Cap on the program's console output, in UTF-16 code units (all lines together). */
  readonly logBytes: number
}

/**
 * What a sandbox program sees of a host call: the answer string is JSON, either `{"value": …}` or
 * `{"error": {"message": …, "code": …}}`; the sandbox turns the second into a thrown `ToolError`.
 */
export type HostCall = (name: string, args: string) => Promise<string>

/** One run of a program in a sandbox. */
export interface SandboxRun {
  /** The program: the body of an async function, JavaScript or TypeScript. */
  readonly program: string
  /** Aborting it stops the program (promptly, even in a CPU-bound loop) and settles `run` as `stopped`. */
  readonly signal: AbortSignal
  /** Called for every `await tools.<name>(args)` the program makes, with the JSON arguments. */
  readonly hostCall: HostCall
}

/** The codes a sandbox reports for a program that did not return. */
export type SandboxFailureCode =
  | 'CODE_SYNTAX_ERROR'
  | 'CODE_THREW'
  | 'CODE_TIME_LIMIT'
  | 'CODE_MEMORY_LIMIT'
  | 'CODE_STACK_LIMIT'
  | 'CODE_OUTPUT_LIMIT'

/** How a run ended. Line and column are 1-based positions in the program as the model wrote it. */
export type SandboxOutcome =
  | { readonly kind: 'returned'; readonly value: string; readonly logs: readonly string[] }
  | {
      readonly kind: 'failed'
      readonly code: SandboxFailureCode
      readonly message: string
      readonly line?: number
      readonly column?: number
      readonly logs: readonly string[]
    }
  /** The run's signal aborted it; the bridge knows why. */
  | { readonly kind: 'stopped'; readonly logs: readonly string[] }

/** A sandbox made for one program; `run` once, then `dispose`. */
export interface CodeSandbox {
  /** Runs the program to its end; never rejects (an engine fault is a `failed` outcome). */
  run(request: SandboxRun): Promise<SandboxOutcome>
  /** Releases the sandbox; safe to call more than once and while a run is stopping. */
  dispose(): void
}

/** A sandbox factory: `run_code` creates a fresh sandbox for every program. */
export interface CodeEngine {
  /** A fresh sandbox with these limits. */
  create(limits: SandboxLimits): Promise<CodeSandbox>
  /** Releases what the engine keeps between programs (idle workers); optional. */
  close?(): Promise<void>
}
