const SIMPLE_ESCAPES: { readonly [char: string]: string } = {
  n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0', '\\': '\\', "'": "'", '"': '"',
}

/**
 * The value of a string literal written `raw` (quotes included), or `undefined` for escapes the subset leaves to
 * prettier (`\u{...}`, octal, `\0` before a digit): enough to compare a key with what it spells.
 */
export function stringValue(raw: string): string | undefined {
  let value = ''
  for (let at = 1; at < raw.length - 1; at++) {
    const char = raw[at] as string
    if (char !== '\\') {
      value += char
      continue
    }
    const next = raw[at + 1] as string
    if (next === 'u') {
      const hex = raw.slice(at + 2, at + 6)
      if (!/^[0-9A-Fa-f]{4}$/.test(hex)) return undefined
      value += String.fromCharCode(Number.parseInt(hex, 16))
      at += 5
    } else if (next === 'x') {
      const hex = raw.slice(at + 2, at + 4)
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined
      value += String.fromCharCode(Number.parseInt(hex, 16))
      at += 3
    } else if (next === '0' && /[0-9]/.test(raw[at + 2] ?? '')) {
      return undefined
    } else if (/[1-9]/.test(next)) {
      return undefined
    } else {
      value += SIMPLE_ESCAPES[next] ?? next
      at += 1
    }
  }
  return value
}
