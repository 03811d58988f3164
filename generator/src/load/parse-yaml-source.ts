import { createRequire } from 'node:module'
import type * as Yaml from 'yaml'
import type { CST, Document, LineCounter, ParsedNode } from 'yaml'
import { MAX_DIAGNOSTICS_PER_FILE, SourceDiagnostics } from './source-diagnostics.js'

let loadedYaml: typeof Yaml | undefined
/** The yaml module, loaded on first use: most files are read by block-yaml.ts alone, so diff and check often never load it. */
export const yaml = (): typeof Yaml => (loadedYaml ??= createRequire(import.meta.url)('yaml') as typeof Yaml)

/** Most JSON values one document may expand to, aliases counted per use (alias bombs). */
export const MAX_YAML_VALUES = 100_000

/** Deepest YAML nesting accepted; checked before composing, since the composer recurses per level. */
export const MAX_YAML_DEPTH = 600

/** One parsed YAML source: its single document when readable (no syntax error), and its line map. */
export interface ParsedYamlSource {
  readonly document: Document.Parsed<ParsedNode, true> | undefined
  readonly lines: LineCounter
  /** Syntax problems (YAML errors and warnings both count), located. */
  readonly diagnostics: SourceDiagnostics
}

// Core schema, JSON-compatible scalars only; duplicate keys are found by the JSON conversion, with a better message.
const COMPOSE_OPTIONS = {
  version: '1.2',
  schema: 'core',
  merge: false,
  uniqueKeys: false,
  strict: true,
  prettyErrors: false,
  intAsBigInt: false,
  resolveKnownTags: false,
  keepSourceTokens: false,
} as const

// yaml's codes for tags it cannot resolve: reported in our words, since every custom tag is refused.
const TAG_CODES = new Set(['TAG_RESOLVE_FAILED', 'BAD_COLLECTION_TYPE'])

/** Parses one YAML source into exactly one document; yaml's warnings count as errors too. */
export function parseYamlSource(text: string, file: string): ParsedYamlSource {
  const lines = lineCounterOf(text)
  const diagnostics = new SourceDiagnostics(file, lines)
  const read = readTokens(text)
  const tokens = read.tokens
  // Past the cap, skip composing (slow on a file of errors): build the first errors, count the rest.
  const streamErrors = read.errors
  if (read.tooDeep === undefined && streamErrors > MAX_DIAGNOSTICS_PER_FILE) {
    let built = 0
    for (const token of tokens) {
      if (token.type !== 'error') continue
      if (built++ === MAX_DIAGNOSTICS_PER_FILE) {
        diagnostics.omitted(token.offset, streamErrors - MAX_DIAGNOSTICS_PER_FILE, read.stopped)
        break
      }
      diagnostics.error(token.offset, 'yaml-syntax', `invalid YAML: ${token.message}: ${JSON.stringify(token.source.slice(0, 40))}`)
    }
    return { document: undefined, lines, diagnostics }
  }
  // The parser's stack misses a level where a closed flow collection becomes an implicit key (`[…]: x`).
  const tooDeep = read.tooDeep ?? findTooDeep(tokens, MAX_YAML_DEPTH)?.offset
  if (tooDeep !== undefined) {
    diagnostics.error(tooDeep, 'yaml-too-deep', `the document is nested more than ${MAX_YAML_DEPTH} levels deep`)
    return { document: undefined, lines, diagnostics }
  }
  const composer = new (yaml().Composer)<ParsedNode, true>(COMPOSE_OPTIONS)
  const documents = Array.from(composer.compose(tokens as Iterable<CST.Token>, true, text.length))
  const [document, second] = documents
  if (second !== undefined) {
    diagnostics.error(
      second.range[0],
      'yaml-multiple-documents',
      'a file holds exactly one YAML document; remove the second document (after "---")',
    )
  }
  // An unresolved tag leaves the document readable (the value as written): its other problems are still found.
  let readable = second === undefined
  for (const problem of documents.flatMap((doc) => [...doc.errors, ...doc.warnings])) {
    if (TAG_CODES.has(problem.code)) {
      diagnostics.error(problem.pos[0], 'yaml-tag', `YAML tags are not supported in toolsmith files (${problem.message}); write plain JSON-compatible values`)
    } else {
      diagnostics.error(problem.pos[0], 'yaml-syntax', `invalid YAML: ${problem.message}`)
      readable = false
    }
  }
  // An unclosed bracket is reported where the parser gave up; the opening is where to look.
  if (!readable) {
    for (const flow of findUnclosedFlows(tokens)) {
      const close = flow.open === '{' ? '}' : ']'
      diagnostics.error(flow.offset, 'yaml-unclosed', `invalid YAML: this "${flow.open}" is never closed; close it with "${close}" (the parser gave up further on)`)
    }
  }
  return { document: readable ? document : undefined, lines, diagnostics }
}

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection'])

/** Syntax errors read before the parser stops; the count reported is then "at least". */
const MAX_SYNTAX_ERRORS_READ = 20 * MAX_DIAGNOSTICS_PER_FILE

/** The syntax tokens of `text`, parsed one lexeme at a time to stop at once when too deep or after too many errors. */
function readTokens(text: string): { tokens: CST.Token[]; errors: number; stopped: boolean; tooDeep?: number } {
  const parser = new (yaml().Parser)()
  const tokens: CST.Token[] = []
  let errors = 0
  for (const lexeme of new (yaml().Lexer)().lex(text)) {
    for (const token of parser.next(lexeme)) {
      tokens.push(token)
      if (token.type === 'error' && ++errors >= MAX_SYNTAX_ERRORS_READ) return { tokens, errors, stopped: true }
    }
    // The stack holds at least one entry per open collection: only a long one can hold too many.
    if (parser.stack.length > MAX_YAML_DEPTH) {
      let depth = 0
      for (const open of parser.stack) {
        if (COLLECTIONS.has(open.type) && ++depth > MAX_YAML_DEPTH) return { tokens, errors, stopped: true, tooDeep: open.offset }
      }
    }
  }
  for (const token of parser.end()) {
    tokens.push(token)
    if (token.type === 'error') errors++
  }
  return { tokens, errors, stopped: false }
}

// Built from the text, as code frames count lines: the parser's callback misses line breaks inside some error tokens.
function lineCounterOf(text: string): LineCounter {
  const lines = new (yaml().LineCounter)()
  lines.addNewLine(0)
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines.addNewLine(at + 1)
  return lines
}

/** The first syntax node nested deeper than allowed. */
export interface TooDeep {
  readonly offset: number
}

/** The first collection, in text order, deeper than `maxDepth`; walks with an explicit stack, never recursing. */
export function findTooDeep(tokens: readonly CST.Token[], maxDepth: number): TooDeep | undefined {
  // Children are pushed last first, so the walk is in text order.
  const stack: { token: CST.Token; depth: number }[] = tokens.map((token) => ({ token, depth: 0 })).reverse()
  while (stack.length > 0) {
    const { token, depth } = stack.pop()!
    switch (token.type) {
      case 'document':
        if (token.value !== undefined) stack.push({ token: token.value, depth })
        break
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        if (depth + 1 > maxDepth) return { offset: token.offset }
        for (let i = token.items.length - 1; i >= 0; i--) {
          const item = token.items[i] as (typeof token.items)[number]
          if ('value' in item && item.value !== undefined) stack.push({ token: item.value, depth: depth + 1 })
          if ('key' in item && item.key !== undefined && item.key !== null) stack.push({ token: item.key, depth: depth + 1 })
        }
        break
      }
      default:
        break
    }
  }
  return undefined
}

/** A flow collection (`{ … }` or `[ … ]`) the text opens and never closes. */
export interface UnclosedFlow {
  readonly offset: number
  readonly open: '{' | '['
}

/** Every flow collection without its closing bracket, outermost first; only for tokens already checked for depth. */
export function findUnclosedFlows(tokens: readonly CST.Token[]): UnclosedFlow[] {
  const found: UnclosedFlow[] = []
  const check = (token: CST.Token | null | undefined): void => {
    if (token?.type !== 'flow-collection') return
    const closing = token.start.type === 'flow-map-start' ? 'flow-map-end' : 'flow-seq-end'
    if (!token.end.some((end) => end.type === closing)) found.push({ offset: token.start.offset, open: token.start.type === 'flow-map-start' ? '{' : '[' })
  }
  // CST.visit recurses: safe, the tokens passed the depth check.
  for (const token of tokens) {
    if (token.type === 'document') {
      yaml().CST.visit(token, (item) => {
        check(item.key)
        check(item.value)
      })
    }
  }
  return found
}
