import { createRequire } from 'node:module'
import type * as Yaml from 'yaml'
import type { CST, Document, LineCounter, ParsedNode } from 'yaml'
import { MAX_DIAGNOSTICS_PER_FILE, SourceDiagnostics } from './source-diagnostics.js'

// yaml loads on first use: most declarations are read by the block reader alone (block-yaml.ts), so a command that
// meets only such files (diff, check) never loads the full parser.
let loadedYaml: typeof Yaml | undefined
const yaml = (): typeof Yaml => (loadedYaml ??= createRequire(import.meta.url)('yaml') as typeof Yaml)

/** Most JSON values one document may expand to, aliases counted per use (alias bombs). */
export const MAX_YAML_VALUES = 100_000

/**
 * Deepest YAML collection nesting accepted. Checked on the syntax tree before composing, because the
 * composer recurses per level; the DSL's own bound (256 spec levels) is what declarations meet first.
 */
export const MAX_YAML_DEPTH = 600

/** One parsed YAML source: its single document when it can be read (no syntax error), and the line map for positions. */
export interface ParsedYamlSource {
  readonly document: Document.Parsed<ParsedNode, true> | undefined
  readonly lines: LineCounter
  /** Syntax problems (YAML errors and warnings both count), located. */
  readonly diagnostics: SourceDiagnostics
}

// YAML 1.2 core schema: JSON-compatible scalars only (no timestamps, no `<<` merges, no binary).
// Keys are checked for uniqueness by the JSON conversion, in linear time and with a better message.
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

/**
 * Parses one YAML source into exactly one document. Every YAML error AND warning is reported (a
 * warning there means the text does not say what it seems to); nesting deeper than
 * `MAX_YAML_DEPTH` is refused before composing; a second document is an error.
 */
export function parseYamlSource(text: string, file: string): ParsedYamlSource {
  const lines = lineCounterOf(text)
  const diagnostics = new SourceDiagnostics(file, lines)
  const read = readTokens(text)
  if (read.tooDeep !== undefined) {
    diagnostics.error(read.tooDeep, 'yaml-too-deep', `the document is nested more than ${MAX_YAML_DEPTH} levels deep`)
    return { document: undefined, lines, diagnostics }
  }
  const tokens = read.tokens
  // Past the cap, the parser's own errors are reported as they are, without composing (which costs seconds on a file
  // that is nothing but errors, and would only find more of them). They come in text order: the first ones are built,
  // the rest only counted (a lower bound when reading stopped at the budget).
  const streamErrors = read.errors
  if (streamErrors > MAX_DIAGNOSTICS_PER_FILE) {
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
  const tooDeep = findTooDeep(tokens, MAX_YAML_DEPTH)
  if (tooDeep !== undefined) {
    diagnostics.error(tooDeep.offset, 'yaml-too-deep', `the document is nested more than ${MAX_YAML_DEPTH} levels deep`)
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

/**
 * Syntax errors read before the parser stops: a file of 150,000 (150 KB of `]`) took it about a second to the end, to
 * report 50 of them and a count. The count is then "at least".
 */
const MAX_SYNTAX_ERRORS_READ = 20 * MAX_DIAGNOSTICS_PER_FILE

/**
 * The syntax tokens of `text`, fed to the parser one lexical token at a time so that it stops at once on nesting past
 * MAX_YAML_DEPTH (70,000 `[` took the parser half a second to the end; `tooDeep` is then the offset of the first
 * collection past the bound, the same one findTooDeep finds in the finished tokens) or after
 * MAX_SYNTAX_ERRORS_READ syntax errors (`stopped`).
 */
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

/**
 * The line map of `text`, made from the text itself: every `\n` starts a line (as the code frames count them). The
 * parser's own newline callback misses the line breaks inside some tokens (a plain scalar running over several lines
 * after a syntax error), which put later problems on the wrong line and past the end of it.
 */
function lineCounterOf(text: string): LineCounter {
  const lines = new (yaml().LineCounter)()
  lines.addNewLine(0)
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines.addNewLine(at + 1)
  return lines
}

/** The first syntax node nested deeper than allowed, or `undefined` when the tokens stay within it. */
export interface TooDeep {
  readonly offset: number
}

/**
 * Walks CST tokens with an explicit stack (the composer recurses per level, so very deep input must
 * be refused before it is composed) and reports the first collection deeper than `maxDepth`.
 */
export function findTooDeep(tokens: readonly CST.Token[], maxDepth: number): TooDeep | undefined {
  // Children are pushed last first, so the walk visits them in text order: the first collection too deep is reported.
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
  /** Offset of the opening `{` or `[`. */
  readonly offset: number
  readonly open: '{' | '['
}

/**
 * Every flow collection without its closing bracket, outermost first. The parser reports such a mistake where it gave
 * up (often lines later); the opening bracket is where the author must look. Call it on tokens already checked for
 * depth.
 */
export function findUnclosedFlows(tokens: readonly CST.Token[]): UnclosedFlow[] {
  const found: UnclosedFlow[] = []
  const check = (token: CST.Token | null | undefined): void => {
    if (token?.type !== 'flow-collection') return
    const closing = token.start.type === 'flow-map-start' ? 'flow-map-end' : 'flow-seq-end'
    if (!token.end.some((end) => end.type === closing)) found.push({ offset: token.start.offset, open: token.start.type === 'flow-map-start' ? '{' : '[' })
  }
  // yaml's own CST walk (it recurses, which is safe here: the tokens passed the depth check).
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
