import { describe, expect, test } from 'vitest'
import { decodeSource } from '../../../generator/src/load/decode-source.js'

const utf8 = (text: string): number[] => [...Buffer.from(text, 'utf8')]

describe('decodeSource', () => {
  test('decodes UTF-8 and drops a leading BOM only', () => {
    expect(decodeSource(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('name: é\n')]))).toEqual({ ok: true, text: 'name: é\n' })
    expect(decodeSource(new Uint8Array(utf8('a: \uFEFFb')))).toEqual({ ok: true, text: 'a: \uFEFFb' })
  })

  test.each([
    ['a lone continuation byte', [...utf8('name: x\nde: ab'), 0x80, ...utf8('\n')], 2, 7, 0x80],
    ['a Latin-1 byte after multi-byte characters', [...utf8('a: 1\nb: 2\nc: ñé'), 0xe9, ...utf8('z\n')], 3, 6, 0xe9],
    ['a truncated sequence at the end of a line', [...utf8('x: '), 0xe2, 0x82, ...utf8('\ny: 1')], 1, 4, 0xe2],
    ['a truncated sequence at the end of the file', [...utf8('x: 1\ny: '), 0xf0, 0x9f], 2, 4, 0xf0],
    ['an overlong encoding', [...utf8('k: '), 0xc0, 0xaf], 1, 4, 0xc0],
    ['a bad byte on line 1 after a BOM', [0xef, 0xbb, 0xbf, ...utf8('ab'), 0xff], 1, 3, 0xff],
    ['an astral character before the bad byte (two UTF-16 units)', [...utf8('a: 😀'), 0xff], 1, 6, 0xff],
  ])('locates %s', (_name, bytes, line, column, byte) => {
    const decoded = decodeSource(new Uint8Array(bytes))
    expect(decoded.ok).toBe(false)
    if (decoded.ok) return
    expect({ line: decoded.line, column: decoded.column }).toEqual({ line, column })
    expect(decoded.message).toContain(`byte 0x${byte.toString(16).toUpperCase()}`)
    // The lossy text keeps the lines, so a code frame can still show the place.
    expect(decoded.text.split('\n')[line - 1]).toContain('\uFFFD')
  })
})
