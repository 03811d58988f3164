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
import type { Comment, Program, PropertyKey, TsPart, TypeNode } from '../../../../generator/src/model/typescript-tree.js'
import { docCommentValue, stringLiteralRaw } from '../../../../generator/src/print/typescript/literals.js'
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

// The tree a declaration is built as carries values (a comment's text, a string's value); the tree read from json2ts's
// text carries what was written. Compared as written: each value with the source text the printers give it.
const writtenComment = (comment: Comment): Comment => ('doc' in comment ? { block: true, value: docCommentValue(comment), after: comment.after, blankLineAfter: comment.blankLineAfter, blankLineBefore: comment.blankLineBefore } : comment)
const writtenKey = (key: PropertyKey): PropertyKey => (key.kind === 'string' ? { ...key, raw: stringLiteralRaw(key) } : key)
function writtenType(type: TypeNode): TypeNode {
  switch (type.kind) {
    case 'literal':
      return type.literal.kind === 'string' ? { kind: 'literal', literal: { ...type.literal, raw: stringLiteralRaw(type.literal) } } : type
    case 'array':
      return { ...type, element: writtenType(type.element) }
    case 'union':
    case 'intersection':
      return { ...type, types: type.types.map(writtenType) }
    case 'type-literal':
      return {
        ...type,
        members: type.members.map((member) =>
          member.kind === 'property-signature'
            ? { ...member, key: writtenKey(member.key), type: writtenType(member.type), comments: member.comments.map(writtenComment) }
            : { ...member, type: writtenType(member.type), comments: member.comments.map(writtenComment) },
        ),
      }
    default:
      return type
  }
}
function written(program: Program | undefined): Program | undefined {
  return (
    program && {
      statements: program.statements.map((statement) => {
        const comments = statement.comments.map(writtenComment)
        if (statement.kind === 'interface') return { ...statement, comments, body: writtenType(statement.body) as typeof statement.body }
        if (statement.kind === 'type-alias') return { ...statement, comments, type: writtenType(statement.type) }
        return { ...statement, comments }
      }),
    }
  )
}

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
        expect(written(args.program)).toEqual(readDeclaration(argsText))
        expect(args.usesJsonValue).toBe(/\bJsonValue\b/.test(argsText))
        const outputText = await json2tsOutputType(output, 'ToolOutput')
        const out = outputTypeDeclaration(output, 'ToolOutput')
        expect(written(out.program)).toEqual(readDeclaration(outputText))
        expect(out.usesJsonValue).toBe(/\bJsonValue\b/.test(outputText))
      }),
      runs(300),
    )
  }, 240_000)

  // Whether JsonValue is named is asked of the values, as the text json2ts wrote would read: an escape before the name
  // (a control character, a line separator; in a string `\n` and `\t` too) ends in a letter, so the name is no word.
  test.each(['JsonValue', 'xJsonValue', ' JsonValue.', '\u0001JsonValue', '\tJsonValue', '\nJsonValue', '\rJsonValue', '\u2028JsonValue', '\u007fJsonValue', '\u0085JsonValue', '"JsonValue', '\\JsonValue', 'JsonValue\u0001'])(
    'names JsonValue where json2ts\'s text did: %j in a description, a string, a key',
    async (value) => {
      const parameters = { [value]: { type: 'string', description: value, enum: [value] } }
      const argsText = await json2tsArgsType(parameters, value, 'ToolArgs')
      expect(argsTypeDeclaration(parameters, value, 'ToolArgs').usesJsonValue).toBe(/\bJsonValue\b/.test(argsText))
      for (const output of [{ type: 'string', description: value }, { type: 'string', const: value }, { type: 'object', properties: { [value]: { type: 'boolean' } } }]) {
        expect(outputTypeDeclaration(output, 'ToolOutput').usesJsonValue, JSON.stringify(output)).toBe(/\bJsonValue\b/.test(await json2tsOutputType(output, 'ToolOutput')))
      }
    },
  )

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
        const module = emitGeneratedModule(declared, ids)
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
