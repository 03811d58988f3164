import { applyPatch } from 'diff'
import { describe, expect, test } from 'vitest'
import { renderFileDiff } from '../../../generator/src/apply/render-file-diff.js'

describe('renderFileDiff', () => {
  test('a whole new file of many lines is still shown in full', () => {
    const text = Array.from({ length: 5_000 }, (_, i) => `line ${i}`).join('\n')
    expect(applyPatch('', renderFileDiff('f', undefined, text).diff)).toBe(text)
  })

  test('a missing file is a diff from /dev/null that recreates it', () => {
    const { diff, firstChangedLine } = renderFileDiff('src/a.ts', undefined, 'one\ntwo\n')
    expect(diff.split('\n').slice(0, 3)).toEqual(['--- /dev/null', '+++ b/src/a.ts', '@@ -0,0 +1,2 @@'])
    expect(applyPatch('', diff)).toBe('one\ntwo\n')
    expect(firstChangedLine).toBe(1)
  })

  test('a deletion is a diff to /dev/null', () => {
    const { diff } = renderFileDiff('src/a.ts', 'x\n', undefined)
    expect(diff.split('\n').slice(0, 2)).toEqual(['--- a/src/a.ts', '+++ /dev/null'])
    expect(applyPatch('x\n', diff)).toBe('')
  })

  test('the first changed line skips the leading context', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n')
    const after = before.replace('line 12', 'LINE 12')
    expect(renderFileDiff('f', before, after).firstChangedLine).toBe(12)
  })

  test('a huge difference is named instead of diffed', () => {
    const before = Array.from({ length: 20_000 }, (_, i) => `a${i}`).join('\n')
    const after = Array.from({ length: 20_000 }, (_, i) => `b${i}`).join('\n')
    const started = performance.now()
    expect(renderFileDiff('f', before, after).diff).toContain('diff not shown')
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})
