import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { WiringNames } from '../../../../generator/src/plan/stub/find-stub-wiring.js'
import { mergeStub } from '../../../../generator/src/plan/stub/merge-stub.js'
import { createCodeFormatter } from '../../../../generator/src/print/code-formatter.js'
import { FIXTURES } from '../fixture-project.js'

// The fresh read_file stub of the cards fixture: the starting point every author edit below is made on.
const FRESH = readFileSync(join(FIXTURES, 'cards', 'expected', 'src', 'tools', 'read_file.ts'), 'utf8')
const NAMES: WiringNames = {
  generatedSpecifier: './generated/read_file.js',
  declaration: 'readFileDeclaration',
  outputSpec: 'readFileOutputSpec',
  argsType: 'ReadFileArgs',
  outputType: 'ReadFileOutput',
}
const CALL = 'export default defineTypedTool<ReadFileArgs, ReadFileOutput>({'
const FORMATTED_IMPORT = "import {\n  readFileDeclaration,\n  readFileOutputSpec,\n  type ReadFileArgs,\n  type ReadFileOutput,\n} from './generated/read_file.js'"

// Inserted or rewritten imports are formatted with the project's config: here our defaults (no config in fixtures).
const formatter = createCodeFormatter(FIXTURES)
const merge = (text: string) => mergeStub('src/tools/read_file.ts', text, NAMES, (statement) => formatter.format('src/tools/read_file.ts', statement))

/** Replaces exactly one occurrence (a test edit that misses its target must fail loudly, not pass vacuously). */
function edit(text: string, from: string, to: string): string {
  const at = text.indexOf(from)
  if (at === -1 || text.indexOf(from, at + 1) !== -1) throw new Error(`edit target not found exactly once: ${from}`)
  return text.slice(0, at) + to + text.slice(at + from.length)
}

const BODY = `  async execute(_args: ReadFileArgs): Promise<ReadFileOutput> {
    throw new Error('read_file is not implemented yet: write its execute body in src/tools/read_file.ts')
  },`

// Author edits that touch nothing the generator owns: the merge must return the text unchanged, byte for byte.
const AUTHOR_EDITS: [string, (text: string) => string][] = [
  ['a filled body', (text) => edit(text, "throw new Error('read_file is not implemented yet: write its execute body in src/tools/read_file.ts')", 'const x = 1\n    return { path: "p", offset: x, totalLines: 0, truncated: false, lines: [] }')],
  ['helpers and comments around and inside', (text) => `${edit(edit(text, 'export default', '/** helper */\nfunction helper(): number {\n  return 1 // why\n}\n\nexport default'), '  output: {', '  /* the output */\n  output: { // trailing\n')}\n// end\n`],
  ['more imports, some from the generated module', (text) => edit(edit(text, "import { defineTypedTool, type ToolResultView } from '@toolsmith/runtime'", "import { readFile } from 'node:fs/promises'\nimport { defineTypedTool, type ToolResultView } from '@toolsmith/runtime'"), '  type ReadFileOutput,\n', '  type ReadFileOutput,\n  readFileParameters,\n')],
  ['members reordered', (text) => edit(edit(text, BODY, ''), '  presentResult:', `${BODY.trimStart().replace(/^/, '  ')}\n  presentResult:`)],
  ['an arrow execute with annotations and the exec parameter', (text) => edit(text, BODY, "  execute: async ({ path }: ReadFileArgs, exec): Promise<ReadFileOutput> => {\n    exec.signal.throwIfAborted()\n    throw new Error(path)\n  },")],
  ['execute as a function defined elsewhere', (text) => edit(edit(text, BODY, '  execute: run,'), 'export default', "async function run(_args: ReadFileArgs): Promise<ReadFileOutput> {\n  throw new Error('later')\n}\n\nexport default")],
  ['a function expression execute', (text) => edit(text, BODY, '  execute: async function (args: ReadFileArgs): Promise<ReadFileOutput> {\n    throw new Error(args.path)\n  },')],
  ['aliased generated imports', (text) => edit(edit(edit(edit(text, '  readFileDeclaration,\n', '  readFileDeclaration as declared,\n'), '  ...readFileDeclaration,\n', '  ...declared,\n'), '  type ReadFileArgs,\n', '  type ReadFileArgs as Args,\n'), '_args: ReadFileArgs', '_args: Args').replace(CALL, 'export default defineTypedTool<Args, ReadFileOutput>({')],
  ['string-literal member names', (text) => edit(edit(text, '  output: {', "  'output': {"), '    schema:', '    "schema":')],
  ['semicolons, tabs and double quotes', (text) => text.replaceAll("'", '"').replace(/^ {2}/gm, '\t').replace(/\)\n/g, ');\n')],
  ['CRLF line ends', (text) => text.replaceAll('\n', '\r\n')],
  ['a BOM', (text) => `\uFEFF${text}`],
  ['the type annotations spaced out', (text) => edit(text, 'Promise<ReadFileOutput> {', 'Promise< ReadFileOutput > {')],
  ['the types in a separate type-only import', (text) => edit(text, FORMATTED_IMPORT, "import { readFileDeclaration, readFileOutputSpec } from './generated/read_file.js'\nimport type { ReadFileArgs, ReadFileOutput } from './generated/read_file.js'")],
  ['the type-only import first', (text) => edit(text, FORMATTED_IMPORT, "import type { ReadFileArgs, ReadFileOutput } from './generated/read_file.js'\nimport { readFileDeclaration, readFileOutputSpec } from './generated/read_file.js'")],
  ['the generated module imported with a .ts extension', (text) => edit(text, "from './generated/read_file.js'", "from './generated/read_file.ts'")],
  ['the generated module imported without an extension', (text) => edit(text, "from './generated/read_file.js'", "from './generated/read_file'")],
  ['wrapped in satisfies and parentheses', (text) => edit(edit(text, CALL, CALL.replace('export default ', 'export default (')), '\n})\n', '\n}) satisfies object)\n')],
]

describe('author edits are kept byte for byte', () => {
  test('the fresh stub itself needs no change', async () => {
    expect(await merge(FRESH)).toEqual({ ok: true, value: { text: FRESH, changed: false, warnings: [] } })
  })

  test.each(AUTHOR_EDITS)('%s', async (_name, change) => {
    const authored = change(FRESH)
    expect(authored).not.toBe(FRESH)
    const merged = await merge(authored)
    expect(merged.ok && merged.value.text).toBe(authored)
    expect(merged.ok && merged.value.changed).toBe(false)
  })
})

// Generator-owned parts that drifted: each is put back with an edit at its own range, nothing else moves.
const DRIFTS: [string, (text: string) => string, (text: string) => string][] = [
  ['a missing generated import specifier', (text) => edit(text, '  type ReadFileOutput,\n', ''), (text) => text],
  [
    'a one-line import missing two specifiers',
    (text) => edit(text, "import {\n  readFileDeclaration,\n  readFileOutputSpec,\n  type ReadFileArgs,\n  type ReadFileOutput,\n} from './generated/read_file.js'", "import { readFileDeclaration, type ReadFileArgs } from './generated/read_file.js'"),
    (text) => edit(text, FORMATTED_IMPORT, "import {\n  readFileDeclaration,\n  type ReadFileArgs,\n  readFileOutputSpec,\n  type ReadFileOutput,\n} from './generated/read_file.js'"),
  ],
  [
    'an import with an aliased and an extra specifier, one missing (the rewrite keeps them)',
    (text) => edit(text, FORMATTED_IMPORT, "import { readFileDeclaration as declared, readFileParameters, type ReadFileArgs, type ReadFileOutput } from './generated/read_file.js'").replace('  ...readFileDeclaration,\n', '  ...declared,\n'),
    (text) => edit(text, FORMATTED_IMPORT, "import {\n  readFileDeclaration as declared,\n  readFileParameters,\n  type ReadFileArgs,\n  type ReadFileOutput,\n  readFileOutputSpec,\n} from './generated/read_file.js'").replace('  ...readFileDeclaration,\n', '  ...declared,\n'),
  ],
  [
    'a commented import missing a specifier (the comment is the author\'s: names go in beside it)',
    (text) => edit(text, '  type ReadFileOutput,\n', '  // the types\n'),
    (text) => edit(text, '  type ReadFileOutput,\n', '  type ReadFileOutput,\n  // the types\n'),
  ],
  [
    'the whole generated import deleted',
    (text) => edit(text, "import {\n  readFileDeclaration,\n  readFileOutputSpec,\n  type ReadFileArgs,\n  type ReadFileOutput,\n} from './generated/read_file.js'\n", ''),
    (text) => text,
  ],
  [
    'a name missing from split imports of a .ts module: added to the value import, the spelling kept',
    (text) => edit(text, FORMATTED_IMPORT, "import { readFileDeclaration } from './generated/read_file.ts'\nimport type { ReadFileArgs, ReadFileOutput } from './generated/read_file.ts'"),
    (text) => edit(text, FORMATTED_IMPORT, "import { readFileDeclaration, readFileOutputSpec } from './generated/read_file.ts'\nimport type { ReadFileArgs, ReadFileOutput } from './generated/read_file.ts'"),
  ],
  [
    'only a type-only import left: the values come in an import of their own',
    (text) => edit(text, FORMATTED_IMPORT, "import type { ReadFileArgs, ReadFileOutput } from './generated/read_file.js'"),
    (text) => edit(text, FORMATTED_IMPORT, "import type { ReadFileArgs, ReadFileOutput } from './generated/read_file.js'\nimport { readFileDeclaration, readFileOutputSpec } from './generated/read_file.js'"),
  ],
  ['another schema', (text) => edit(text, 'schema: readFileOutputSpec,', 'schema: { type: "json" },'), (text) => text],
  ['a shorthand schema', (text) => edit(text, 'schema: readFileOutputSpec,', 'schema,'), (text) => text],
  ['a loosened argument type', (text) => edit(text, '_args: ReadFileArgs', '_args: ReadFileArgs & { more?: 1 }'), (text) => text],
  ['no argument type', (text) => edit(text, '_args: ReadFileArgs', '_args'), (text) => text],
  ['an optional argument without type', (text) => edit(text, '_args: ReadFileArgs', '_args?'), (text) => edit(text, '_args: ReadFileArgs', '_args?: ReadFileArgs')],
  ['no return type', (text) => edit(text, '): Promise<ReadFileOutput> {', ') {'), (text) => text],
  ['another return type', (text) => edit(text, '): Promise<ReadFileOutput> {', '): Promise<unknown> {'), (text) => text],
  [
    'an arrow execute without parentheses',
    (text) => edit(text, BODY, '  execute: async args => ({ path: args.path, offset: 1, totalLines: 0, truncated: false, lines: [] }),'),
    (text) => edit(text, BODY, '  execute: async (args: ReadFileArgs): Promise<ReadFileOutput> => ({ path: args.path, offset: 1, totalLines: 0, truncated: false, lines: [] }),'),
  ],
]

describe('generator-owned parts are put back', () => {
  test.each(DRIFTS)('%s', async (_name, drift, expected) => {
    const merged = await merge(drift(FRESH))
    expect(merged.ok && merged.value.text).toBe(expected(FRESH))
    expect(merged.ok && merged.value.changed).toBe(true)
  })

  test('an older stub calling defineTool({ ... }) is rewired to defineTypedTool<Args, Output>, its runtime import with it', async () => {
    const older = edit(edit(FRESH, CALL, 'export default defineTool({'), 'import { defineTypedTool,', 'import { defineTool,')
    const merged = await merge(older)
    expect(merged.ok && merged.value.text).toBe(FRESH)
  })

  test('defineTool used elsewhere in the stub stays imported beside defineTypedTool', async () => {
    const older = `${edit(edit(FRESH, CALL, 'export default defineTool({'), 'import { defineTypedTool,', 'import { defineTool,')}
export const other = defineTool
`
    const merged = await merge(older)
    expect(merged.ok && merged.value.text).toBe(`${edit(FRESH, 'import { defineTypedTool,', 'import { defineTool, defineTypedTool,')}
export const other = defineTool
`)
  })

  test('stale type arguments are replaced', async () => {
    const stale = edit(FRESH, CALL, 'export default defineTypedTool<OldArgs, ReadFileOutput>({')
    const merged = await merge(stale)
    expect(merged.ok && merged.value.text).toBe(FRESH)
  })

  test('a call through the author\'s own wrapper is left alone', async () => {
    const wrapped = `${edit(FRESH, CALL, 'export default myDefine({')}
function myDefine<T>(t: T): T {
  return t
}
`
    const merged = await merge(wrapped)
    expect(merged.ok && merged.value.text).toBe(wrapped)
  })

  test('only the drifted ranges change, everything else stays (CRLF file, edits elsewhere)', async () => {
    const authored = edit(FRESH, '_args: ReadFileArgs', 'args: object').replaceAll('\n', '\r\n')
    const merged = await merge(authored)
    expect(merged.ok && merged.value.text).toBe(FRESH.replaceAll('\n', '\r\n').replace('_args: ReadFileArgs', 'args: ReadFileArgs'))
  })
})

// A stub the generator cannot read or whose wiring is gone: a problem with its place, and no text at all.
const PROBLEMS: [string, string, 'syntax' | 'wiring', string][] = [
  ['unparsable', edit(FRESH, '  output: {', '  output: {{'), 'syntax', '  output: {{'],
  ['no default export', edit(FRESH, CALL, CALL.replace('export default', 'export const tool =')), 'wiring', ''],
  ['a default export that is no call', edit(edit(FRESH, CALL, CALL.replace('export default', 'const tool =')), '\n})\n', '\n})\nexport default tool\n'), 'wiring', 'export default tool'],
  ['the spread removed', edit(FRESH, '  ...readFileDeclaration,\n', "  name: 'read_file',\n"), 'wiring', 'ReadFileOutput>({'],
  ['output removed', edit(FRESH, '  output: {', '  out: {'), 'wiring', 'ReadFileOutput>({'],
  ['output.schema removed', edit(FRESH, '    schema: readFileOutputSpec,\n', ''), 'wiring', ''],
  ['execute removed', edit(FRESH, BODY, ''), 'wiring', 'ReadFileOutput>({'],
  ['a type-only generated import', edit(FRESH, "import {\n  readFileDeclaration,", "import type {\n  readFileDeclaration,"), 'wiring', 'import type {'],
]

describe('line ends', () => {
  test('an import put back into a CRLF stub uses CRLF too', async () => {
    const crlf = edit(FRESH, `${FORMATTED_IMPORT}\n`, '').replaceAll('\n', '\r\n')
    const merged = await merge(crlf)
    expect(merged.ok).toBe(true)
    if (!merged.ok) return
    expect(merged.value.text).toContain(FORMATTED_IMPORT.replaceAll('\n', '\r\n'))
    expect(merged.value.text.replaceAll('\r\n', '')).not.toContain('\n')
  })
})

describe('stubs the generator cannot update are reported, with a place', () => {
  test.each(PROBLEMS)('%s', async (_name, text, kind, near) => {
    const merged = await merge(text)
    expect(merged.ok).toBe(false)
    if (merged.ok) return
    expect(merged.problem.kind).toBe(kind)
    const lineStart = text.lastIndexOf('\n', merged.problem.offset - 1) + 1
    const lineEnd = text.indexOf('\n', merged.problem.offset)
    expect(text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd)).toContain(near)
  })
})

describe('author overrides of declared values are warned about', () => {
  test('after the spread: a warning at the member', async () => {
    const text = edit(FRESH, '  ...readFileDeclaration,\n', '  ...readFileDeclaration,\n  timeoutMs: 5,\n  "description": "mine",\n')
    const merged = await merge(text)
    expect(merged.ok && merged.value.warnings.map((warning) => [warning.kind, text.slice(warning.offset, warning.offset + 12)])).toEqual([
      ['override', 'timeoutMs: 5'],
      ['override', '"description'],
    ])
    expect(merged.ok && merged.value.text).toBe(text)
  })

  test('before the spread the declaration wins: no warning', async () => {
    const merged = await merge(edit(FRESH, '  ...readFileDeclaration,\n', '  timeoutMs: 5,\n  ...readFileDeclaration,\n'))
    expect(merged.ok && merged.value.warnings).toEqual([])
  })
})
