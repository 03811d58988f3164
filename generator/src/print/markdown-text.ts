// CommonMark lets a backslash escape any ASCII punctuation. Escaping every character that can open inline syntax
// (code, emphasis, links, strikethrough, math, table pipes) and every block marker a line may start with
// (headings, lists, setext underlines, ordered lists) turns arbitrary text into literal text; `<`, `>` and `&` become
// entities, so raw HTML (`</script>`, comments, the catalog markers) can never form.
const INLINE_SPECIAL = /[\\`*_[\]|~$]/g
const HTML_SPECIAL = /[<>&]/g
const ENTITIES: { readonly [char: string]: string } = { '<': '&lt;', '>': '&gt;', '&': '&amp;' }
const BLOCK_START = /^([#+=-])|^(\d+)([.)])/
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/

// Markdown renders a run of spaces or tabs as one space, and prettier writes it as one.
const SPACE_RUN = /[ \t]+/g
// Control characters (C0 but tab, DEL, C1) never reach the file raw: they become numeric character references, which
// render as the same character and keep the Markdown plain text (a NUL or an escape sequence breaks terminals, diffs
// and tools that read the catalog). Line breaks are split on before; one reaching here is escaped as well.
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/g
const reference = (char: string): string => `&#x${char.charCodeAt(0).toString(16).toUpperCase()};`

/** One line of literal text for Markdown: syntax characters escaped, HTML and control characters as entities, spaces single. */
export function markdownInline(text: string): string {
  const escaped = text
    .replace(SPACE_RUN, ' ')
    .replace(HTML_SPECIAL, (char) => ENTITIES[char] ?? char)
    .replace(CONTROL, reference)
    .replace(INLINE_SPECIAL, (char) => `\\${char}`)
  return escaped.replace(BLOCK_START, (_match, marker: string | undefined, digits: string, delimiter: string) =>
    marker === undefined ? `${digits}\\${delimiter}` : `\\${marker}`,
  )
}

/** Literal text as Markdown paragraphs: lines trimmed (no indented code), blank lines kept as paragraph breaks. */
export function markdownParagraphs(text: string): string {
  const paragraphs: string[][] = [[]]
  for (const raw of text.split(LINE_BREAK)) {
    const line = raw.trim()
    const current = paragraphs[paragraphs.length - 1] ?? []
    if (line === '') {
      if (current.length > 0) paragraphs.push([])
    } else current.push(markdownInline(line))
  }
  return paragraphs
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'))
    .join('\n\n')
}

/** Literal text for one GFM table cell: one line (breaks become `<br>`), pipes escaped. */
export function markdownTableCell(text: string): string {
  return text
    .split(LINE_BREAK)
    .map((line) => markdownInline(line.trim()))
    .filter((line) => line !== '')
    .join('<br>')
}

const BACKTICK_RUN = /`+/g

/** A backtick fence longer than any backtick run in `code` (at least three), so the block cannot end early. */
export function markdownFence(code: string): string {
  let longest = 0
  for (const run of code.match(BACKTICK_RUN) ?? []) longest = Math.max(longest, run.length)
  return '`'.repeat(Math.max(3, longest + 1))
}
