// prettier's questions about the original text (hasNewline, isNextLineEmpty and their skips), asked the same way.

type Skip = (text: string, index: number | false, backwards?: boolean) => number | false

function skipChars(chars: string): Skip {
  return (text, index, backwards = false) => {
    if (index === false) return false
    let at = index
    while (at >= 0 && at < text.length) {
      if (!chars.includes(text.charAt(at))) return at
      at += backwards ? -1 : 1
    }
    return at === -1 || at === text.length ? at : false
  }
}

const skipSpaces = skipChars(' \t')
const skipToLineEnd = skipChars(',; \t')

function skipInlineComment(text: string, index: number | false): number | false {
  if (index === false) return false
  if (text.charAt(index) === '/' && text.charAt(index + 1) === '*') {
    for (let at = index + 2; at < text.length; at++) if (text.charAt(at) === '*' && text.charAt(at + 1) === '/') return at + 2
  }
  return index
}

function skipTrailingComment(text: string, index: number | false): number | false {
  if (index === false) return false
  if (text.charAt(index) !== '/' || text.charAt(index + 1) !== '/') return index
  let at = index
  while (at < text.length && !'\n\r'.includes(text.charAt(at))) at++
  return at
}

function isLineBreak(char: string): boolean {
  return char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029'
}

function skipNewline(text: string, index: number | false, backwards = false): number | false {
  if (index === false) return false
  const char = text.charAt(index)
  if (backwards) {
    if (text.charAt(index - 1) === '\r' && char === '\n') return index - 2
    return isLineBreak(char) ? index - 1 : index
  }
  if (char === '\r' && text.charAt(index + 1) === '\n') return index + 2
  return isLineBreak(char) ? index + 1 : index
}

/** prettier's `hasNewline`: a line break after `index` (or before it, backwards), past spaces and tabs only. */
export function hasNewline(text: string, index: number | false, backwards = false): boolean {
  if (index === false) return false
  const spaced = skipSpaces(text, backwards ? index - 1 : index, backwards)
  return spaced !== skipNewline(text, spaced, backwards)
}

/** prettier's `hasNewlineInRange`. */
export function hasNewlineInRange(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) if (text.charAt(at) === '\n') return true
  return false
}

/** prettier's `isNextLineEmpty`: a blank line follows the node ending at `end` (past `,`/`;` and comments). */
export function isNextLineEmpty(text: string, end: number): boolean {
  let previous: number | false | null = null
  let at: number | false = end
  while (at !== previous) {
    previous = at
    at = skipToLineEnd(text, at)
    at = skipInlineComment(text, at)
    at = skipSpaces(text, at)
  }
  at = skipTrailingComment(text, at)
  at = skipNewline(text, at)
  return at !== false && hasNewline(text, at)
}

/** Whether a blank line follows a leading comment ending at `end` (prettier keeps one there). */
export function blankLineAfterComment(text: string, end: number): boolean {
  const at = skipNewline(text, skipSpaces(text, end))
  return at !== false && hasNewline(text, at)
}

/** prettier's `isPreviousLineEmpty(text, start)`: a blank line right before the line `start` is on. */
export function isPreviousLineEmpty(text: string, start: number): boolean {
  let at = skipSpaces(text, start - 1, true)
  at = skipNewline(text, at, true)
  at = skipSpaces(text, at, true)
  return at !== skipNewline(text, at, true)
}
