import fc from 'fast-check'
import * as prettier from 'prettier'
import { describe, expect, test } from 'vitest'
import type { ToolDeclaration } from '../../../../generator/src/model/tool-declaration.js'
import { codeModeSdkText } from '../../../../generator/src/plan/emit-code-mode-sdk.js'
import { DEFAULT_PRETTIER_OPTIONS } from '../../../../generator/src/print/code-formatter.js'
import { codeModeSdkModuleSource as emitCodeModeSdkModule, printCodeModeSdkModule, tsLayoutOptions } from '../../../../generator/src/print/typescript/lay-out-typescript.js'

const tool = (name: string, description: string): ToolDeclaration => ({
  name,
  description,
  sourceFile: `schemas/${name}.tool.yaml`,
  parameters: { path: { type: 'string', description } },
  output: { type: 'object', properties: { ok: { type: 'boolean' } }, additionalProperties: false },
})

// SDK texts with what a literal's quotes and escapes turn on: both quotes, backslashes, wide and combining
// characters, line separators, control characters.
const DESCRIPTIONS = ['plain', `it's "quoted"`, 'back\\slash \\" and \\n', '日本語 and 😀 and e\u0301', 'line\u2028sep\u2029para', 'tab\tnul\u0000del\u007f', "''''\"", '"""\'']
const OPTIONS: prettier.Options[] = [
  DEFAULT_PRETTIER_OPTIONS,
  {},
  { singleQuote: true },
  { semi: false, singleQuote: false },
  { useTabs: true },
  { tabWidth: 4, printWidth: 40 },
  { printWidth: 1000, semi: true },
]

describe('the Code Mode SDK module printed directly is what prettier makes of it', () => {
  test.each(OPTIONS.map((options) => [JSON.stringify(options), options] as const))('options %s', async (_name, options) => {
    const layout = tsLayoutOptions({ ...options, parser: 'typescript' })
    if (layout === undefined) throw new Error('the printers model these options')
    for (const description of DESCRIPTIONS) {
      const sdk = codeModeSdkText([tool('probe', description), tool('other_tool', `${description}!`)])
      const printed = printCodeModeSdkModule(sdk, layout)
      expect(printed).toBe(await prettier.format(emitCodeModeSdkModule(sdk), { ...options, parser: 'typescript' }))
    }
  })

  test('random descriptions under random quote and indent options', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), fc.boolean(), fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 8 }), async (description, singleQuote, semi, useTabs, tabWidth) => {
        const options = { singleQuote, semi, useTabs, tabWidth }
        const layout = tsLayoutOptions({ ...options, parser: 'typescript' })
        if (layout === undefined) throw new Error('the printers model these options')
        const sdk = codeModeSdkText([tool('probe', description)])
        expect(printCodeModeSdkModule(sdk, layout)).toBe(await prettier.format(emitCodeModeSdkModule(sdk), { ...options, parser: 'typescript' }))
      }),
      { numRuns: 60 },
    )
  })
})
