import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { replaceCatalogRegion } from '../../../../generator/src/plan/catalog/plan-catalogs.js'
import { FIXTURES } from '../fixture-project.js'

const OPEN = '<!-- toolsmith:catalog -->'
const CLOSE = '<!-- /toolsmith:catalog -->'
const SECTION = '## a\n\nText.\n'

describe('a valid region', () => {
  test.each([
    ['stale text between the markers', `intro\n${OPEN}\nold\nolder\n${CLOSE}\noutro\n`, `intro\n${OPEN}\n\n## a\n\nText.\n\n${CLOSE}\noutro\n`],
    ['an empty region', `${OPEN}\n${CLOSE}`, `${OPEN}\n\n## a\n\nText.\n\n${CLOSE}`],
    ['markers shown in fenced code are text', `\`\`\`md\n${OPEN}\n${CLOSE}\n\`\`\`\n${OPEN}\nx\n${CLOSE}\n`, `\`\`\`md\n${OPEN}\n${CLOSE}\n\`\`\`\n${OPEN}\n\n## a\n\nText.\n\n${CLOSE}\n`],
    ['indented markers and a tilde fence', `~~~\n${CLOSE}\n~~~\n  ${OPEN}  \n${CLOSE}\n`, `~~~\n${CLOSE}\n~~~\n  ${OPEN}  \n\n## a\n\nText.\n\n${CLOSE}\n`],
    ['CRLF line ends are kept, the section follows them', `a\r\n${OPEN}\r\nx\r\n${CLOSE}\r\nb\r\n`, `a\r\n${OPEN}\r\n\r\n## a\r\n\r\nText.\r\n\r\n${CLOSE}\r\nb\r\n`],
  ])('%s', (_name, given, want) => {
    expect(replaceCatalogRegion('README.md', given, SECTION)).toEqual({ ok: true, text: want })
  })

  test('an empty section leaves one blank line', () => {
    expect(replaceCatalogRegion('R.md', `${OPEN}\nx\n${CLOSE}\n`, '')).toEqual({ ok: true, text: `${OPEN}\n\n${CLOSE}\n` })
  })
})

describe('bad markers are reported with their line, and the file is not changed', () => {
  test.each([
    ['no markers at all', 'just text\n', 1, 'no <!-- toolsmith:catalog -->'],
    ['an unclosed region', `a\n${OPEN}\nb\n`, 2, 'never closed'],
    ['a close without an open', `a\nb\n${CLOSE}\n`, 3, 'without'],
    ['close before open', `${CLOSE}\n${OPEN}\n`, 1, 'comes before'],
    ['a second open', `${OPEN}\n${CLOSE}\n${OPEN}\n${CLOSE}\n`, 3, 'a second <!-- toolsmith:catalog -->'],
    ['a second close', `${OPEN}\n${CLOSE}\n\n${CLOSE}\n`, 4, 'a second <!-- /toolsmith:catalog -->'],
    ['the only markers are inside fenced code', `\`\`\`\n${OPEN}\n${CLOSE}\n\`\`\`\n`, 1, 'no <!-- toolsmith:catalog -->'],
  ])('%s', (_name, given, line, message) => {
    const result = replaceCatalogRegion('docs/page.md', given, SECTION)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.diagnostic).toMatchObject({ severity: 'error', code: 'catalog-region', file: 'docs/page.md', line, column: 1 })
    expect(result.diagnostic.message).toContain(message)
  })
})

describe('the regions fixture', () => {
  const read = (path: string): string => readFileSync(join(FIXTURES, 'regions', path), 'utf8')
  const region = (text: string): string => text.slice(text.lastIndexOf(OPEN) + OPEN.length, text.lastIndexOf(CLOSE))

  test('every region file holds the same generated section, which is the catalog page after its intro', () => {
    const english = region(read('expected/README.md'))
    const korean = region(read('expected/docs/README.ko.md')).replaceAll('\r\n', '\n')
    expect(korean).toBe(english)
    const page = read('expected/docs/tools.md')
    expect(page.slice(page.indexOf('\n## ') + 1)).toBe(english.trim().concat('\n'))
  })

  test('everything outside the markers is byte for byte what was there', () => {
    for (const path of ['README.md', 'docs/README.ko.md']) {
      const before = read(`existing/${path}`)
      const after = read(`expected/${path}`)
      expect(after.slice(0, after.lastIndexOf(OPEN))).toBe(before.slice(0, before.lastIndexOf(OPEN)))
      expect(after.slice(after.lastIndexOf(CLOSE))).toBe(before.slice(before.lastIndexOf(CLOSE)))
    }
  })
})
