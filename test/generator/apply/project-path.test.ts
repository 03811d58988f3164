import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { isPlainPathInside, resolveProjectPath } from '../../../generator/src/apply/project-path.js'

describe('isPlainPathInside', () => {
  test.each<[string, string, boolean]>([
    ['src/tools', 'src/tools/a.ts', true],
    ['src/tools', 'src/tools/generated/a.ts', true],
    ['.', 'a.ts', true],
    ['src/tools', 'src/tools', false],
    ['src/tools', 'src/toolsx/a.ts', false],
    ['src/tools', 'src/tools/../a.ts', false],
    ['src/tools', 'src/tools/./a.ts', false],
    ['src/tools', 'src/tools//a.ts', false],
    ['src/tools', '/src/tools/a.ts', false],
    ['src/tools', 'src/tools\\..\\a.ts', false],
    ['src/tools', 'src/tools/a\0.ts', false],
    ['.', '../a.ts', false],
  ])('%s contains %j: %s', (folder, planned, inside) => {
    expect(isPlainPathInside(folder, planned)).toBe(inside)
  })
})

describe('resolveProjectPath', () => {
  const root = path.resolve('/project')
  test.each<[string, string, string | undefined]>([
    ['/project', 'src/tools', 'src/tools'],
    ['/project/config', '../docs/a.md', 'docs/a.md'],
    ['/project', '.', '.'],
    ['/project', '/project/x', 'x'],
    ['/project', '../x', undefined],
    ['/project', '/etc', undefined],
    ['/project', '..', undefined],
    ['/project', '/projectx/a', undefined],
    ['/project', 'a\0b', undefined],
  ])('from %s, %j → %s', (base, input, expected) => {
    const result = resolveProjectPath(root, path.resolve(base), input)
    expect(result.ok ? result.path : undefined).toBe(expected)
  })
})
