import { isAscii } from 'node:buffer'
import type { Diagnostic } from '../../model/diagnostic.js'
import { decodeSource } from '../../load/decode-source.js'
import type { LoadedDeclarationSource } from '../../load/load-declaration-source.js'
import type { KnownText } from '../../model/plan.js'
import { isRecord, type ToolDeclaration } from '../../model/tool-declaration.js'
import { survivesJson } from './cache-key.js'

function isDiagnostic(value: unknown): value is Diagnostic {
  return (
    isRecord(value) &&
    (value['severity'] === 'error' || value['severity'] === 'warning') &&
    typeof value['code'] === 'string' &&
    typeof value['message'] === 'string' &&
    typeof value['file'] === 'string' &&
    Number.isInteger(value['line']) &&
    Number.isInteger(value['column'])
  )
}

/** Cached diagnostics rebuilt with only the diagnostic fields (nothing else reaches a report); `undefined` if bad. */
export function cachedDiagnostics(value: unknown): Diagnostic[] | undefined {
  if (!Array.isArray(value) || !value.every(isDiagnostic)) return undefined
  return value.map(({ severity, code, message, file, line, column }: Diagnostic): Diagnostic => ({ severity, code, message, file, line, column }))
}

/** A tool's planned module; with a cache its text is known by hash, kept under `textKey(hash)` and read lazily. */
export interface CachedModule {
  readonly content: string | KnownText
  /** Its `<Name>Output` declaration for the catalog, and the layout key it is formatted with (`null`: unformatted). */
  readonly outputType: { readonly text: string; readonly layoutKey: string | null }
}

/** A tool's planned stub (`null`: none; the `KnownText` on disk when left as it is) and what was reported. */
export interface CachedStub {
  readonly content: string | KnownText | null
  readonly diagnostics: readonly Diagnostic[]
}

/** Readers of cached values, checked field by field: a damaged or foreign entry gives `undefined`, so it is redone. */
export const cachedToolValues = {
  /** A module's part with its text (`text` finds the text kept under a hash); `undefined` if either is missing. */
  module(value: unknown, text: (hash: string) => (() => string) | undefined): CachedModule | undefined {
    if (!isRecord(value) || typeof value['hash'] !== 'string') return undefined
    const outputType = value['outputType']
    if (!isRecord(outputType) || typeof outputType['text'] !== 'string') return undefined
    const layoutKey = outputType['layoutKey']
    if (layoutKey !== null && typeof layoutKey !== 'string') return undefined
    const content = text(value['hash'])
    if (content === undefined) return undefined
    return { content: { hash: value['hash'], text: content }, outputType: { text: outputType['text'], layoutKey } }
  },
  /** The part to store for a module known by its hash (the text itself is stored under `textKey(hash)`). */
  storedModule(module: { readonly content: KnownText; readonly outputType: CachedModule['outputType'] }): object {
    return { hash: module.content.hash, outputType: module.outputType }
  },
  /** A stub planned over `existing` (the text its key holds): `content: true` stands for that text, unchanged. */
  stub(value: unknown, existing: KnownText | undefined): CachedStub | undefined {
    if (!isRecord(value)) return undefined
    const content = value['content'] === true ? existing : value['content']
    const diagnostics = cachedDiagnostics(value['diagnostics'])
    if (diagnostics === undefined) return undefined
    if (content === null || typeof content === 'string') return { content, diagnostics }
    return content === existing && existing !== undefined ? { content: existing, diagnostics } : undefined
  },
  /** The value to store for a stub planned over `existing`: a stub left as it is does not repeat its text. */
  storedStub(stub: CachedStub, existing: KnownText | undefined): object {
    if (existing !== undefined && (stub.content === existing || stub.content === existing.text())) return { content: true, diagnostics: stub.diagnostics }
    return { content: typeof stub.content === 'object' && stub.content !== null ? stub.content.text() : stub.content, diagnostics: stub.diagnostics }
  },
  text(value: unknown): string | undefined {
    return typeof value === 'string' ? value : undefined
  },
}

const isPosition = (value: unknown): value is { readonly line: number; readonly column: number } =>
  isRecord(value) && Number.isInteger(value['line']) && Number.isInteger(value['column'])

function isDeclaration(value: unknown): value is ToolDeclaration {
  if (!isRecord(value)) return false
  const { name, description, sourceFile, parameters, output, timeoutMs, concurrencySafe, presentation, annotations, approval } = value
  return (
    typeof name === 'string' &&
    typeof description === 'string' &&
    typeof sourceFile === 'string' &&
    isRecord(parameters) &&
    isRecord(output) &&
    (timeoutMs === undefined || typeof timeoutMs === 'number') &&
    (concurrencySafe === undefined || typeof concurrencySafe === 'boolean') &&
    (presentation === undefined || isRecord(presentation)) &&
    (annotations === undefined || isRecord(annotations)) &&
    (approval === undefined || approval === 'never' || approval === 'always')
  )
}

// Same text as `decodeSource`; ASCII bytes (no BOM, nothing to reject) take the fast path.
const decodedText = (bytes: Uint8Array): string =>
  isAscii(bytes) ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1') : decodeSource(bytes).text

/** A loaded declaration file to and from the plan cache; its text is kept only if not its decoded bytes. */
export const cachedDeclarationSource = {
  /** The value to store, or `undefined` when it would not come back the same through JSON (then it is not cached). */
  encode(source: LoadedDeclarationSource, bytes: Uint8Array): unknown {
    const text = decodedText(bytes) === source.text ? null : source.text
    const value = { declaration: source.declaration ?? null, diagnostics: source.diagnostics, text, nameAt: source.nameAt, name: source.name ?? null }
    return survivesJson(value) ? value : undefined
  },
  /** The loaded file a stored value holds for these `bytes`, or `undefined` when malformed. */
  decode(value: unknown, bytes: Uint8Array): LoadedDeclarationSource | undefined {
    return decodeStored(value, () => decodedText(bytes))
  },
  /** The same for a file known by `text` (its decoded text) without its bytes. */
  decodeWithText(value: unknown, text: string): LoadedDeclarationSource | undefined {
    return decodeStored(value, () => text)
  },
}

function decodeStored(value: unknown, fileText: () => string): LoadedDeclarationSource | undefined {
  if (!isRecord(value) || !isPosition(value['nameAt'])) return undefined
  const stored = value['text']
  if (stored !== null && typeof stored !== 'string') return undefined
  const declaration = value['declaration']
  if (declaration !== null && !isDeclaration(declaration)) return undefined
  const diagnostics = cachedDiagnostics(value['diagnostics'])
  if (diagnostics === undefined) return undefined
  const name = value['name']
  if (name !== null && typeof name !== 'string') return undefined
  const { line, column } = value['nameAt']
  const text = stored ?? fileText()
  return { declaration: declaration ?? undefined, diagnostics, text, nameAt: { line, column }, name: name ?? undefined }
}
