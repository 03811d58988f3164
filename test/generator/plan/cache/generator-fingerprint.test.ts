import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { fingerprintOf, generatorFingerprint, recordedCodeId } from '../../../../generator/src/plan/cache/generator-fingerprint.js'

let folder: string
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'toolsmith-fingerprint-'))
  mkdirSync(path.join(folder, 'emit'))
  writeFileSync(path.join(folder, 'emit/plan.js'), 'export const a = 1\n')
})
afterEach(() => rmSync(folder, { recursive: true, force: true }))

const of = (libraries: readonly string[] = ['prettier']): Promise<string> => fingerprintOf([folder], libraries)

describe('fingerprintOf', () => {
  test('the same code and libraries give the same fingerprint', async () => {
    expect(await of()).toBe(await of())
  })

  test.each([
    ['a changed file', () => writeFileSync(path.join(folder, 'emit/plan.js'), 'export const a = 2\n')],
    ['an added file', () => writeFileSync(path.join(folder, 'emit/more.js'), '')],
    ['a renamed file', () => (rmSync(path.join(folder, 'emit/plan.js')), writeFileSync(path.join(folder, 'emit/plans.js'), 'export const a = 1\n'))],
  ])('%s gives another fingerprint', async (_name, change) => {
    const before = await of()
    change()
    expect(await of()).not.toBe(before)
  })

  test('type declarations and source maps do not count', async () => {
    const before = await of()
    writeFileSync(path.join(folder, 'emit/plan.d.ts'), 'export declare const a: 1\n')
    writeFileSync(path.join(folder, 'emit/plan.js.map'), '{}')
    expect(await of()).toBe(before)
  })

  test('the libraries count', async () => {
    expect(await of(['prettier'])).not.toBe(await of(['prettier', 'yaml']))
    expect(await of(['prettier'])).not.toBe(await of(['no-such-library-anywhere']))
  })
})

test('a dependency of a library counts, though the library keeps its version', async () => {
  const manifest = (name: string, version: string, dependencies: Record<string, string> = {}): void => {
    mkdirSync(path.join(folder, 'node_modules', name), { recursive: true })
    writeFileSync(path.join(folder, 'node_modules', name, 'package.json'), JSON.stringify({ name, version, main: 'index.js', dependencies }))
    writeFileSync(path.join(folder, 'node_modules', name, 'index.js'), '')
  }
  manifest('lib-a', '1.0.0', { 'lib-b': '^1.0.0' })
  manifest('lib-b', '1.0.0')
  const from = path.join(folder, 'index.js')
  const before = await fingerprintOf([], ['lib-a'], from)
  expect(await fingerprintOf([], ['lib-a'], from)).toBe(before)
  manifest('lib-b', '1.0.1')
  expect(await fingerprintOf([], ['lib-a'], from)).not.toBe(before)
})

test('a library counts by the manifest in the node_modules folder Node looks in, whatever its entry point', async () => {
  // Its only entry point is missing and its exports hide package.json: resolving it fails, the manifest is there.
  const manifest = (version: string): void => {
    mkdirSync(path.join(folder, 'node_modules', 'lib-c'), { recursive: true })
    writeFileSync(path.join(folder, 'node_modules', 'lib-c', 'package.json'), JSON.stringify({ name: 'lib-c', version, exports: { '.': './missing.js' } }))
  }
  manifest('1.0.0')
  const from = path.join(folder, 'index.js')
  const before = await fingerprintOf([], ['lib-c'], from)
  manifest('2.0.0')
  expect(await fingerprintOf([], ['lib-c'], from)).not.toBe(before)
})

test('a library Node resolves by other means than a node_modules folder (a self-reference) counts too', async () => {
  const self = path.join(folder, 'self-lib')
  const manifest = (version: string): void => {
    mkdirSync(self, { recursive: true })
    writeFileSync(path.join(self, 'package.json'), JSON.stringify({ name: 'self-lib', version, exports: { '.': './index.js' } }))
    writeFileSync(path.join(self, 'index.js'), '')
  }
  manifest('1.0.0')
  const from = path.join(self, 'index.js')
  const before = await fingerprintOf([], ['self-lib'], from)
  expect(before).not.toBe(await fingerprintOf([], ['no-such-library-anywhere'], from))
  manifest('1.0.1')
  expect(await fingerprintOf([], ['self-lib'], from)).not.toBe(before)
})

test("the generator's own fingerprint is stable within a process", async () => {
  const fingerprint = await generatorFingerprint()
  expect(fingerprint).toMatch(/^[\w-]{43}$/)
  expect(await generatorFingerprint()).toBe(fingerprint)
})

// The Code Mode SDK is printed by @toolsmith/providers: a workspace sibling, whose version does not move with its code.
test.each(['@toolsmith/runtime', '@toolsmith/providers'])('the built code of the workspace library %s counts, though its version stays', async (name) => {
  const root = path.join(folder, 'node_modules', name)
  mkdirSync(path.join(root, 'dist'), { recursive: true })
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name, version: '0.1.0', main: 'dist/index.js' }))
  writeFileSync(path.join(root, 'dist/index.js'), 'export const a = 1\n')
  const from = path.join(folder, 'index.js')
  const before = await fingerprintOf([], [name], from)
  writeFileSync(path.join(root, 'dist/index.js'), 'export const a = 2\n')
  expect(await fingerprintOf([], [name], from)).not.toBe(before)
})

// The build records a hash of its code with each file's size and modification time (scripts/bundle-cli.mjs); a run
// takes the hash only while every file is as recorded, so code changed after the build is never taken for the build.
describe('recordedCodeId', () => {
  const record = (): string => {
    const file = path.join(folder, 'emit/plan.js')
    const { size, mtimeMs } = statSync(file)
    const recordFile = path.join(folder, 'build-id.json')
    writeFileSync(recordFile, JSON.stringify({ library: { id: 'the-id', files: { 'emit/plan.js': [size, mtimeMs] } } }))
    return recordFile
  }

  test('answers the recorded hash while every file is as recorded', () => {
    expect(recordedCodeId('library', record(), folder)).toBe('the-id')
  })

  test.each([
    ['a file rewritten with another size', () => writeFileSync(path.join(folder, 'emit/plan.js'), 'export const a = 10\n')],
    ['a file touched (same size)', () => utimesSync(path.join(folder, 'emit/plan.js'), new Date(), new Date(Date.now() + 5_000))],
    ['a file removed', () => rmSync(path.join(folder, 'emit/plan.js'))],
  ])('answers undefined after %s', (_name, change) => {
    const recordFile = record()
    change()
    expect(recordedCodeId('library', recordFile, folder)).toBeUndefined()
  })

  test('answers undefined for a scope the record lacks, or no record at all', () => {
    expect(recordedCodeId('bundle', record(), folder)).toBeUndefined()
    expect(recordedCodeId('library', path.join(folder, 'none.json'), folder)).toBeUndefined()
  })
})
