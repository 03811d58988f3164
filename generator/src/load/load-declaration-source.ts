import type { Diagnostic } from '../model/diagnostic.js'
import { TOOL_NAME_PATTERN, type ToolDeclaration } from '../model/tool-declaration.js'
import { readBlockYaml } from './block-yaml.js'
import { checkDeclaration, DECLARATION_FIELDS, PRESENTATION_FIELDS } from './check-declaration.js'
import { decodeSource } from './decode-source.js'
import { MAX_SOURCE_BYTES } from './read-source-file.js'
import { pointerTokens, readYamlJson } from './read-yaml-json.js'
import { capDiagnostics } from './source-diagnostics.js'
import { didYouMean, SPEC_KEYWORDS } from './suggest-name.js'

/** One declaration file after loading: the declaration when it was valid, every problem otherwise. */
export interface LoadedDeclarationSource {
  readonly declaration: ToolDeclaration | undefined
  readonly diagnostics: readonly Diagnostic[]
  /** The decoded text (lossy when it was not UTF-8), for code frames. */
  readonly text: string
  /** Where the `name` value is written, for errors that involve two files. */
  readonly nameAt: { readonly line: number; readonly column: number }
  /** The declared name when valid, even if the file has other problems, for the cross-file checks. */
  readonly name: string | undefined
}

/** Loads one `*.tool.yaml` from its bytes: decode, parse, convert to JSON, check. Never throws on bad input. */
export function loadDeclarationSource(file: string, bytes: Uint8Array): LoadedDeclarationSource {
  return loadValid(file, bytes) ?? loadLocated(file, bytes)
}

// Fast path for valid files (no syntax tree); on any problem `undefined`, and the full path re-reads to locate it all.
function loadValid(file: string, bytes: Uint8Array): LoadedDeclarationSource | undefined {
  if (bytes.length > MAX_SOURCE_BYTES) return undefined
  const decoded = decodeSource(bytes)
  if (!decoded.ok) return undefined
  const read = readBlockYaml(decoded.text)
  if (read === undefined || read.nameAt === undefined) return undefined
  let clean = true
  const declaration = checkDeclaration(read.value, file, () => {
    clean = false
  })
  if (!clean || declaration === undefined) return undefined
  return { declaration, diagnostics: [], text: decoded.text, nameAt: read.nameAt, name: declaration.name }
}

/** The full path: yaml's parser and composer, every problem located. */
function loadLocated(file: string, bytes: Uint8Array): LoadedDeclarationSource {
  const read = readYamlJson(file, bytes)
  if (!read.ok) return { declaration: undefined, diagnostics: capDiagnostics(read.diagnostics.list), text: read.text, nameAt: { line: 1, column: 1 }, name: undefined }
  const { diagnostics } = read
  const checked = checkDeclaration(read.value, file, (pointer, code, message) => {
    // A problem with the key itself (unknown field or keyword) is shown at the key.
    const unknownKeyword = /: unknown keyword "/.test(message)
    const missing = code === 'missing-field' && pointer === '' ? /^missing required field "([^"]+)"/.exec(message)?.[1] : undefined
    if (missing !== undefined) {
      const place = read.locateMissing(missing, DECLARATION_FIELDS)
      diagnostics.error(place.offset, code, place.after === undefined ? message : `${message}, after ${JSON.stringify(place.after)}`)
      return
    }
    const offset = read.locate(pointer, code === 'unknown-field' || unknownKeyword || /: "[^"]+" is not allowed on /.test(message))
    const suggestion = code === 'unknown-field' || unknownKeyword ? suggestionFor(pointer, unknownKeyword) : ''
    diagnostics.error(offset, code, message + suggestion + read.hintAt(offset))
  })
  const declaration = diagnostics.list.some((diagnostic) => diagnostic.severity === 'error') ? undefined : checked
  const raw: unknown = typeof read.value === 'object' && read.value !== null && Object.hasOwn(read.value, 'name') ? (read.value as { name: unknown }).name : undefined
  const name = typeof raw === 'string' && TOOL_NAME_PATTERN.test(raw) ? raw : undefined
  return { declaration, diagnostics: capDiagnostics(diagnostics.list), text: read.text, nameAt: diagnostics.position(read.locate('/name')), name }
}

/** A "did you mean" for the unknown key at `pointer` (a declaration field, a presentation field or a spec keyword). */
function suggestionFor(pointer: string, keyword: boolean): string {
  const tokens = pointerTokens(pointer)
  const key = tokens[tokens.length - 1]
  if (key === undefined) return ''
  if (keyword) return didYouMean(key, SPEC_KEYWORDS)
  if (tokens.length === 1) return didYouMean(key, DECLARATION_FIELDS)
  if (tokens.length === 2 && tokens[0] === 'presentation') return didYouMean(key, PRESENTATION_FIELDS)
  return ''
}
