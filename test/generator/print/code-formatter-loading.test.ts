import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import type { Program } from '../../../generator/src/model/typescript-tree.js'
import { emitIndex } from '../../../generator/src/plan/emit-index.js'
import { createCodeFormatter } from '../../../generator/src/print/code-formatter.js'
import { prettierLoaded } from '../../../generator/src/print/prettier.js'

// prettier's main module (about 70 ms to load, its TypeScript plugin about 100 ms more) loads only when a file is
// handed to it or a prettier config may apply. This file imports nothing else that loads it, and vitest gives each
// test file its own modules, so the order below is what one process sees.
const root = mkdtempSync(join(tmpdir(), 'toolsmith-format-loading-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('without a config, layout options and a tree our printers lay out need no prettier; a config or text loads it', async () => {
  const plain = join(root, 'plain')
  mkdirSync(plain, { recursive: true })
  const formatter = createCodeFormatter(plain)
  expect(await formatter.layoutOptions('src/tools/generated/a.ts')).toEqual({ semi: false, singleQuote: true, printWidth: 120, trailingComma: 'all' })
  expect(await formatter.printTree('src/tools/index.ts', emitIndex(['a']).program as Program)).toContain("import a from './a.js'")
  expect(prettierLoaded()).toBe(false)

  const configured = join(root, 'configured')
  mkdirSync(configured, { recursive: true })
  writeFileSync(join(configured, '.prettierrc.json'), JSON.stringify({ semi: true, printWidth: 100 }))
  expect(await createCodeFormatter(configured).layoutOptions('src/a.ts')).toEqual({ semi: true, printWidth: 100 })
  expect(prettierLoaded()).toBe(true)
  // Text is prettier's to format (the printers print trees only), with the project's defaults still.
  expect(await formatter.format('src/b.ts', 'let  x = 1\n')).toBe('let x = 1\n')
})
