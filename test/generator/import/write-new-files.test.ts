import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { FileAppearedError, LEFTOVER_AGE_MS, processHost } from '../../../generator/src/base/project-files.js'
import { NewFileStage } from '../../../generator/src/import/write-new-files.js'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'toolsmith-new-files-'))
  folders.push(made)
  return made
}

/** The stage folders in `dir` (hidden, `.import.<host>.<pid>-…toolsmith-tmp`). */
const stagesIn = (dir: string): string[] => readdirSync(dir).filter((name) => name.startsWith('.import.'))

describe('NewFileStage', () => {
  test('writes every file with its exact bytes, outcomes in the order added, and leaves no stage behind', async () => {
    const dir = folder()
    const files = Array.from({ length: 40 }, (_, index) => ({ name: `t${index}.tool.yaml`, text: `n: ${index}\n${'é'.repeat((index * 997) % 5000)}\n` }))
    const stage = NewFileStage.open(dir)
    for (const { name, text } of files) stage.add(name, text)
    const outcomes = await stage.publish()
    expect(outcomes).toEqual(files.map(() => ({ ok: true })))
    for (const { name, text } of files) expect(readFileSync(path.join(dir, name), 'utf8')).toBe(text)
    expect(readdirSync(dir).sort()).toEqual(files.map(({ name }) => name).sort())
  })

  test('files are written into the hidden stage as they are added; the folder shows none of them before publish', async () => {
    const dir = folder()
    const stage = NewFileStage.open(dir)
    const names = Array.from({ length: 16 }, (_, index) => `t${index}.tool.yaml`)
    for (const name of names) stage.add(name, `${name}\n`)
    const [staged] = stagesIn(dir)
    expect(staged).toMatch(new RegExp(`^\\.import\\.${processHost()}\\.${process.pid}-[0-9a-f]{8}[0-9a-z]+\\.toolsmith-tmp$`))
    // All are complete in the stage while nothing was published: what a crash at this point would leave.
    for (const name of names) expect(readFileSync(path.join(dir, staged as string, name), 'utf8')).toBe(`${name}\n`)
    expect(readdirSync(dir)).toEqual([staged])
    await stage.publish()
    expect(readdirSync(dir).sort()).toEqual([...names].sort())
  })

  test('a file already at a path is left as it is (FileAppearedError); the others are written; no stage is left', async () => {
    const dir = folder()
    const stage = NewFileStage.open(dir)
    for (const name of ['a', 'b', 'c']) stage.add(`${name}.tool.yaml`, `${name}: ours\n`)
    // It appears after the names were assigned and the files staged, before they are put into place.
    writeFileSync(path.join(dir, 'b.tool.yaml'), 'theirs\n')
    const outcomes = await stage.publish()
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, true])
    const failed = outcomes[1]
    expect(failed?.ok === false && failed.error).toBeInstanceOf(FileAppearedError)
    expect(readFileSync(path.join(dir, 'b.tool.yaml'), 'utf8')).toBe('theirs\n')
    expect(readFileSync(path.join(dir, 'c.tool.yaml'), 'utf8')).toBe('c: ours\n')
    expect(readdirSync(dir).sort()).toEqual(['a.tool.yaml', 'b.tool.yaml', 'c.tool.yaml'])
  })

  test('discard writes nothing and removes the folders open made (they did not exist before)', async () => {
    const dir = folder()
    const target = path.join(dir, 'made', 'schemas')
    const stage = NewFileStage.open(target)
    stage.add('a.tool.yaml', 'a\n')
    expect(existsSync(target)).toBe(true)
    await stage.discard()
    expect(readdirSync(dir)).toEqual([])
    // An existing folder stays, without the stage.
    const kept = path.join(dir, 'kept')
    mkdirSync(kept)
    const again = NewFileStage.open(kept)
    again.add('a.tool.yaml', 'a\n')
    await again.discard()
    expect(readdirSync(dir)).toEqual(['kept'])
    expect(readdirSync(kept)).toEqual([])
  })

  test('a file that cannot be written is that file\'s error, with its code; the others are written', async () => {
    const dir = folder()
    const stage = NewFileStage.open(dir)
    for (const name of ['a.tool.yaml', `${'x'.repeat(300)}.tool.yaml`, 'c.tool.yaml']) stage.add(name, 'x\n')
    const outcomes = await stage.publish()
    expect(outcomes).toEqual([{ ok: true }, { ok: false, error: expect.objectContaining({ code: 'ENAMETOOLONG', syscall: 'open' }) }, { ok: true }])
    expect(outcomes[1]?.ok === false && outcomes[1].error).toBeInstanceOf(Error)
    expect(readdirSync(dir).sort()).toEqual(['a.tool.yaml', 'c.tool.yaml'])
  })

  test('a folder that cannot be made is each file\'s error, and nothing is left', async () => {
    const dir = folder()
    writeFileSync(path.join(dir, 'file'), 'in the way\n')
    const stage = NewFileStage.open(path.join(dir, 'file', 'schemas'))
    stage.add('a.tool.yaml', 'a\n')
    expect(await stage.publish()).toEqual([{ ok: false, error: expect.objectContaining({ code: 'ENOTDIR' }) }])
    expect(readdirSync(dir)).toEqual(['file'])
  })

  test.each([
    ['between the files written', 'a symbolic link'],
    ['between the files written', 'another folder'],
    ['after every file was written, before publish', 'a symbolic link'],
    ['after every file was written (the first could not be), before publish', 'a symbolic link'],
  ] as const)('a stage replaced %s by %s: nothing more is written through it, nothing is linked, nothing there is touched', async (moment, by) => {
    const dir = folder()
    const elsewhere = folder()
    const names = Array.from({ length: 32 }, (_, index) => `t${index}.tool.yaml`)
    // A name too long to write: the file that is never linked, so the links start at the second.
    const firstFails = moment.includes('the first could not be')
    if (firstFails) names[0] = `${'x'.repeat(300)}.tool.yaml`
    const stage = NewFileStage.open(dir)
    const before = moment.startsWith('after') ? names : names.slice(0, 16)
    for (const name of before) stage.add(name, `${name}\n`)
    const [stageName] = stagesIn(dir)
    const staged = path.join(dir, stageName as string)
    for (const name of before.slice(firstFails ? 1 : 0)) expect(existsSync(path.join(staged, name))).toBe(true)
    // Put in its place by someone who may write the folder: a link to a folder holding files with the import's
    // names (which links from the stage would then put into place), or such a folder itself.
    renameSync(staged, path.join(folder(), 'moved'))
    const planted = by === 'another folder' ? staged : path.join(elsewhere, 'planted')
    const plantedNames = ['t0.tool.yaml', 't1.tool.yaml', 't20.tool.yaml']
    mkdirSync(planted)
    for (const name of plantedNames) writeFileSync(path.join(planted, name), 'planted\n')
    if (by === 'a symbolic link') symlinkSync(planted, staged)
    for (const name of names.filter((name) => !before.includes(name))) stage.add(name, `${name}\n`)
    const outcomes = await stage.publish()
    const replaced = { ok: false, error: expect.objectContaining({ message: expect.stringContaining(`the staging folder ${staged} was replaced by ${by}`) }) }
    expect(outcomes).toEqual(names.map((_, index) => (firstFails && index === 0 ? { ok: false, error: expect.objectContaining({ code: 'ENAMETOOLONG' }) } : replaced)))
    // Left as it is: only what was put there, holding only what was planted.
    expect(readdirSync(dir)).toEqual([stageName])
    expect(readdirSync(planted).sort()).toEqual(plantedNames)
    expect(readFileSync(path.join(planted, 't20.tool.yaml'), 'utf8')).toBe('planted\n')
  })

  test('on a memory file system whose inodes the staged files used up, every staged file is still put into place', async (context) => {
    // tmpfs counts each hard link against its inode limit (nr_inodes): with 60, 100 files fill it while staged, and
    // no link finds room. Mounting one needs root (CAP_SYS_ADMIN); elsewhere this test cannot run.
    const dir = folder()
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'nr_inodes=60,size=4m', 'tmpfs', dir]).status !== 0) return context.skip()
    try {
      const names = Array.from({ length: 100 }, (_, index) => `t${index}.tool.yaml`)
      const stage = NewFileStage.open(dir)
      for (const name of names) stage.add(name, `${name}\n`)
      const outcomes = await stage.publish()
      const written = names.filter((_, index) => outcomes[index]?.ok)
      // What did not fit was never staged (ENOSPC when written); the rest, the same as writing them in place, is there.
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(Array.from({ length: 100 - written.length }, () => ({ ok: false, error: expect.objectContaining({ code: 'ENOSPC' }) })))
      expect(written.length).toBeGreaterThan(50)
      expect(readdirSync(dir).sort()).toEqual([...written].sort())
      for (const name of written) expect(readFileSync(path.join(dir, name), 'utf8')).toBe(`${name}\n`)
    } finally {
      spawnSync('umount', [dir])
    }
  })

  test('a stage is a leftover when its process, asked where its id means something, is gone, or when it is an hour old', async () => {
    const dir = folder()
    // A process that ended: its id is free (for the checks here, as the stage's reaping asks the system).
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout
    const alive = process.ppid
    const host = processHost()
    const other = host === 'ffffffff' ? 'eeeeeeee' : 'ffffffff'
    const old = new Date(Date.now() - LEFTOVER_AGE_MS - 60_000)
    const fresh = new Date(Date.now() - LEFTOVER_AGE_MS + 60_000)
    const stages = {
      // This host and PID namespace: the process is asked.
      [`.import.${host}.${ended}-0123abcd0.toolsmith-tmp`]: { mtime: fresh, removed: true },
      [`.import.${host}.${alive}-0123abcd0.toolsmith-tmp`]: { mtime: fresh, removed: false },
      // Its id was taken by another process since (an hour old): the age decides.
      [`.import.${host}.${alive}-0123abcd1.toolsmith-tmp`]: { mtime: old, removed: true },
      // Another host or PID namespace, where a process with that id may run an import right now: only the age.
      [`.import.${other}.${ended}-0123abcd0.toolsmith-tmp`]: { mtime: fresh, removed: false },
      [`.import.${other}.${alive}-0123abcd0.toolsmith-tmp`]: { mtime: old, removed: true },
      // An older toolsmith's stage (no host part): only the age.
      [`.import.${ended}-0123abcd0.toolsmith-tmp`]: { mtime: fresh, removed: false },
      [`.import.${alive}-0123abcd0.toolsmith-tmp`]: { mtime: old, removed: true },
      // Not a stage's exact shape: never.
      [`.import.${ended}-notes.toolsmith-tmp`]: { mtime: old, removed: false },
      [`.import.${host}.${ended}-0123abcd0`]: { mtime: old, removed: false },
    }
    for (const [name, { mtime }] of Object.entries(stages)) {
      mkdirSync(path.join(dir, name))
      writeFileSync(path.join(dir, name, 'half.tool.yaml'), 'desc')
      utimesSync(path.join(dir, name), mtime, mtime)
    }
    const stage = NewFileStage.open(dir)
    stage.add('a.tool.yaml', 'a\n')
    await stage.publish()
    expect(stage.leftovers).toEqual([])
    const kept = Object.entries(stages).filter(([, { removed }]) => !removed).map(([name]) => name)
    expect(readdirSync(dir).sort()).toEqual([...kept, 'a.tool.yaml'].sort())
  })
})
