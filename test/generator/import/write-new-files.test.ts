import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { FileAppearedError } from '../../../generator/src/base/project-files.js'
import { writeNewFiles } from '../../../generator/src/import/write-new-files.js'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'toolsmith-new-files-'))
  folders.push(made)
  return made
}

describe('writeNewFiles', () => {
  test('writes every file with its exact bytes, outcomes in input order, and leaves no temporary file', async () => {
    const dir = folder()
    // More files than the pool holds, of different sizes, so they finish out of order.
    const files = Array.from({ length: 40 }, (_, index) => ({ absolute: path.join(dir, `t${index}.tool.yaml`), text: `n: ${index}\n${'é'.repeat((index * 997) % 5000)}\n` }))
    const outcomes = await writeNewFiles(files, 4)
    expect(outcomes).toEqual(files.map(() => ({ ok: true })))
    for (const { absolute, text } of files) expect(readFileSync(absolute, 'utf8')).toBe(text)
    expect(readdirSync(dir).sort()).toEqual(files.map(({ absolute }) => path.basename(absolute)).sort())
  })

  test('a file already at a path is left as it is (FileAppearedError); the others are written; no temporary file', async () => {
    const dir = folder()
    writeFileSync(path.join(dir, 'b.tool.yaml'), 'theirs\n')
    const outcomes = await writeNewFiles(['a', 'b', 'c'].map((name) => ({ absolute: path.join(dir, `${name}.tool.yaml`), text: `${name}: ours\n` })))
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, true])
    const failed = outcomes[1]
    expect(failed?.ok === false && failed.error).toBeInstanceOf(FileAppearedError)
    expect(readFileSync(path.join(dir, 'b.tool.yaml'), 'utf8')).toBe('theirs\n')
    expect(readFileSync(path.join(dir, 'c.tool.yaml'), 'utf8')).toBe('c: ours\n')
    expect(readdirSync(dir).sort()).toEqual(['a.tool.yaml', 'b.tool.yaml', 'c.tool.yaml'])
  })

  test('a folder that cannot be written is each file\'s error, and nothing is left in it', async () => {
    const dir = folder()
    const missing = path.join(dir, 'absent')
    const outcomes = await writeNewFiles([{ absolute: path.join(missing, 'a.tool.yaml'), text: 'a\n' }])
    expect(outcomes).toEqual([{ ok: false, error: expect.objectContaining({ code: 'ENOENT' }) }])
    mkdirSync(missing)
    expect(readdirSync(missing)).toEqual([])
  })
})
