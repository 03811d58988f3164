import { pointerTokens } from '../load/read-yaml-json.js'
/** The input file read as JSON (or JSON Lines, as BFCL ships), with positions for JSON Pointers into it. */
export type JsonInput =
  | { readonly ok: true; readonly value: unknown; readonly locate: (pointer: string) => { line: number; column: number } }
  | { readonly ok: false; readonly line: number; readonly column: number; readonly message: string }

/** Parses JSON, else JSON Lines (the list of the lines' values); positions are found lazily (one `JSON.parse`). */
export function readJsonInput(text: string): JsonInput {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  const offset = text.length - body.length
  try {
    const value: unknown = JSON.parse(body)
    const position = positions(text)
    const locator = new JsonLocator(text)
    return { ok: true, value, locate: (pointer) => position(locator.locate(offset, pointer)) }
  } catch (error) {
    const lines = body.split('\n')
    const starts: number[] = []
    const values: unknown[] = []
    let start = offset
    for (const line of lines) {
      if (line.trim() !== '') {
        try {
          values.push(JSON.parse(line))
          starts.push(start)
        } catch (lineError) {
          // Neither JSON nor JSON Lines: report the whole-document error when the first line already fails.
          const failed = values.length === 0 ? error : lineError
          const at = values.length === 0 ? errorOffset(body) + offset : start + errorOffset(line)
          return { ok: false, ...positions(text)(at), message: `the file is neither JSON nor JSON Lines: ${(failed as Error).message}` }
        }
      }
      start += line.length + 1
    }
    if (values.length < 2) {
      return { ok: false, ...positions(text)(errorOffset(body) + offset), message: `the file is not JSON: ${(error as Error).message}` }
    }
    const at = positions(text)
    const locator = new JsonLocator(text)
    return {
      ok: true,
      value: values,
      locate: (pointer) => {
        const [first, ...rest] = pointer === '' ? [] : pointer.slice(1).split('/')
        const index = first === undefined ? -1 : Number(first)
        const lineStart = starts[index]
        if (lineStart === undefined) return at(offset)
        return at(locator.locate(lineStart, rest.length === 0 ? '' : `/${rest.join('/')}`))
      },
    }
  }
}

/** Where JSON text stops being valid: not every Node version's parse error gives the position. */
function errorOffset(text: string): number {
  let index = 0
  const space = (): void => {
    while (index < text.length && ' \t\n\r'.includes(text[index] as string)) index++
  }
  const fail = (): never => {
    throw index
  }
  const literal = (word: string): void => {
    if (text.startsWith(word, index)) index += word.length
    else fail()
  }
  const string = (): void => {
    index++
    for (;;) {
      if (index >= text.length) fail()
      const char = text.charCodeAt(index)
      if (char === 0x22) {
        index++
        return
      }
      if (char < 0x20) fail()
      if (char === 0x5c) {
        const next = text[index + 1]
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) fail()
          index += 6
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) index += 2
        else fail()
      } else index++
    }
  }
  const value = (depth: number): void => {
    space()
    const char = text[index]
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']'
      index++
      space()
      if (text[index] === close) {
        index++
        return
      }
      for (;;) {
        space()
        if (close === '}') {
          if (text[index] !== '"') fail()
          string()
          space()
          if (text[index] !== ':') fail()
          index++
        }
        value(depth + 1)
        space()
        if (text[index] === ',') index++
        else if (text[index] === close) {
          index++
          return
        } else fail()
      }
    }
    if (char === '"') return string()
    if (char === 't') return literal('true')
    if (char === 'f') return literal('false')
    if (char === 'n') return literal('null')
    const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(index, index + 400))
    if (match === null) fail()
    index += (match as RegExpExecArray)[0].length
  }
  try {
    value(0)
    space()
    return index
  } catch (offset) {
    return offset as number
  }
}

/** Line and column of offsets in one text, from its line starts found once. */
function positions(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0]
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1)
  return (offset) => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((starts[middle] as number) <= offset) low = middle
      else high = middle - 1
    }
    return { line: low + 1, column: offset - (starts[low] as number) + 1 }
  }
}

/** Offsets of what JSON Pointers name in valid JSON (a member at its key, else the deepest existing value). */
export class JsonLocator {
  // Per container offset: each member's key offset (objects) or start (arrays), and where its value starts.
  readonly #members = new Map<number, Map<string, { shown: number; value: number }>>()

  constructor(private readonly text: string) {}

  locate(start: number, pointer: string): number {
    const tokens = pointerTokens(pointer)
    let index = skipSpace(this.text, start)
    let shown = index
    for (const token of tokens) {
      const member = this.#membersOf(index)?.get(token)
      if (member === undefined) return shown
      shown = member.shown
      index = member.value
    }
    return shown
  }

  #membersOf(index: number): Map<string, { shown: number; value: number }> | undefined {
    const open = this.text[index]
    if (open !== '{' && open !== '[') return undefined
    let members = this.#members.get(index)
    if (members !== undefined) return members
    members = new Map()
    const text = this.text
    let at = skipSpace(text, index + 1)
    if (open === '{') {
      while (text[at] === '"') {
        const keyStart = at
        const keyEnd = skipString(text, at)
        // Most keys have no escape: the text between the quotes is the key.
        const raw = text.slice(keyStart + 1, keyEnd - 1)
        const key = raw.includes('\\') ? (JSON.parse(text.slice(keyStart, keyEnd)) as string) : raw
        at = skipSpace(text, skipSpace(text, keyEnd) + 1) // past ':'
        if (!members.has(key)) members.set(key, { shown: keyStart, value: at })
        at = skipSpace(text, skipValue(text, at))
        if (text[at] === ',') at = skipSpace(text, at + 1)
      }
    } else {
      for (let item = 0; at < text.length && text[at] !== ']'; item++) {
        members.set(String(item), { shown: at, value: at })
        at = skipSpace(text, skipValue(text, at))
        if (text[at] === ',') at = skipSpace(text, at + 1)
      }
    }
    this.#members.set(index, members)
    return members
  }
}

function skipSpace(text: string, index: number): number {
  for (let char = text.charCodeAt(index); char === 0x20 || char === 0x0a || char === 0x0d || char === 0x09; char = text.charCodeAt(++index));
  return index
}

function skipString(text: string, index: number): number {
  for (let quote = text.indexOf('"', index + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    // A quote ends the string unless an odd number of backslashes precede it.
    let backslashes = 0
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++
    if (backslashes % 2 === 0) return quote + 1
  }
  return text.length
}

function skipValue(text: string, index: number): number {
  const first = text.charCodeAt(index)
  if (first === 0x22) return skipString(text, index)
  if (first !== 0x7b && first !== 0x5b) {
    // A number or a literal: up to the next delimiter.
    for (let char = first; index < text.length && char !== 0x2c && char !== 0x7d && char !== 0x5d && char !== 0x20 && char !== 0x0a && char !== 0x0d && char !== 0x09; char = text.charCodeAt(++index));
    return index
  }
  let depth = 0
  for (let i = index; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (char === 0x22) i = skipString(text, i) - 1
    else if (char === 0x7b || char === 0x5b) depth++
    else if (char === 0x7d || char === 0x5d) {
      depth--
      if (depth === 0) return i + 1
    }
  }
  return text.length
}
