import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { createCodeFormatter } from '../../../generator/src/print/code-formatter.js'
import { prettierLoaded } from '../../../generator/src/print/prettier.js'

// prettier's main module (about 70 ms to load, its TypeScript plugin about 100 ms more) loads only when a file is
// handed to it or a prettier config may apply. This file imports nothing else that loads it, and vitest gives each
// test file its own modules, so the order below is what one process sees.
const root = mkdtempSync(join(tmpdir(), 'toolsmith-format-loading-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('without a config, layout options and text our printers lay out need no prettier; a config or other text loads it', async () => {
  const plain = join(root, 'plain')
  mkdirSync(plain, { recursive: true })
  const formatter = createCodeFormatter(plain)
  expect(await formatter.layoutOptions('src/tools/generated/a.ts')).toEqual({ semi: false, singleQuote: true, printWidth: 120, trailingComma: 'all' })
  // A stub's shape (imports and a default-exported call) is inside the subset; type declarations are no longer read
  // from text (the generated types are built as trees), so they would go to prettier.
  expect(await formatter.format('src/tools/a.ts', "import { a } from 'b'\nexport default defineTool({name: 'a'})\n")).toBe("import { a } from 'b'\nexport default defineTool({ name: 'a' })\n")
  expect(prettierLoaded()).toBe(false)

  const configured = join(root, 'configured')
  mkdirSync(configured, { recursive: true })
  writeFileSync(join(configured, '.prettierrc.json'), JSON.stringify({ semi: true, printWidth: 100 }))
  expect(await createCodeFormatter(configured).layoutOptions('src/a.ts')).toEqual({ semi: true, printWidth: 100 })
  expect(prettierLoaded()).toBe(true)
  // Text outside the printers' subset is prettier's to format, with the project's defaults still.
  expect(await formatter.format('src/b.ts', 'let  x = 1\n')).toBe('let x = 1\n')
})
