import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { FileAppearedError, processHost } from '../../../generator/src/base/project-files.js'
import { NewFileStage } from '../../../generator/src/import/write-new-files.js'
import { leftoverCases } from '../base/leftover-cases.js'

// Every worker the stage starts, seen from the test: a real one (its events passed on), or, while `workers.failing`
// holds, one that takes batches and never answers, whose 'error' and 'exit' the test emits when it likes.
const workers = vi.hoisted(() => ({ failing: false, made: [] as (import('node:events').EventEmitter & { failing: boolean; terminated: boolean; exited: boolean; stop(): Promise<unknown> })[] }))
vi.mock('node:worker_threads', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:worker_threads')>()
  const { EventEmitter } = await import('node:events')
  class Worker extends EventEmitter {
    readonly failing = workers.failing
    terminated = false
    exited = false
    readonly #real: InstanceType<typeof original.Worker> | undefined
    constructor(...args: ConstructorParameters<typeof original.Worker>) {
      super()
      workers.made.push(this)
      if (this.failing) return
      this.#real = new original.Worker(...args)
      this.#real.on('message', (message) => this.emit('message', message))
      this.#real.on('error', (error) => this.emit('error', error))
      this.#real.on('exit', (code) => {
        this.exited = true
        this.emit('exit', code)
      })
    }
    postMessage(message: unknown): void {
      this.#real?.postMessage(message)
    }
    terminate(): Promise<number | undefined> {
      this.terminated = true
      return this.#real?.terminate() ?? Promise.resolve(undefined)
    }
    /** Stops the real one whatever the stage did (so a test of code that leaks a worker still ends). */
    stop(): Promise<unknown> {
      return this.#real?.terminate() ?? Promise.resolve()
    }
  }
  return { ...original, Worker, default: { ...original, Worker } }
})

const folders: string[] = []
afterEach(async () => {
  workers.failing = false
  await Promise.all(workers.made.splice(0).map((worker) => worker.stop()))
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'toolsmith-new-files-'))
  folders.push(made)
  return made
}

/** The stage folders in `dir` (hidden, `.import.<host>.<pid>-…toolsmith-tmp`). */
const stagesIn = (dir: string): string[] => readdirSync(dir).filter((name) => name.startsWith('.import.'))

/** Turns of the event loop until `ready()` holds (the staged writes run on the thread pool). */
async function until(ready: () => boolean): Promise<void> {
  for (let turn = 0; turn < 2000 && !ready(); turn++) await new Promise((resolve) => setTimeout(resolve, 1))
  expect(ready()).toBe(true)
}

describe('NewFileStage', () => {
  test('writes every file with its exact bytes, outcomes in the order added, and leaves no stage behind', async () => {
    const dir = folder()
    // More files than are in flight, of different sizes, so they finish out of order.
    const files = Array.from({ length: 40 }, (_, index) => ({ name: `t${index}.tool.yaml`, text: `n: ${index}\n${'é'.repeat((index * 997) % 5000)}\n` }))
    const stage = NewFileStage.open(dir, 3)
    for (const { name, text } of files) stage.add(name, text)
    const outcomes = await stage.publish()
    expect(outcomes).toEqual(files.map(() => ({ ok: true })))
    for (const { name, text } of files) expect(readFileSync(path.join(dir, name), 'utf8')).toBe(text)
    expect(readdirSync(dir).sort()).toEqual(files.map(({ name }) => name).sort())
  })

  test.each([
    ['on this thread', 64],
    ['by the worker, in batches of 16', 0],
  ])('files are written into the hidden stage as they are added (%s); the folder shows none of them before publish', async (_, syncFiles) => {
    const dir = folder()
    const stage = NewFileStage.open(dir, syncFiles)
    const names = Array.from({ length: 16 }, (_, index) => `t${index}.tool.yaml`)
    for (const name of names) stage.add(name, `${name}\n`)
    const [staged] = stagesIn(dir)
    expect(staged).toMatch(new RegExp(`^\\.import\\.${processHost()}\\.${process.pid}-[0-9a-f]{8}[0-9a-z]+\\.toolsmith-tmp$`))
    // All are complete in the stage while nothing was published: what a crash at this point would leave.
    const read = (name: string) => (existsSync(path.join(dir, staged as string, name)) ? readFileSync(path.join(dir, staged as string, name), 'utf8') : undefined)
    await until(() => names.every((name) => read(name) === `${name}\n`))
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

  test('a file the worker cannot write is that file\'s error, with its code; the others are written', async () => {
    const dir = folder()
    const stage = NewFileStage.open(dir, 1)
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
    ['between the files written on this thread', 'a symbolic link', 64],
    ['between the worker\'s batches', 'a symbolic link', 0],
    ['between the worker\'s batches', 'another folder', 0],
    ['after every file was written, before publish', 'a symbolic link', 0],
    ['after every file was written (the first could not be), before publish', 'a symbolic link', 0],
  ] as const)('a stage replaced %s by %s: nothing more is written through it, nothing is linked, nothing there is touched', async (moment, by, syncFiles) => {
    const dir = folder()
    const elsewhere = folder()
    const names = Array.from({ length: 32 }, (_, index) => `t${index}.tool.yaml`)
    // A name too long to write: the file that is never linked, so the links start at the second.
    const firstFails = moment.includes('the first could not be')
    if (firstFails) names[0] = `${'x'.repeat(300)}.tool.yaml`
    const stage = NewFileStage.open(dir, syncFiles)
    const before = moment.startsWith('after') ? names : names.slice(0, 16)
    for (const name of before) stage.add(name, `${name}\n`)
    const [stageName] = stagesIn(dir)
    const staged = path.join(dir, stageName as string)
    await until(() => before.slice(firstFails ? 1 : 0).every((name) => existsSync(path.join(staged, name))))
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

  test.each([
    ['an error, then its exit after the next files were added', ['error', 'exit']],
    ['an exit (it could not start, or stopped)', ['exit']],
  ] as const)('a worker that fails (%s): its batches are written here, as the files after it; it is stopped and no other is left running', async (_, events) => {
    const dir = folder()
    const names = Array.from({ length: 48 }, (_, index) => `t${index}.tool.yaml`)
    workers.failing = true
    const stage = NewFileStage.open(dir, 0)
    // Two batches to the worker that will fail.
    for (const name of names.slice(0, 32)) stage.add(name, `${name}\n`)
    workers.failing = false
    const [failing] = workers.made
    // It wrote one file and part of another before it failed.
    const staged = path.join(dir, stagesIn(dir)[0] as string)
    writeFileSync(path.join(staged, 't0.tool.yaml'), 't0.tool.yaml\n')
    writeFileSync(path.join(staged, 't1.tool.yaml'), 't1.to')
    failing?.emit(events[0], events[0] === 'error' ? new Error('out of memory') : 1)
    // The caller awaits between add() calls: the failure is seen before the next files are added.
    await new Promise((resolve) => setTimeout(resolve, 5))
    for (const name of names.slice(32)) stage.add(name, `${name}\n`)
    if (events[1] !== undefined) failing?.emit(events[1], 1)
    const outcomes = await stage.publish()
    expect(outcomes).toEqual(names.map(() => ({ ok: true })))
    for (const name of names) expect(readFileSync(path.join(dir, name), 'utf8')).toBe(`${name}\n`)
    expect(readdirSync(dir).length).toBe(names.length)
    expect(failing?.terminated).toBe(true)
    // Every worker started is stopped (a worker left running keeps the process from ever exiting).
    await until(() => workers.made.every((worker) => worker.failing || worker.exited))
  })

  test('on a memory file system whose inodes the staged files used up, every staged file is still put into place', async (context) => {
    // tmpfs counts each hard link against its inode limit (nr_inodes): with 60, 100 files fill it while staged, and
    // no link finds room. Mounting one needs root (CAP_SYS_ADMIN); elsewhere this test cannot run.
    const dir = folder()
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'nr_inodes=60,size=4m', 'tmpfs', dir]).status !== 0) return context.skip()
    try {
      const names = Array.from({ length: 100 }, (_, index) => `t${index}.tool.yaml`)
      const stage = NewFileStage.open(dir, 10)
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
    const { ended, alive, host, other, old, fresh } = leftoverCases()
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
