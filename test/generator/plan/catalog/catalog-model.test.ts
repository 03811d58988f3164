import { describe, expect, test } from 'vitest'
import { markdownFence, markdownInline, markdownParagraphs, markdownTableCell } from '../../../../generator/src/plan/catalog/catalog-model.js'

describe('Markdown text', () => {
  test.each([
    ['emphasis, code and links', '*a* _b_ `c` [d](e) ~~f~~ $g$', '\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) \\~\\~f\\~\\~ \\$g\\$'],
    ['HTML and entities', '</script><!-- x --> & &amp;', '&lt;/script&gt;&lt;!-- x --&gt; &amp; &amp;amp;'],
    ['a heading marker', '# title', '\\# title'],
    ['a list marker', '- item', '\\- item'],
    ['an ordered list marker', '12. item', '12\\. item'],
    ['a setext underline', '===', '\\==='],
    ['a table pipe', 'a | b', 'a \\| b'],
    ['a backslash', 'a\\b', 'a\\\\b'],
    ['plain words', 'Read a file.', 'Read a file.'],
  ])('inline: %s', (_name, given, want) => {
    expect(markdownInline(given)).toBe(want)
  })

  test('paragraphs trim lines (no indented code) and keep blank-line breaks', () => {
    expect(markdownParagraphs('  one\n    two\n\n\n# three\r\nfour')).toBe('one\ntwo\n\n\\# three\nfour')
  })

  test('a table cell is one line with escaped pipes', () => {
    expect(markdownTableCell('a | b\nc\u2028d\n\ne')).toBe('a \\| b<br>c<br>d<br>e')
  })

  test('a fence is longer than any backtick run inside the code', () => {
    expect(markdownFence('no ticks')).toBe('```')
    expect(markdownFence('a ``` b')).toBe('````')
    expect(markdownFence('`````')).toBe('``````')
  })
})
