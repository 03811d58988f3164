import fc from 'fast-check'
import * as prettier from 'prettier'
import { describe, expect, test } from 'vitest'
import { emitGeneratedModule } from '../../../../generator/src/plan/emit-generated-file.js'
import { emitIndex } from '../../../../generator/src/plan/emit-index.js'
import { emitResultViews } from '../../../../generator/src/plan/emit-result-views.js'
import { toolIdentifiers } from '../../../../generator/src/plan/tool-identifiers.js'
import { joinParts, printTypeScript, tsLayoutOptions } from '../../../../generator/src/print/typescript/lay-out-typescript.js'
import type { ToolDeclaration } from '../../../../generator/src/model/tool-declaration.js'
import type { Program } from '../../../../generator/src/model/typescript-tree.js'
import { fixtureCase, fixtureNames } from '../../plan/fixture-project.js'
import { readDeclaration } from '../../plan/types/json2ts-reader.js'
import { declarationWithMetadata as declaration, layoutOptions } from '../declaration-arbitrary.js'

// Generated modules, the index and the result-view reader are printed from the subset's tree built by their emitter
// (types included). These tests hold the printers to prettier's layout: a printed module is one prettier leaves
// unchanged (prettier is the oracle). SEED and RUNS in the environment run the random properties longer.
type Options = prettier.Options

function printedModule(tool: ToolDeclaration, options: Options): string | undefined {
  const module = emitGeneratedModule(tool, toolIdentifiers(tool.name))
  const layout = tsLayoutOptions(options)
  const program = joinParts(module.parts)
  try {
    return layout === undefined || program === undefined ? undefined : printTypeScript(program, layout)
  } catch {
    return undefined
  }
}

/** Whether the module was printed here (and then asserts prettier leaves it unchanged). */
async function printedAsPrettier(module: string | undefined, options: Options): Promise<boolean> {
  if (module === undefined) return false
  expect(await prettier.format(module, { ...options, parser: 'typescript' })).toBe(module)
  return true
}

/**
 * Prints `program` under `options` and asserts the text is what prettier makes of the same program printed on lines as
 * wide as the printers allow (so every choice of where to break is prettier's own); answers whether it printed.
 */
async function relaidByPrettier(program: Program, options: Options): Promise<boolean> {
  const layout = tsLayoutOptions(options)
  if (layout === undefined) return false
  const printed = printTypeScript(program, layout)
  const wide = printTypeScript(program, { ...layout, printWidth: 1000 })
  expect(printed).toBe(await prettier.format(wide, { ...options, parser: 'typescript' }))
  return true
}

describe('generated modules laid out as prettier lays them out', () => {
  test('random declarations under random options', async () => {
    let printed = 0
    let runs = 0
    await fc.assert(
      fc.asyncProperty(declaration, layoutOptions, async (tool, options) => {
        runs += 1
        if (await printedAsPrettier(printedModule(tool, options), options)) printed += 1
      }),
      { seed: Number(process.env.SEED ?? 4242), numRuns: Number(process.env.RUNS ?? 300) },
    )
    // Most must be printed here, or this compares nothing (keys like `café`, which prettier unquotes, are left to it).
    expect(printed / runs).toBeGreaterThan(0.6)
  }, 240_000)

  test('the index of random tool sets, printed from its tree, is prettier\'s layout of the same code', async () => {
    const names = fc.uniqueArray(fc.oneof(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,30}$/), fc.constantFrom('typed', 'Typed', 'a', 'x-y')), { maxLength: 30 })
    await fc.assert(
      fc.asyncProperty(names, layoutOptions, async (tools, options) => {
        expect(await relaidByPrettier(emitIndex(tools).program as Program, options)).toBe(true)
      }),
      { seed: Number(process.env.SEED ?? 99), numRuns: Number(process.env.RUNS ?? 150) },
    )
  })

  test('the result-view reader, printed from its tree, is prettier\'s layout of the same code under any options', async () => {
    await fc.assert(
      fc.asyncProperty(layoutOptions, async (options) => {
        expect(await relaidByPrettier(emitResultViews().program as Program, options)).toBe(true)
      }),
      { seed: Number(process.env.SEED ?? 5), numRuns: Number(process.env.RUNS ?? 60) },
    )
  }, 120_000)

  test('every fixture tool, under the default options, the repository style and a narrow tabbed style', async () => {
    const styles: Options[] = [{}, { semi: false, singleQuote: true, printWidth: 120, trailingComma: 'all' }, { useTabs: true, printWidth: 40, semi: true }]
    for (const name of fixtureNames()) {
      for (const tool of (await fixtureCase(name)).declarations) {
        for (const options of styles) expect(await printedAsPrettier(printedModule(tool, options), options)).toBe(true)
      }
    }
  })
})

/** Prints the declarations in `source` (read as json2ts's text was) and asserts the text is prettier's for it. */
async function printedTypesMatchPrettier(source: string, options: Options): Promise<boolean> {
  const program = readDeclaration(source)
  const layout = tsLayoutOptions(options)
  if (program === undefined || layout === undefined) return false
  expect(printTypeScript(program, layout)).toBe(await prettier.format(source, { ...options, parser: 'typescript' }))
  return true
}

describe('edge cases', () => {
  const base: Options = { semi: false, singleQuote: true, printWidth: 120, trailingComma: 'all' }
  // Type declarations are built as trees (the types printers' edge cases, printed from the tree their text reads as).
  test.each([
    ['a union that breaks in an interface', 'export interface A {\n  kind?: ("aaaaaaaaaaaa" | "bbbbbbbbbbbbbbb" | "ccccccccccccccccc" | "dddddddddddddd")\n}\n', { printWidth: 40 }],
    ['a union of objects in an array', 'export type A = ({\nb: string\n} | {\nc: number\n} | null)[]\n', { printWidth: 30 }],
    ['nested unions', 'export type A = (string | ("x" | "y") | (number | null)[])\n', { printWidth: 20 }],
    ['a hugged union in an array', 'export type A = (null | JsonValue)[]\nexport type B = (JsonValue | null)[]\n', {}],
    ['a hugged union', 'export type A = ({\n[k: string]: unknown\n} | null)\n', {}],
    ['a reference or null', 'export interface A {\n  v?: (JsonValue | null)\n}\n', {}],
    ['empty objects', 'export interface A {\n  v?: {\n\n}\n}\nexport interface B {\n}\n', {}],
    ['collapsed type literals', 'export interface A {\n  v: {\na: string\nb?: number\n}\n}\n', { objectWrap: 'collapse' }],
    ['quoted keys kept consistent', 'export interface A {\n  "a-b": string\n  c: number\n}\n', { quoteProps: 'consistent', singleQuote: true }],
    ['quoted keys that need no quotes', 'export interface A {\n  "ab": string\n}\n', { quoteProps: 'as-needed' }],
    ['keys quoted as written', 'export interface A {\n  "ab": string\n  c: number\n}\n', { quoteProps: 'preserve' }],
    ['escapes and quotes in literals', 'export type A = ("it\'s" | "say \\"hi\\"" | \'\\u2028\' | -1 | 1.50 | 1E5)\n', { singleQuote: true }],
    ['a JSDoc hard break and a blank line kept', '/**\n * a  \n * b\n */\n\nexport type A = string\n', {}],
  ] as const)('%s', async (_name, source, options: Options) => {
    expect(await printedTypesMatchPrettier(source, { ...base, ...options })).toBe(true)
  })
})
