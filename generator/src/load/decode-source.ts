/** The text of a source file, or where its first invalid UTF-8 sequence starts. */
export type DecodedSource =
  | { readonly ok: true; readonly text: string }
  | {
      readonly ok: false
      /** The text with every bad sequence replaced by U+FFFD, for code frames. */
      readonly text: string
      readonly line: number
      /** 1-based column in UTF-16 code units, as the YAML positions count. */
      readonly column: number
      readonly message: string
    }

const BOM = 0xfeff

/** Decodes UTF-8 strictly, dropping a leading BOM; on bad bytes, locates the first bad sequence by line and column. */
export function decodeSource(bytes: Uint8Array): DecodedSource {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
  } catch {
    return locateBadSequence(bytes)
  }
}

function locateBadSequence(bytes: Uint8Array): DecodedSource {
  const text = new TextDecoder('utf-8').decode(bytes)
  let lineStart = 0
  // A newline byte never occurs inside a multi-byte sequence, so lines decode independently.
  for (let line = 1; ; line++) {
    const newline = bytes.indexOf(0x0a, lineStart)
    const lineEnd = newline < 0 ? bytes.length : newline
    const lineBytes = bytes.subarray(lineStart, lineEnd)
    if (!decodes(lineBytes, line === 1, false) || newline < 0) {
      const good = longestGoodPrefix(lineBytes, line === 1)
      const offset = lineStart + good.bytes
      const byte = bytes[offset] ?? 0
      return {
        ok: false,
        text: text.charCodeAt(0) === BOM ? text.slice(1) : text,
        line,
        column: good.chars + 1,
        message:
          `the file is not valid UTF-8: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} ` +
          `at byte offset ${offset} does not start a complete UTF-8 character; save the file as UTF-8`,
      }
    }
    lineStart = lineEnd + 1
  }
}

function decodes(bytes: Uint8Array, firstLine: boolean, stream: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: !firstLine }).decode(bytes, { stream })
    return true
  } catch {
    return false
  }
}

// Bisection works: a prefix of a good prefix is good (stream mode holds back a trailing incomplete character).
function longestGoodPrefix(line: Uint8Array, firstLine: boolean): { bytes: number; chars: number } {
  let low = 0
  let high = line.length
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (decodes(line.subarray(0, mid), firstLine, true)) low = mid
    else high = mid - 1
  }
  const decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: !firstLine }).decode(line.subarray(0, low), {
    stream: true,
  })
  // The complete characters decoded so far, measured back in bytes (BOM included on line 1).
  const hadBom = firstLine && line[0] === 0xef && line[1] === 0xbb && line[2] === 0xbf
  return { bytes: Buffer.byteLength(decoded, 'utf8') + (hadBom ? 3 : 0), chars: decoded.length }
}
