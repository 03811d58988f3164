/** A comment token's content: `//` (line) or `/* *\/` (block), `value` between the delimiters. */
export interface SourceComment {
  readonly block: boolean
  readonly start: number
  readonly end: number
  readonly value: string
}

/** One token of the subset: a name, a string or number literal, a punctuator, or a comment. */
export interface Token {
  readonly kind: 'name' | 'string' | 'number' | 'punct' | 'comment'
  readonly text: string
  readonly start: number
  readonly end: number
  /** For a comment token. */
  readonly comment?: SourceComment
}

// Single-character punctuators; `=>` and `...` are read before them.
const PUNCTUATORS = new Set(['{', '}', '(', ')', '[', ']', '<', '>', ':', ';', ',', '.', '?', '|', '&', '=', '-'])
const NUMBER = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/

function isNameStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f || code === 0x24
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39
}

/** `text`'s tokens without whitespace, or `undefined` outside the subset (non-ASCII names, `\r`, templates, regex). */
export function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = []
  let at = 0
  const length = text.length
  while (at < length) {
    const char = text[at] as string
    if (char === ' ' || char === '\t' || char === '\n') {
      at++
      continue
    }
    const start = at
    if (char === '/' && text[at + 1] === '/') {
      const newline = text.indexOf('\n', at)
      const end = newline === -1 ? length : newline
      if (!plainCommentText(text, at + 2, end)) return undefined
      tokens.push({ kind: 'comment', text: text.slice(at, end), start, end, comment: { block: false, start, end, value: text.slice(at + 2, end) } })
      at = end
      continue
    }
    if (char === '/' && text[at + 1] === '*') {
      const close = text.indexOf('*/', at + 2)
      if (close === -1 || !plainCommentText(text, at + 2, close)) return undefined
      const end = close + 2
      tokens.push({ kind: 'comment', text: text.slice(at, end), start, end, comment: { block: true, start, end, value: text.slice(at + 2, close) } })
      at = end
      continue
    }
    if (char === "'" || char === '"') {
      const end = stringEnd(text, at)
      if (end === undefined) return undefined
      tokens.push({ kind: 'string', text: text.slice(at, end), start, end })
      at = end
      continue
    }
    const code = text.charCodeAt(at)
    if (isNameStart(code)) {
      at++
      for (let next = text.charCodeAt(at); isNameStart(next) || isDigit(next); next = text.charCodeAt(at)) at++
      tokens.push({ kind: 'name', text: text.slice(start, at), start, end: at })
      continue
    }
    if (isDigit(code)) {
      at++
      while (at < length) {
        const next = text[at] as string
        // A sign belongs to the number only right after an exponent letter.
        const sign = next === '+' || next === '-'
        if (!(isDigit(next.charCodeAt(0)) || next === '.' || next === 'e' || next === 'E' || (sign && /[eE]/.test(text[at - 1] as string)))) break
        at++
      }
      const raw = text.slice(start, at)
      if (!NUMBER.test(raw)) return undefined
      tokens.push({ kind: 'number', text: raw, start, end: at })
      continue
    }
    const punctuator = text.startsWith('=>', at) ? '=>' : text.startsWith('...', at) ? '...' : PUNCTUATORS.has(char) ? char : undefined
    if (punctuator === undefined) return undefined
    tokens.push({ kind: 'punct', text: punctuator, start, end: at + punctuator.length })
    at += punctuator.length
  }
  return tokens
}

// Anything but U+2028/U+2029 (they end a line for prettier) and `\r` (left to prettier everywhere).
function plainCommentText(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index)
    if (code === 0x0d || code === 0x2028 || code === 0x2029) return false
  }
  return true
}

function stringEnd(text: string, open: number): number | undefined {
  const quote = text[open]
  for (let at = open + 1; at < text.length; at++) {
    const char = text[at]
    if (char === '\\') {
      const next = text[at + 1]
      // A line continuation or an escaped line break changes what the literal spans; leave that to prettier.
      if (next === undefined || next === '\n' || next === '\r' || next === '\u2028' || next === '\u2029') return undefined
      at++
      continue
    }
    if (char === quote) return at + 1
    if (char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029') return undefined
  }
  return undefined
}
