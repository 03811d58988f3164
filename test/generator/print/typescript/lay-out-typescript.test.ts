import fc from 'fast-check'
import * as prettier from 'prettier'
import { describe, expect, test } from 'vitest'
import { emitGeneratedModule } from '../../../../generator/src/plan/emit-generated-file.js'
import { emitIndex } from '../../../../generator/src/plan/emit-index.js'
import { emitResultViews } from '../../../../generator/src/plan/emit-result-views.js'
import { toolPaths } from '../../../../generator/src/plan/output-paths.js'
import { stubModel } from '../../../../generator/src/plan/stub/stub-model.js'
import { loadTemplates } from '../../../../generator/src/plan/template/template-set.js'
import { toolIdentifiers } from '../../../../generator/src/plan/tool-identifiers.js'
import { joinParts, layOutTypeScript, printTypeScript, tsLayoutOptions } from '../../../../generator/src/print/typescript/lay-out-typescript.js'
import type { ToolDeclaration } from '../../../../generator/src/model/tool-declaration.js'
import type { Program } from '../../../../generator/src/model/typescript-tree.js'
import { fixtureCase, fixtureNames } from '../../plan/fixture-project.js'
import { readDeclaration } from '../../plan/types/json2ts-reader.js'
import { declarationWithMetadata as declaration, layoutOptions } from '../declaration-arbitrary.js'

// Generated modules, the index and the result-view reader are printed from the subset's tree built by their emitter
// (types included); stubs rendered from a project's template are read into that tree and printed. These tests hold both to prettier's layout: a printed
// module is one prettier leaves unchanged (prettier is the oracle), and wherever layOutTypeScript answers for text,
// its text is prettier's for that text, byte for byte. SEED and RUNS in the environment run the random properties
// longer, with other seeds.
const stubTemplate = (await loadTemplates(undefined, async () => undefined)).templates.get('stub.ts.hbs')

type Options = prettier.Options

const probe = (options: Options) => (source: string) => prettier.format(source, { ...options, parser: 'typescript' })

async function sources(tool: ToolDeclaration, options: Options): Promise<{ module: string | undefined; stub: string }> {
  const ids = toolIdentifiers(tool.name)
  const paths = toolPaths('src/tools', tool.name)
  const module = emitGeneratedModule(tool, ids)
  const layout = tsLayoutOptions(options)
  const program = joinParts(module.parts)
  let printed: string | undefined
  try {
    printed = layout === undefined || program === undefined ? undefined : printTypeScript(program, layout)
  } catch {
    printed = undefined
  }
  return { module: printed, stub: stubTemplate?.render(stubModel(tool, ids, paths)) ?? '' }
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

/** Lays `source` out both ways; returns whether the local layout answered (and then asserts it is prettier's). */
async function matchesPrettier(source: string, options: Options): Promise<boolean> {
  const local = await layOutTypeScript(source, options, probe(options))
  if (local === undefined) return false
  expect(local).toBe(await prettier.format(source, { ...options, parser: 'typescript' }))
  return true
}

describe('generated modules and stubs laid out as prettier lays them out', () => {
  test('random declarations under random options', async () => {
    const answered = { module: 0, stub: 0 }
    let runs = 0
    await fc.assert(
      fc.asyncProperty(declaration, layoutOptions, async (tool, options) => {
        runs += 1
        const { module, stub } = await sources(tool, options)
        if (await printedAsPrettier(module, options)) answered.module += 1
        if (await matchesPrettier(stub, options)) answered.stub += 1
      }),
      { seed: Number(process.env.SEED ?? 4242), numRuns: Number(process.env.RUNS ?? 300) },
    )
    // Most must be laid out locally, or this compares nothing. Left to prettier here: keys like `café` (prettier
    // unquotes them), stubs under `objectWrap: collapse` and stubs whose presenters sit where no probe reaches.
    expect(answered.module / runs).toBeGreaterThan(0.6)
    expect(answered.stub / runs).toBeGreaterThan(0.3)
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
        for (const options of styles) {
          const { module, stub } = await sources(tool, options)
          expect(await printedAsPrettier(module, options)).toBe(true)
          // Stubs with presentation cards hold presenters, laid out through probes where their place allows it.
          const stubAnswered = await matchesPrettier(stub, options)
          // A call head `export default defineTypedTool<XArgs, XOutput>({` wider than the line is left to prettier.
          const ids = toolIdentifiers(tool.name)
          const headFits = `export default defineTypedTool<${ids.argsType}, ${ids.outputType}>({`.length <= (options.printWidth ?? 80)
          if (tool.presentation?.card === undefined && headFits) expect(stubAnswered).toBe(true)
        }
      }
    }
  })
})

describe('mangled sources', () => {
  // Whatever text the local parser accepts must be text prettier accepts and lays out the same way: stubs with random
  // insertions, deletions and replacements of tokens and characters.
  const piece = fc.constantFrom('{', '}', '(', ')', '|', ';', ',', '\n', '\n\n', ' ', '// x\n', '/** y */', '/**\n * z\n */\n', '"s"', "'t'", ' as const', '?', ':', '[]', '-', '0', 'type ', 'export ', 'import ', '=>', 'new ', '&', 'a', '.', '<', '>', '...', 'async ', 'default ', 'const ', '\t', 'interface ', 'throw ')
  const edit = fc.record({ at: fc.nat(), remove: fc.integer({ min: 0, max: 6 }), insert: fc.array(piece, { maxLength: 3 }).map((parts) => parts.join('')) })

  test('accepted only where prettier agrees', async () => {
    let answered = 0
    await fc.assert(
      fc.asyncProperty(declaration, layoutOptions, fc.array(edit, { minLength: 1, maxLength: 3 }), async (tool, options, edits) => {
        let source = (await sources(tool, options)).stub
        for (const { at, remove, insert } of edits) {
          const offset = at % (source.length + 1)
          source = source.slice(0, offset) + insert + source.slice(offset + remove)
        }
        const local = await layOutTypeScript(source, options, probe(options))
        if (local === undefined) return
        answered += 1
        expect(local).toBe(await prettier.format(source, { ...options, parser: 'typescript' }))
      }),
      { seed: Number(process.env.SEED ?? 77), numRuns: Number(process.env.RUNS ?? 600) },
    )
    expect(answered).toBeGreaterThan(40)
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

  test.each([
    ['a long import', "import type { JsonValue, ParameterSchemaSpec, ValueSchemaSpec } from '@toolsmith/runtime'\n", { printWidth: 60 }],
    ['a long method signature and message', "export default defineTool({\n  async execute(_args: LongLongLongArgs): Promise<LongLongLongOutput> {\n    throw new Error('a message that is long enough to wrap')\n  },\n})\n", { printWidth: 40, trailingComma: 'es5' }],
    ['contextual keywords as names', "import as from './as.js'\nimport type from './type.js'\n", { printWidth: 30 }],
    ['comments after the last member', "export default f({\n  a: 1,\n  // one\n\n  // two\n})\n", {}],
  ] as const)('%s', async (_name, source, options: Options) => {
    expect(await matchesPrettier(source, { ...base, ...options })).toBe(true)
  })

  test.each([
    ['CRLF line ends', 'export type A = string\r\n', {}],
    ['a plugin', 'export type A = string\n', { plugins: [{}] }],
    ['a pragma requirement', 'export type A = string\n', { requirePragma: true }],
    ['a type declaration (built as a tree, never read)', 'export type A = string\n', {}],
    ['an intersection', 'export type A = B & C\n', {}],
    ['a class', 'export class A {}\n', {}],
    ['a comment at the end of a line', 'export type A = string // note\n', {}],
    ['a key prettier would unquote beyond ASCII', 'export interface A {\n  "café": string\n}\n', {}],
    ['two statements on a line', 'export type A = string export type B = number\n', {}],
    ['a template literal', 'export const a = `x`\n', {}],
    // Variables, `as const`, `satisfies`, arrays and ignored statements occur only in the generated modules, which
    // are printed from the tree their emitter builds: text holding them is left to prettier.
    ['a variable', "export const a = {\n  name: 'y',\n} as const\n", {}],
    ['a prettier-ignore statement', '// prettier-ignore\nexport const a =    0\n', { semi: true }],
    ['an export list', 'export { a, b }\n', {}],
    ['a reserved word as a value', 'export const a = export\n', {}],
    ['as const on the next line', 'export const a = {\n  b: 1,\n}\nas const\n', {}],
    ['a type alias name on the next line', 'export type\nA = string\n', {}],
    ['type inside a type-only import', "import type { type A } from 'a'\n", {}],
  ])('left to prettier: %s', async (_name, source, options) => {
    expect(await layOutTypeScript(source, { ...base, ...options } as Options, probe(base))).toBeUndefined()
  })
})
