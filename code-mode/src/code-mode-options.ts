import type { CodeEngine } from './engine.js'

/** The limits of one `run_code` program; each one hit is its own failure code. */
export interface CodeModeLimits {
  /** Wall time of the whole program, tool calls included, in ms (`CODE_TIME_LIMIT`). Default 30 000. */
  readonly timeMs: number
  /** Hard cap on the sandbox heap, in bytes (`CODE_MEMORY_LIMIT`). Default 64 MiB. */
  readonly memoryBytes: number
  /** Interpreter stack, in bytes, at most 256 KiB (`CODE_STACK_LIMIT`). Default 256 KiB. */
  readonly stackBytes: number
  /** Sub-dispatches per program (`CODE_CALL_LIMIT`). Default 1 000. */
  readonly maxCalls: number
  /** Sub-dispatches pending at once (`CODE_CALL_LIMIT`). Default 32. */
  readonly maxPendingCalls: number
  /** JSON arguments of one sub-dispatch, in characters (`CODE_OUTPUT_LIMIT`). Default 1 MiB. */
  readonly argumentBytes: number
  /** JSON return value, in characters (`CODE_OUTPUT_LIMIT`). Default 1 MiB. */
  readonly outputBytes: number
  /** Console output, all lines together, in characters (`CODE_OUTPUT_LIMIT`). Default 64 KiB. */
  readonly logBytes: number
}

/** Options of `createCodeMode`. */
export interface CodeModeOptions {
  /** The sandbox engine; default the QuickJS engine in worker threads (`createQuickJsEngine()`). */
  readonly engine?: CodeEngine
  /** Limits to change; the others keep their defaults. */
  readonly limits?: Partial<CodeModeLimits>
  /** The `run_code` tool's own `timeoutMs` (its outer call then ends as `TIMEOUT`); default none. */
  readonly timeoutMs?: number
  /** Replaces the `run_code` description the model sees. */
  readonly description?: string
}

/** The default limits. */
export const DEFAULT_LIMITS: CodeModeLimits = Object.freeze({
  timeMs: 30_000,
  memoryBytes: 64 * 1024 * 1024,
  stackBytes: 256 * 1024,
  maxCalls: 1_000,
  maxPendingCalls: 32,
  argumentBytes: 1024 * 1024,
  outputBytes: 1024 * 1024,
  logBytes: 64 * 1024,
})

/** The stack sizes above this overflow Node's own stack (in the worker thread) before QuickJS notices its own limit. */
const MAX_STACK_BYTES = 256 * 1024
/** Below this the QuickJS module cannot start. */
const MIN_MEMORY_BYTES = 16 * 1024 * 1024

/** The limits with defaults applied; throws a TypeError naming every bad one. */
export function resolveLimits(given: Partial<CodeModeLimits> | undefined): CodeModeLimits {
  const limits: { -readonly [K in keyof CodeModeLimits]: CodeModeLimits[K] } = { ...DEFAULT_LIMITS }
  const problems: string[] = []
  if (given !== undefined) {
    for (const key of Object.keys(DEFAULT_LIMITS) as (keyof CodeModeLimits)[]) {
      if (!Object.hasOwn(given, key) || given[key] === undefined) continue
      const value = given[key]
      if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) problems.push(`limits.${key} must be a positive integer, found ${String(value)}`)
      else limits[key] = value
    }
    for (const key of Object.keys(given)) if (!Object.hasOwn(DEFAULT_LIMITS, key)) problems.push(`limits.${key} is not a Code Mode limit`)
  }
  if (limits.stackBytes > MAX_STACK_BYTES) problems.push(`limits.stackBytes must be at most ${MAX_STACK_BYTES} (a larger QuickJS stack overflows the host's first)`)
  if (limits.memoryBytes < MIN_MEMORY_BYTES) problems.push(`limits.memoryBytes must be at least ${MIN_MEMORY_BYTES}`)
  if (problems.length > 0) throw new TypeError(`Invalid Code Mode options: ${problems.join('; ')}`)
  return Object.freeze(limits)
}
