import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { fingerprintOf, generatorFingerprint } from '../../../generator/src/cache/generator-fingerprint.js'

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

test("the generator's own fingerprint is stable within a process", async () => {
  const fingerprint = await generatorFingerprint()
  expect(fingerprint).toMatch(/^[\w-]{43}$/)
  expect(await generatorFingerprint()).toBe(fingerprint)
})
