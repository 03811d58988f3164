import { describe, expect, test } from 'vitest'
import type { Diagnostic } from '../../../generator/src/model/diagnostic.js'
import { formatDiagnosticsGithub, formatDiagnosticsJson, formatDiagnosticsText, renderCodeFrame } from '../../../generator/src/report/format-diagnostics.js'

const SOURCE = 'name: t\ndescription: d\nparameters:\n  p: { type: strin }\noutput: { type: string }\n'
const AT_STRIN: Diagnostic = {
  severity: 'error',
  code: 'invalid-schema',
  message: 'parameters/p/type: must be one of string, number',
  file: 'schemas/t.tool.yaml',
  line: 4,
  column: 16,
}

describe('formatDiagnosticsText', () => {
  test('prints file:line:col: error: message and a plain frame with a caret under the column', () => {
    const text = formatDiagnosticsText([AT_STRIN], new Map([[AT_STRIN.file, SOURCE]]), { color: false })
    expect(text).toBe(
      [
        'schemas/t.tool.yaml:4:16: error: parameters/p/type: must be one of string, number [invalid-schema]',
        '  3 | parameters:',
        '> 4 |   p: { type: strin }',
        '    |                ^',
        '  5 | output: { type: string }',
        '',
      ].join('\n'),
    )
    expect(text).not.toContain('\u001b')
  })

  test('colours only the label when asked; a file without text gets no frame', () => {
    const text = formatDiagnosticsText([{ ...AT_STRIN, severity: 'warning' }], new Map(), { color: true })
    expect(text).toBe('schemas/t.tool.yaml:4:16: \u001b[33mwarning\u001b[39m: parameters/p/type: must be one of string, number [invalid-schema]\n')
  })

  test('control characters, separators and bidi overrides from the input cannot reach the terminal', () => {
    const source = 'a: "\u001b[2J\u202Eevil"\nb: 1\u2028c\r\n'
    const text = formatDiagnosticsText([{ ...AT_STRIN, message: 'key "\u001b[31m"', line: 2, column: 4 }], new Map([[AT_STRIN.file, source]]), {
      color: false,
    })
    expect(text).not.toMatch(/[\u001b\u202E\u2028\r]/)
    expect(text).toContain('> 2 | b: 1\uFFFDc')
  })
})

describe('renderCodeFrame', () => {
  test('numbers lines as the file does, counting only \\n as a line break', () => {
    const source = 'one\ntwo\u2028still two\nthree\n'
    expect(renderCodeFrame(source, 3, 2)).toBe(['  2 | two\uFFFDstill two', '> 3 | three', '    |  ^', '  4 |'].join('\n'))
    expect(renderCodeFrame(source, 9, 1)).toBeUndefined()
  })
})

describe('renderCodeFrame on long lines', () => {
  test('a 5,000-character line is shown as a window around the column, the caret under its character', () => {
    const long = `${'a'.repeat(2500)}X${'b'.repeat(2499)}`
    const frame = renderCodeFrame(`short\n${long}\nend`, 2, 2501) ?? ''
    const lines = frame.split('\n')
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(200)
    const shown = lines.find((line) => line.includes('X')) ?? ''
    const caret = lines.find((line) => line.includes('^')) ?? ''
    expect(caret.indexOf('^')).toBe(shown.indexOf('X'))
  })
})

describe('machine formats carry the same diagnostics', () => {
  const tricky: Diagnostic = { ...AT_STRIN, file: 'schemas/a,b:c.tool.yaml', message: '100% bad\r\nsecond line: yes, really' }

  test('json is an array of the diagnostics', () => {
    expect(JSON.parse(formatDiagnosticsJson([AT_STRIN, tricky]))).toEqual([AT_STRIN, tricky])
  })

  test('github escapes %, CR and LF in data, and also : and , in properties', () => {
    expect(formatDiagnosticsGithub([tricky, { ...AT_STRIN, severity: 'warning' }])).toBe(
      '::error file=schemas/a%2Cb%3Ac.tool.yaml,line=4,col=16,title=toolsmith invalid-schema::100%25 bad%0D%0Asecond line: yes, really\n' +
        '::warning file=schemas/t.tool.yaml,line=4,col=16,title=toolsmith invalid-schema::parameters/p/type: must be one of string, number\n',
    )
  })
})
