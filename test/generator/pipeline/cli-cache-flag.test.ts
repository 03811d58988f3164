import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { planCacheFile } from '../../../generator/src/cache/plan-cache-file.js'
import { runCli } from '../../../generator/src/cli/run-cli.js'
import { TempProject } from './temp-project.js'

let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

const cli = async (...argv: string[]): Promise<{ code: number; stdout: string }> => {
  let stdout = ''
  const code = await runCli(argv, { cwd: project.cwd, stdout: (text) => (stdout += text), stderr: () => undefined, color: false })
  return { code, stdout }
}

test('--no-cache plans without the cache and saves none; without it generate saves one', async () => {
  project.declare('a')
  mkdirSync(path.join(project.cwd, 'node_modules'))
  expect((await cli('generate', '--no-cache')).code).toBe(0)
  expect(existsSync(planCacheFile(project.cwd))).toBe(false)
  expect((await cli('check', '--no-cache')).code).toBe(0)
  expect((await cli('generate')).code).toBe(0)
  expect(existsSync(planCacheFile(project.cwd))).toBe(true)
})

test('--help documents --no-cache and where the cache lives', async () => {
  const { code, stdout } = await cli('--help')
  expect(code).toBe(0)
  expect(stdout).toMatch(/--no-cache\s+plan everything afresh/)
  expect(stdout).toContain('node_modules/.cache/toolsmith/')
})
