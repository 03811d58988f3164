import { decodeSource } from '../load/decode-source.js'
import type { LoadedDeclarationSource } from '../load/load-declaration-source.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { cachedDiagnostics } from './cached-diagnostics.js'
import { survivesJson } from './survives-json.js'

const isObject = (value: unknown): value is { readonly [key: string]: unknown } => typeof value === 'object' && value !== null && !Array.isArray(value)
const isPosition = (value: unknown): value is { readonly line: number; readonly column: number } =>
  isObject(value) && Number.isInteger(value['line']) && Number.isInteger(value['column'])

function isDeclaration(value: unknown): value is ToolDeclaration {
  if (!isObject(value)) return false
  const { name, description, sourceFile, parameters, output, timeoutMs, concurrencySafe, presentation, annotations, approval } = value
  return (
    typeof name === 'string' &&
    typeof description === 'string' &&
    typeof sourceFile === 'string' &&
    isObject(parameters) &&
    isObject(output) &&
    (timeoutMs === undefined || typeof timeoutMs === 'number') &&
    (concurrencySafe === undefined || typeof concurrencySafe === 'boolean') &&
    (presentation === undefined || isObject(presentation)) &&
    (annotations === undefined || isObject(annotations)) &&
    (approval === undefined || approval === 'never' || approval === 'always')
  )
}

/**
 * A loaded declaration file as the plan cache keeps it, and back; see `loadDeclarationSource`. Its text is not kept
 * when it is the file's bytes decoded (`decodeSource`, as the loader decodes them): it is decoded again instead.
 */
export const cachedDeclarationSource = {
  /** The value to store, or `undefined` when it would not come back the same through JSON (then it is not cached). */
  encode(source: LoadedDeclarationSource, bytes: Uint8Array): unknown {
    const text = decodeSource(bytes).text === source.text ? null : source.text
    const value = { declaration: source.declaration ?? null, diagnostics: source.diagnostics, text, nameAt: source.nameAt, name: source.name ?? null }
    return survivesJson(value) ? value : undefined
  },
  /** The loaded file a stored value holds (for the file of these `bytes`), or `undefined` when it is not of that shape. */
  decode(value: unknown, bytes: Uint8Array): LoadedDeclarationSource | undefined {
    if (!isObject(value) || !isPosition(value['nameAt'])) return undefined
    const stored = value['text']
    if (stored !== null && typeof stored !== 'string') return undefined
    const declaration = value['declaration']
    if (declaration !== null && !isDeclaration(declaration)) return undefined
    const diagnostics = cachedDiagnostics(value['diagnostics'])
    if (diagnostics === undefined) return undefined
    const name = value['name']
    if (name !== null && typeof name !== 'string') return undefined
    const { line, column } = value['nameAt']
    const text = stored ?? decodeSource(bytes).text
    return { declaration: declaration ?? undefined, diagnostics, text, nameAt: { line, column }, name: name ?? undefined }
  },
}
