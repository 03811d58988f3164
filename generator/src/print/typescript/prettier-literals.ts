// prettier's string and number printing for the TypeScript parser, reproduced for the subset's layout. A string keeps
// its escapes; only its quotes change (the preferred quote unless the text holds more of those than of the other).

const QUOTE_OR_ESCAPE = /\\(["'\\])|(["'])/g

function enclosingQuote(content: string, singleQuote: boolean): "'" | '"' {
  const preferred = singleQuote ? "'" : '"'
  const alternate = singleQuote ? '"' : "'"
  let preferredCount = 0
  let alternateCount = 0
  for (const char of content) {
    if (char === preferred) preferredCount++
    else if (char === alternate) alternateCount++
  }
  return preferredCount > alternateCount ? alternate : preferred
}

/** A string literal written `raw` as prettier prints it with `singleQuote`. */
export function printStringLiteral(raw: string, singleQuote: boolean): string {
  const content = raw.slice(1, -1)
  const quote = enclosingQuote(content, singleQuote)
  if (raw.charAt(0) === quote) return raw
  const other = quote === '"' ? "'" : '"'
  const requoted = content.replace(QUOTE_OR_ESCAPE, (match, escaped: string | undefined, bare: string | undefined) =>
    escaped !== undefined ? (escaped === other ? escaped : match) : bare === quote ? `\\${bare}` : (bare ?? ''),
  )
  return `${quote}${requoted}${quote}`
}

const countOf = (text: string, char: string): number => {
  let count = 0
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) count++
  return count
}

/**
 * `printStringLiteral(raw, singleQuote)` for `raw`, a JSON string literal (`tsStringLiteral`), in a few passes over the
 * text instead of one replacement per quote: JSON escapes every `"` and no `'`, so requoting only unescapes the one
 * and escapes the other. For literals of a megabyte (the Code Mode SDK module).
 */
export function printJsonStringLiteral(raw: string, singleQuote: boolean): string {
  const content = raw.slice(1, -1)
  const doubles = countOf(content, '"')
  const singles = countOf(content, "'")
  const quote = singleQuote ? (singles > doubles ? '"' : "'") : doubles > singles ? "'" : '"'
  return quote === '"' ? raw : `'${content.replaceAll("'", "\\'").replaceAll('\\"', '"')}'`
}

/** A number literal as prettier prints it (lower case, no `+` in exponents, no trailing zeros or dot). */
export function printNumberLiteral(raw: string): string {
  if (raw.length === 1) return raw
  return raw
    .toLowerCase()
    .replace(/^([+-]?[\d.]+e)(?:\+|(-))?0*(?=\d)/, '$1$2')
    .replace(/^([+-]?[\d.]+)e[+-]?0+$/, '$1')
    .replace(/^([+-])?\./, '$10.')
    .replace(/(\.\d+?)0+(?=e|$)/, '$1')
    .replace(/\.(?=e|$)/, '')
}
