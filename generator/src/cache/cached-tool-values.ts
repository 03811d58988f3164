import type { Diagnostic } from '../model/diagnostic.js'
import { cachedDiagnostics } from './cached-diagnostics.js'

/** A tool's generated module as the plan cache keeps it. */
export interface CachedModule {
  readonly content: string
  /** Its `<Name>Output` declaration for the catalog, and the layout key it is formatted with (`null`: unformatted). */
  readonly outputType: { readonly text: string; readonly layoutKey: string | null }
}

/** A tool's planned stub as the plan cache keeps it: its text (`null`: no stub planned) and what was reported. */
export interface CachedStub {
  readonly content: string | null
  readonly diagnostics: readonly Diagnostic[]
}

const isObject = (value: unknown): value is { readonly [key: string]: unknown } => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Cached values as read back, checked field by field: a value of any other shape (a damaged or foreign entry)
 * answers `undefined`, and the work is done again instead.
 */
export const cachedToolValues = {
  module(value: unknown): CachedModule | undefined {
    if (!isObject(value) || typeof value['content'] !== 'string') return undefined
    const outputType = value['outputType']
    if (!isObject(outputType) || typeof outputType['text'] !== 'string') return undefined
    const layoutKey = outputType['layoutKey']
    if (layoutKey !== null && typeof layoutKey !== 'string') return undefined
    return { content: value['content'], outputType: { text: outputType['text'], layoutKey } }
  },
  /** A stub planned over `existing` (the text its key holds): `content: true` stands for that text, unchanged. */
  stub(value: unknown, existing: string | undefined): CachedStub | undefined {
    if (!isObject(value)) return undefined
    const content = value['content'] === true ? existing : value['content']
    const diagnostics = cachedDiagnostics(value['diagnostics'])
    if ((content !== null && typeof content !== 'string') || diagnostics === undefined) return undefined
    return { content, diagnostics }
  },
  /** The value to store for a stub planned over `existing`: a stub left as it is does not repeat its text. */
  storedStub(stub: CachedStub, existing: string | undefined): object {
    return existing !== undefined && stub.content === existing ? { content: true, diagnostics: stub.diagnostics } : stub
  },
  text(value: unknown): string | undefined {
    return typeof value === 'string' ? value : undefined
  },
}
