import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { MAX_DIAGNOSTICS_PER_FILE } from '../../../generator/src/load/source-diagnostics.js'
import type { Diagnostic } from '../../../generator/src/model/diagnostic.js'
import { runCheck } from '../../../generator/src/pipeline/run-check.js'
import { runGenerate } from '../../../generator/src/pipeline/run-generate.js'

// The mutation driver of issue 10's attack, kept: a small generated project whose declarations and config are mutated
// (tokens inserted, spans deleted or repeated, lines swapped or re-indented, files cut short, bytes flipped), then
// `check` and, now and then, `generate` run on it in-process. Whatever the input, a run must hold its invariants:
// it never throws, its exit code is 0, 1 or 2, every diagnostic is located inside its file (at most one column past a
// line's end) and capped per file, nothing is written outside the project, an author's stub is never changed but in
// its wiring, and a generate that succeeds leaves a project `check` finds current. The seeded test runs a few hundred
// trials; `node scripts/fuzz-projects.mjs` runs thousands.

const DECLARATIONS: Record<string, string> = {
  'schemas/read_file.tool.yaml': `# yaml-language-server: $schema=./tool.schema.json
name: read_file
description: Read a text file and return numbered lines.
timeoutMs: 30000
parameters:
  path: { type: string, required: true, description: Workspace-relative path. }
  offset: { type: integer, default: 1 }
output:
  type: object
  additionalProperties: false
  properties:
    text: { type: string, required: true }
presentation: { kind: read, card: read }
`,
  'schemas/search.tool.yaml': `name: search
description: |
  Search the docs.
  Returns the best hits first.
parameters:
  query: { type: string, required: true }
  mode: { type: string, enum: [fast, deep] }
  tags: { type: array, items: { type: string } }
output:
  type: object
  additionalProperties: false
  properties:
    hits:
      type: array
      items:
        oneOf:
          - { type: string }
          - { type: object, additionalProperties: true, properties: { id: { type: integer } } }
presentation: { card: search, shape: paths }
`,
  'schemas/ping.tool.yaml': 'name: ping\ndescription: Ping.\nparameters: {}\noutput: { type: "null" }\n',
}
const CONFIG = 'catalogRegions: [README.md]\n'
const README = '# Project\n\nHand-written.\n\n<!-- toolsmith:catalog -->\n<!-- /toolsmith:catalog -->\n\nMore.\n'
const AUTHOR_LINE = '// author: keep this line\n'

const TOKENS = [
  'name', 'description', 'parameters', 'output', 'presentation', 'type', 'string', 'object', 'items', 'oneOf',
  'required', 'true', 'null', 'additionalProperties', 'default', 'enum', 'catalogRegions', 'out', 'docs', 'templates',
  ':', ': ', ' ', '  ', '\n', '\r\n', '\t', '- ', '[', ']', '{', '}', ',', '&a ', '*a', '!', '!!str ', "'", '"', '\\',
  '#', '|', '>', '?', '---', '...', '~', '1.5', '-0', '0x1F', 'é', '😀', '\u2028', '\u0000', '\u001b', '__proto__',
  '../', '/etc/passwd', 'node_modules/.cache/toolsmith/x.json', 'package.json', 'README.md', 'get_3d_model', 'index',
]

/** One mutation of a text, as fast-check draws it. */
type Mutation =
  | { readonly kind: 'insert'; readonly at: number; readonly token: string }
  | { readonly kind: 'delete' | 'repeat'; readonly at: number; readonly length: number }
  | { readonly kind: 'swap-lines'; readonly a: number; readonly b: number }
  | { readonly kind: 'indent'; readonly line: number; readonly by: number }
  | { readonly kind: 'cut'; readonly at: number }
  | { readonly kind: 'flip-byte'; readonly at: number; readonly value: number }

const position = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true })
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: position, token: fc.constantFrom(...TOKENS) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('delete' as const, 'repeat' as const), at: position, length: fc.integer({ min: 1, max: 24 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('swap-lines' as const), a: position, b: position }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('indent' as const), line: position, by: fc.integer({ min: -4, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cut' as const), at: position }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('flip-byte' as const), at: position, value: fc.integer({ min: 0, max: 255 }) }) },
)

/** A trial: which file is mutated, how, and whether generate runs too. */
export interface Trial {
  readonly file: string
  readonly mutations: readonly Mutation[]
  readonly generate: boolean
}

/** The trials of a seeded run. */
export function trials(seed: number, count: number): Trial[] {
  const trial = fc.record({
    file: fc.constantFrom(...Object.keys(DECLARATIONS), ...Object.keys(DECLARATIONS), 'toolsmith.config.yaml'),
    mutations: fc.array(mutation, { minLength: 1, maxLength: 4 }),
    generate: fc.double({ min: 0, max: 1, noNaN: true }).map((value) => value < 0.15),
  })
  return fc.sample(trial, { seed, numRuns: count })
}

function applyMutation(bytes: Buffer, change: Mutation): Buffer {
  const text = bytes.toString('utf8')
  const at = (fraction: number, length: number): number => Math.floor(fraction * (length + 1))
  switch (change.kind) {
    case 'insert': {
      const i = at(change.at, text.length)
      return Buffer.from(text.slice(0, i) + change.token + text.slice(i))
    }
    case 'delete':
    case 'repeat': {
      const i = at(change.at, text.length)
      const span = text.slice(i, i + change.length)
      return Buffer.from(change.kind === 'delete' ? text.slice(0, i) + text.slice(i + change.length) : text.slice(0, i) + span + span + text.slice(i))
    }
    case 'swap-lines': {
      const lines = text.split('\n')
      const a = at(change.a, lines.length - 1)
      const b = at(change.b, lines.length - 1)
      ;[lines[a], lines[b]] = [lines[b] ?? '', lines[a] ?? '']
      return Buffer.from(lines.join('\n'))
    }
    case 'indent': {
      const lines = text.split('\n')
      const i = at(change.line, lines.length - 1)
      const line = lines[i] ?? ''
      lines[i] = change.by >= 0 ? ' '.repeat(change.by) + line : line.replace(new RegExp(`^ {0,${-change.by}}`), '')
      return Buffer.from(lines.join('\n'))
    }
    case 'cut':
      return bytes.subarray(0, at(change.at, bytes.length))
    case 'flip-byte': {
      if (bytes.length === 0) return bytes
      const copy = Buffer.from(bytes)
      copy[Math.min(copy.length - 1, at(change.at, copy.length - 1))] = change.value
      return copy
    }
  }
}

/** A generated base project (made once) that each trial copies. */
export class FuzzWorkspace {
  readonly root = mkdtempSync(path.join(tmpdir(), 'toolsmith-fuzz-'))
  private readonly base = path.join(this.root, 'base')

  /** Writes and generates the base project, then makes an author edit in every stub. */
  async prepare(): Promise<void> {
    const write = (file: string, text: string): void => {
      mkdirSync(path.dirname(path.join(this.base, file)), { recursive: true })
      writeFileSync(path.join(this.base, file), text)
    }
    for (const [file, text] of Object.entries(DECLARATIONS)) write(file, text)
    write('toolsmith.config.yaml', CONFIG)
    write('README.md', README)
    const outcome = await runGenerate({ cwd: this.base, cache: false })
    if (outcome.exitCode !== 0) throw new Error(`the fuzz base project does not generate: ${JSON.stringify(outcome.diagnostics)}`)
    for (const name of ['read_file', 'search', 'ping']) {
      const stub = path.join(this.base, 'src/tools', `${name}.ts`)
      writeFileSync(stub, readFileSync(stub, 'utf8') + AUTHOR_LINE)
    }
  }

  /** Runs one trial; answers the broken invariants (empty when it held). */
  async run(trial: Trial, index: number): Promise<string[]> {
    const holder = path.join(this.root, `t${index}`)
    const cwd = path.join(holder, 'project')
    mkdirSync(holder)
    cpSync(this.base, cwd, { recursive: true })
    try {
      const target = path.join(cwd, trial.file)
      let bytes: Buffer = readFileSync(target)
      for (const change of trial.mutations) bytes = applyMutation(bytes, change)
      writeFileSync(target, bytes)
      const problems: string[] = []
      const checked = await this.guarded('check', problems, () => runCheck({ cwd, cache: false }))
      if (checked !== undefined) this.inspect('check', cwd, checked, problems)
      if (trial.generate) {
        const generated = await this.guarded('generate', problems, () => runGenerate({ cwd, cache: false }))
        if (generated !== undefined) {
          this.inspect('generate', cwd, generated, problems)
          if (generated.exitCode === 0) {
            const again = await this.guarded('check after generate', problems, () => runCheck({ cwd, cache: false }))
            if (again !== undefined && again.exitCode !== 0) problems.push(`check after a successful generate exits ${again.exitCode}: ${JSON.stringify(again.drift.map((d) => `${d.status} ${d.path}`))}`)
          }
        }
      }
      const outside = readdirSync(holder)
      if (outside.length !== 1) problems.push(`wrote outside the project: ${JSON.stringify(outside)}`)
      for (const name of ['read_file', 'search', 'ping']) {
        const stub = path.join(cwd, 'src/tools', `${name}.ts`)
        if (!existsSync(stub) || !readFileSync(stub, 'utf8').includes(AUTHOR_LINE)) problems.push(`the author's line in ${name}.ts was lost`)
      }
      return problems
    } finally {
      rmSync(holder, { recursive: true, force: true })
    }
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true })
  }

  private async guarded<T>(what: string, problems: string[], step: () => Promise<T>): Promise<T | undefined> {
    try {
      return await step()
    } catch (error) {
      problems.push(`${what} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      return undefined
    }
  }

  private inspect(what: string, cwd: string, outcome: { readonly exitCode: number; readonly diagnostics: readonly Diagnostic[] }, problems: string[]): void {
    if (![0, 1, 2].includes(outcome.exitCode)) problems.push(`${what} exits ${outcome.exitCode}`)
    const perFile = new Map<string, number>()
    for (const d of outcome.diagnostics) {
      perFile.set(d.file, (perFile.get(d.file) ?? 0) + 1)
      const where = `${what}: ${d.file}:${d.line}:${d.column} ${d.code} ${d.message.slice(0, 120)}`
      if (!/^[a-z0-9-]+$/.test(d.code) || d.message === '') problems.push(`malformed diagnostic ${where}`)
      if (!Number.isInteger(d.line) || !Number.isInteger(d.column) || d.line < 1 || d.column < 1) problems.push(`unlocated ${where}`)
      const file = path.join(cwd, d.file)
      if (d.file.startsWith('(') || !existsSync(file) || !lstatSync(file).isFile()) continue
      const lines = readFileSync(file, 'utf8').split('\n')
      if (d.line > lines.length) problems.push(`past the last line (${lines.length}) ${where}`)
      else if (d.column > (lines[d.line - 1] ?? '').length + 1) problems.push(`past the end of line ${d.line} (${(lines[d.line - 1] ?? '').length} long) ${where}`)
    }
    for (const [file, count] of perFile) if (count > MAX_DIAGNOSTICS_PER_FILE + 1) problems.push(`${what}: ${count} diagnostics for ${file}`)
    if (outcome.exitCode === 2 && !outcome.diagnostics.some((d) => d.severity === 'error')) problems.push(`${what} exits 2 without an error`)
  }
}
