import fc from 'fast-check'
import type * as prettier from 'prettier'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { emitGeneratedModule } from '../../../../generator/src/plan/emit-generated-file.js'
import { toolIdentifiers } from '../../../../generator/src/plan/tool-identifiers.js'
import { argsTypeDeclaration, outputTypeDeclaration } from '../../../../generator/src/plan/types/type-declaration.js'
import { createCodeFormatter } from '../../../../generator/src/print/code-formatter.js'
import { literalLayout } from '../../../../generator/src/print/ts-spec-literal.js'
import type { TsPart } from '../../../../generator/src/print/typescript/lay-out-typescript.js'
import type { ToolDeclaration } from '../../../../generator/src/model/tool-declaration.js'
import { declaration, layoutOptions } from '../../print/declaration-arbitrary.js'
import { json2tsArgsType, json2tsOutputType } from './json2ts-oracle.js'
import { readDeclaration } from './json2ts-reader.js'
import { parameterSpec, text, valueSpec } from './spec-arbitrary.js'

// The `<Name>Args` and `<Name>Output` declarations are built from the DSL as the subset's tree; json2ts wrote them
// before, and stays here as the oracle: for random declarations (hostile names and texts, bounds, typed maps, unions
// that repeat themselves, nesting past INFERRED_CONTAINER_LEVELS) the tree is the one json2ts's text read as, and the
// module printed from it is byte for byte the module printed from json2ts's text, under random project configs
// (some the printers do not model, so prettier formats the text). SEED and RUNS run the properties longer.
const runs = (fallback: number) => ({ seed: Number(process.env.SEED ?? 12), numRuns: Number(process.env.RUNS ?? fallback) })

/** A random tool: the layout arbitrary's declaration with the types arbitrary's specs. */
const tool = fc.tuple(declaration, parameterSpec, valueSpec, text).map(
  ([base, parameters, output, description]): ToolDeclaration => ({
    ...base,
    description: description.trim() === '' ? base.description : description,
    parameters: parameters as ToolDeclaration['parameters'],
    output: output as ToolDeclaration['output'],
  }),
)

/** A project config: none (our defaults), a random one, or one with an option the printers leave to prettier. */
const config: fc.Arbitrary<prettier.Options | undefined> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: layoutOptions },
  { weight: 1, arbitrary: layoutOptions.map((options) => ({ ...options, endOfLine: 'crlf' as const })) },
)

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe('types built from the DSL', () => {
  test('are the tree json2ts text read as the subset gave, naming JsonValue where that text did', async () => {
    await fc.assert(
      fc.asyncProperty(parameterSpec, valueSpec, text, async (parameters, output, description) => {
        const argsText = await json2tsArgsType(parameters, description, 'ToolArgs')
        const args = argsTypeDeclaration(parameters, description, 'ToolArgs')
        expect(args.program).toEqual(readDeclaration(argsText))
        expect(args.usesJsonValue).toBe(/\bJsonValue\b/.test(argsText))
        const outputText = await json2tsOutputType(output, 'ToolOutput')
        const out = outputTypeDeclaration(output, 'ToolOutput')
        expect(out.program).toEqual(readDeclaration(outputText))
        expect(out.usesJsonValue).toBe(/\bJsonValue\b/.test(outputText))
      }),
      runs(300),
    )
  }, 240_000)

  test('print the module, and the catalog\'s output declaration, exactly as json2ts\'s text printed', async () => {
    let fallbacks = 0
    await fc.assert(
      fc.asyncProperty(tool, config, async (declared, options) => {
        const cwd = mkdtempSync(join(tmpdir(), 'toolsmith-types-'))
        folders.push(cwd)
        if (options !== undefined) writeFileSync(join(cwd, '.prettierrc.json'), JSON.stringify(options))
        const formatter = createCodeFormatter(cwd)
        const path = 'src/tools/generated/tool.ts'
        const ids = toolIdentifiers(declared.name)
        const module = emitGeneratedModule(declared, ids, literalLayout(await formatter.layoutOptions(path)))
        const json2ts = async (text: Promise<string>): Promise<TsPart> => {
          const source = await text
          return { program: readDeclaration(source), text: source }
        }
        const argsType = await json2ts(json2tsArgsType(declared.parameters, declared.description, ids.argsType))
        const outputType = await json2ts(json2tsOutputType(declared.output, ids.outputType))
        const [own] = module.parts
        expect(await formatter.printTypeScript(path, module.parts)).toBe(await formatter.printTypeScript(path, [own as TsPart, argsType, outputType]))
        expect(await formatter.printTypeScript(path, [module.output])).toBe(await formatter.printTypeScript(path, [outputType]))
        if (options?.endOfLine === 'crlf') fallbacks += 1
      }),
      runs(200),
    )
    expect(fallbacks).toBeGreaterThan(10)
  }, 600_000)
})
