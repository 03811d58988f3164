import { decodeSource } from './decode-source.js'
import { locateJsonPointer, locateMissingMember } from './locate-json-pointer.js'
import { parseYamlSource } from './parse-yaml-source.js'
import { SourceDiagnostics } from './source-diagnostics.js'
import { MAX_SOURCE_BYTES } from './source-limits.js'
import { yamlToJson } from './yaml-to-json.js'

/** A YAML file read as JSON, or every problem that stopped it. */
export type YamlJsonSource =
  | {
      readonly ok: true
      readonly value: unknown
      readonly text: string
      /** The offset a JSON Pointer into `value` stands for in the text (with `atKey`, a member's key). */
      readonly locate: (pointer: string, atKey?: boolean) => number
      /** Where `key`, missing from the root mapping, belongs in the order of `fields`, and the field it follows. */
      readonly locateMissing: (key: string, fields: readonly string[]) => { offset: number; after: string | undefined }
      /** A hint to add to a problem at this offset (a value cut off by a comma), or ''. */
      readonly hintAt: (offset: number) => string
      /** Where further problems of this file go; it may already hold recoverable ones (then the file is invalid). */
      readonly diagnostics: SourceDiagnostics
    }
  | { readonly ok: false; readonly text: string; readonly diagnostics: SourceDiagnostics }

const COMMA_HINT = ' (inside { } a comma ends the value before it, so the rest became a key: quote text that holds a comma)'

/**
 * Turns the bytes of one YAML file (a declaration or the config) into plain JSON with positions:
 * size cap, strict UTF-8 (BOM accepted), one document, bounded depth and expansion, no tags.
 */
export function readYamlJson(file: string, bytes: Uint8Array): YamlJsonSource {
  if (bytes.length > MAX_SOURCE_BYTES) {
    const diagnostics = new SourceDiagnostics(file, undefined)
    diagnostics.errorAt(1, 1, 'file-too-large', `the file is ${bytes.length} bytes; toolsmith reads YAML files of at most ${MAX_SOURCE_BYTES} bytes`)
    return { ok: false, text: '', diagnostics }
  }
  const decoded = decodeSource(bytes)
  if (!decoded.ok) {
    const diagnostics = new SourceDiagnostics(file, undefined)
    diagnostics.errorAt(decoded.line, decoded.column, 'invalid-utf8', decoded.message)
    return { ok: false, text: decoded.text, diagnostics }
  }
  const text = decoded.text
  let parsed: ReturnType<typeof parseYamlSource>
  let json: ReturnType<typeof yamlToJson>
  try {
    parsed = parseYamlSource(text, file)
    if (parsed.document === undefined) return { ok: false, text, diagnostics: parsed.diagnostics }
    json = yamlToJson(parsed.document, parsed.diagnostics)
  } catch (error) {
    // The parser has bounds of its own, but no input may crash the run: it becomes this file's error.
    const diagnostics = new SourceDiagnostics(file, undefined)
    diagnostics.errorAt(1, 1, 'yaml-syntax', `the YAML parser failed on this file: ${error instanceof Error ? error.message : String(error)}`)
    return { ok: false, text, diagnostics }
  }
  const { diagnostics } = parsed
  // Recoverable problems (already in `diagnostics`) leave a value whose other problems are still worth finding.
  if (json.stopped) return { ok: false, text, diagnostics }
  const root = parsed.document.contents
  const locate = (pointer: string, atKey = false): number =>
    root === null ? (parsed.document?.range[0] ?? 0) : locateJsonPointer(root, pointer, json.aliases, atKey)
  const locateMissing = (key: string, fields: readonly string[]): { offset: number; after: string | undefined } => locateMissingMember(root, key, fields, text)
  const hintAt = (offset: number): string => (json.commaSplitKeys.has(offset) ? COMMA_HINT : '')
  return { ok: true, value: json.value, text, locate, locateMissing, hintAt, diagnostics }
}
