import { escapeControlCharacters } from './control-characters.js'

// `*/` would close the comment early; line separators would end a line inside it. Both are neutralised,
// and each line gets the ` * ` prefix so no line can start a new construct. Control characters are escaped.
const COMMENT_CLOSE = /\*\//g
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/

/** A JSDoc block (`/** ... *\/`) holding `text` safely; one-line texts stay on one line. */
export function jsdocComment(text: string, indent = ''): string {
  const lines = text
    .replace(COMMENT_CLOSE, '*\\/')
    .split(LINE_BREAK)
    .map((line) => escapeControlCharacters(line.trimEnd()))
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  if (lines.length === 1) return `${indent}/** ${lines[0]} */`
  return [`${indent}/**`, ...lines.map((line) => (line === '' ? `${indent} *` : `${indent} * ${line}`)), `${indent} */`].join('\n')
}
