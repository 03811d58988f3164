import { isRecord, jsonText, ownValue, type ToolDeclaration } from '../../model/tool-declaration.js'

// Presenter code for a fresh stub's declared card, built only from what the declared parameters and output guarantee.
// It is text the template places; its string literals are JSON text (one line, the same string in TypeScript).

/** The TypeScript primitive a scalar DSL node infers (integer is a number). */
type ScalarKind = 'string' | 'number' | 'boolean'

/** `required`: always the kind; `nullable`: always present, the kind or `null`; `optional`: may also be absent. */
type FieldGuarantee = 'required' | 'nullable' | 'optional'

/** An object node's property map; `undefined` where there is no object node. */
type Properties = { readonly [key: string]: unknown } | undefined

/** The property map of an object node, or `undefined` for any other node. */
function objectProperties(spec: unknown): Properties {
  if (!isRecord(spec) || ownValue(spec, 'type') !== 'object') return undefined
  const properties = ownValue(spec, 'properties')
  return isRecord(properties) ? properties : {}
}

/** The item node of the required array property `name`, or `undefined`. */
function requiredItems(properties: Properties, name: string): unknown {
  const spec = properties === undefined ? undefined : ownValue(properties, name)
  return isRecord(spec) && ownValue(spec, 'required') === true && ownValue(spec, 'type') === 'array' ? ownValue(spec, 'items') : undefined
}

function scalarKind(spec: unknown): ScalarKind | 'null' | undefined {
  if (!isRecord(spec)) return undefined
  const type = ownValue(spec, 'type')
  if (type === 'integer' || type === 'number') return 'number'
  if (type === 'string' || type === 'boolean' || type === 'null') return type
  return undefined
}

/** Whether `spec` is a scalar node of `kind` (any `enum`/`const` narrows it but keeps the kind). */
function isScalar(spec: unknown, kind: ScalarKind): boolean {
  return scalarKind(spec) === kind
}

/** Whether `spec` is exactly the scalar `kind`, or a `oneOf` of that kind and `null` (then `'nullable'`). */
function matchKind(spec: unknown, kind: ScalarKind): 'exact' | 'nullable' | undefined {
  if (scalarKind(spec) === kind) return 'exact'
  const branches = isRecord(spec) ? ownValue(spec, 'oneOf') : undefined
  if (!Array.isArray(branches)) return undefined
  const kinds = branches.map((branch: unknown) => scalarKind(branch))
  return kinds.includes(kind) && kinds.every((found) => found === kind || found === 'null') ? 'nullable' : undefined
}

/** How the own property `name` of `properties` carries a value of `kind`, or `undefined` when it does not. */
function scalarField(properties: Properties, name: string, kind: ScalarKind): FieldGuarantee | undefined {
  const spec = properties === undefined ? undefined : ownValue(properties, name)
  const match = matchKind(spec, kind)
  if (match === undefined) return undefined
  const required = isRecord(spec) && ownValue(spec, 'required') === true
  if (!required) return 'optional'
  return match === 'exact' ? 'required' : 'nullable'
}

function firstRequired(properties: Properties, names: readonly string[], kind: ScalarKind): string | undefined {
  return names.find((name) => scalarField(properties, name, kind) === 'required')
}

/** The presenter code a fresh stub gets for its declared card (each piece one arrow function expression). */
export interface StubPresenters {
  readonly presentCall?: string
  /** Builds the completed card from the typed value; only where the declared output guarantees its fields. */
  readonly presentationMeta?: string
  readonly presentResult?: string
  /** Why the stub has no completed card: the fields the declared output lacks. */
  readonly resultNote?: string
}

// Parameters that name what a call is about, per card: the first required string one titles the call.
const SUBJECTS: { readonly [card: string]: readonly string[] } = {
  terminal: ['command', 'cmd', 'script'],
  diff: ['path', 'file', 'filePath'],
  read: ['path', 'file', 'filePath'],
  search: ['pattern', 'query', 'glob'],
  web: ['url', 'query'],
  generic: ['path', 'command', 'url', 'query', 'pattern', 'name'],
}
const PATHS = ['path', 'file', 'filePath']

/** The presenters for `declaration`'s `presentation.card`; none when it declares no card. */
export function cardPresenters(declaration: ToolDeclaration): StubPresenters {
  const card = declaration.presentation?.card
  if (card === undefined) return {}
  const parameters = declaration.parameters
  const call = new PresenterCode()
  const subjectKey = firstRequired(parameters, SUBJECTS[card] ?? [], 'string')
  const title = subjectKey === undefined ? jsonText(declaration.name) : call.arg(subjectKey)
  const pathKey = firstRequired(parameters, PATHS, 'string')
  const locations = pathKey === undefined ? '' : `, locations: [{ path: ${call.arg(pathKey)} }]`
  const kind = declaration.presentation?.kind ?? DEFAULT_KINDS[card] ?? 'other'
  let view = `{ card: 'generic', title: ${title}, kind: ${jsonText(kind)}${locations} }`

  if (card === 'terminal') {
    const cwd = scalarField(parameters, 'cwd', 'string')
    const members = [`card: 'terminal'`, `title: ${title}`]
    if (cwd !== undefined) members.push(call.member('cwd', call.arg('cwd'), cwd, 'string'))
    view = `{ ${members.join(', ')} }`
  } else if (card === 'diff') {
    const newKey = firstRequired(parameters, ['newText', 'content'], 'string')
    if (pathKey !== undefined && newKey !== undefined) {
      const oldText = scalarField(parameters, 'oldText', 'string')
      const old = oldText === undefined ? 'null' : oldText === 'required' ? call.arg('oldText') : `${call.arg('oldText')} ?? null`
      const diff = `{ path: ${call.arg(pathKey)}, oldText: ${old}, newText: ${call.arg(newKey)} }`
      view = `{ card: 'diff', title: ${title}, diffs: [${diff}]${locations} }`
    }
  }
  const presentCall = `(${call.usesArgs ? 'args' : '_args'}) => (${view})`
  if (card === 'generic') return { presentCall }

  const meta = new PresenterCode()
  const result = resultCard(declaration, meta, subjectKey)
  if (typeof result === 'string') return { presentCall, resultNote: result }
  const parameterList = `${meta.usesArgs ? 'args' : '_args'}, ${meta.usesValue ? 'value' : '_value'}`
  return {
    presentCall,
    presentationMeta: `(${parameterList}) => (${result.view}) satisfies ToolResultView`,
    presentResult: '(_args, result) => (result.isError ? undefined : resultViewFrom(result.meta))',
  }
}

const DEFAULT_KINDS: { readonly [card: string]: string } = {
  terminal: 'execute',
  diff: 'edit',
  read: 'read',
  search: 'search',
  web: 'fetch',
  generic: 'other',
}

/** Writes property accesses and optional members of generated presenter code, remembering what it read. */
class PresenterCode {
  usesArgs = false
  usesValue = false

  arg(key: string): string {
    this.usesArgs = true
    return `args.${key}`
  }

  value(key: string): string {
    this.usesValue = true
    return `value.${key}`
  }

  /** A view member: plain when always present, else a conditional spread that adds it only when it holds `kind`. */
  member(key: string, expression: string, guarantee: FieldGuarantee, kind: ScalarKind): string {
    if (guarantee === 'required') return `${key}: ${expression}`
    return `...(typeof ${expression} === '${kind}' ? { ${key}: ${expression} } : {})`
  }
}

/** A completed card's view expression over `args` and the typed `value`, or a note saying which fields are missing. */
type ResultCard = { readonly view: string } | string

// Reads only fields the declared output guarantees; when a card's mandatory ones are not, answers a note and the stub
// keeps the default presentation rather than code that would not type-check.
function resultCard(declaration: ToolDeclaration, code: PresenterCode, subjectKey: string | undefined): ResultCard {
  const output = objectProperties(declaration.output)
  const title = `title: ${subjectKey === undefined ? jsonText(declaration.name) : code.arg(subjectKey)}`
  switch (declaration.presentation?.card) {
    case 'terminal':
      return { view: terminal(declaration.output, code, title) }
    case 'diff':
      return diff(output, code, title)
    case 'search':
      return declaration.presentation.shape === 'paths' ? searchPaths(output, code, title) : searchMatches(output, code, title)
    case 'read':
      return read(declaration.parameters, output, code, title)
    case 'web':
      return declaration.presentation.kind === 'search' ? webSearch(output, code, title) : webFetch(declaration.parameters, output, code, title)
    default:
      return 'no completed card is declared'
  }
}

// Every member of the terminal card is optional, so it always fits: a string output is the captured output itself.
function terminal(spec: unknown, code: PresenterCode, title: string): string {
  const members = [`card: 'terminal'`, title]
  if (isScalar(spec, 'string')) {
    code.usesValue = true
    members.push('output: value')
  }
  const output = objectProperties(spec)
  for (const [key, kind] of [['output', 'string'], ['exitCode', 'number'], ['signal', 'string']] as const) {
    const guarantee = scalarField(output, key, kind)
    if (guarantee !== undefined) members.push(code.member(key, code.value(key), guarantee, kind))
  }
  return `{ ${members.join(', ')} }`
}

/** `oldText` of one file change: the text before, `null` for a new file or when absent. */
function oldTextOf(properties: Properties, base: string): string | undefined {
  for (const key of ['oldText', 'before']) {
    const guarantee = scalarField(properties, key, 'string')
    if (guarantee === 'required' || guarantee === 'nullable') return `${base}.${key}`
    if (guarantee === 'optional') return `${base}.${key} ?? null`
  }
  return undefined
}

function fileChange(properties: Properties, base: string): string | undefined {
  const newKey = firstRequired(properties, ['newText', 'after'], 'string')
  const oldText = oldTextOf(properties, base)
  if (scalarField(properties, 'path', 'string') !== 'required' || newKey === undefined || oldText === undefined) return undefined
  return `{ path: ${base}.path, oldText: ${oldText}, newText: ${base}.${newKey} }`
}

function diff(output: Properties, code: PresenterCode, title: string): ResultCard {
  const diffs = objectProperties(requiredItems(output, 'diffs'))
  const many = fileChange(diffs, 'diff')
  if (many !== undefined) return { view: `{ card: 'diff', ${title}, diffs: ${code.value('diffs')}.map((diff) => (${many})) }` }
  const one = fileChange(output, 'value')
  if (one !== undefined) {
    code.usesValue = true
    return { view: `{ card: 'diff', ${title}, diffs: [${one}] }` }
  }
  return 'the diff card needs `diffs` (path, oldText or before, newText or after) or those fields at the top level of the output'
}

function counted(output: Properties, code: PresenterCode): string | undefined {
  if (scalarField(output, 'total', 'number') !== 'required' || scalarField(output, 'truncated', 'boolean') !== 'required') return undefined
  return `truncated: ${code.value('truncated')}, total: ${code.value('total')}`
}

function searchMatches(output: Properties, code: PresenterCode, title: string): ResultCard {
  const file = objectProperties(requiredItems(output, 'files'))
  const match = objectProperties(requiredItems(file, 'matches'))
  const counts = counted(output, code)
  const fits =
    scalarField(file, 'path', 'string') === 'required' &&
    scalarField(match, 'line', 'number') === 'required' &&
    scalarField(match, 'text', 'string') === 'required'
  if (counts === undefined || !fits) return 'the search card (matches) needs `total`, `truncated` and `files` of { path, matches: { line, text }[] }'
  const files = `${code.value('files')}.map((file) => ({ path: file.path, matches: file.matches.map((match) => ({ line: match.line, text: match.text })) }))`
  return { view: `{ card: 'search', shape: 'matches', ${title}, ${counts}, files: ${files} }` }
}

function searchPaths(output: Properties, code: PresenterCode, title: string): ResultCard {
  const items = requiredItems(output, 'paths')
  const counts = counted(output, code)
  if (counts === undefined || !isScalar(items, 'string')) {
    return 'the search card (paths) needs `total`, `truncated` and `paths` (strings)'
  }
  return { view: `{ card: 'search', shape: 'paths', ${title}, ${counts}, paths: ${code.value('paths')} }` }
}

/** The code reading a required string `key` of the output, else of the arguments; `undefined` when neither has one. */
function requiredString(parameters: Properties, output: Properties, code: PresenterCode, key: string): string | undefined {
  if (scalarField(output, key, 'string') === 'required') return code.value(key)
  return scalarField(parameters, key, 'string') === 'required' ? code.arg(key) : undefined
}

function read(parameters: Properties, output: Properties, code: PresenterCode, title: string): ResultCard {
  const path = requiredString(parameters, output, code, 'path')
  const line = objectProperties(requiredItems(output, 'lines'))
  const numbered = scalarField(line, 'number', 'number') === 'required' && scalarField(line, 'text', 'string') === 'required'
  const textKey = firstRequired(output, ['content', 'text'], 'string')
  if (path === undefined || (!numbered && textKey === undefined)) {
    return 'the read card needs a `path` (output or parameter) and `lines` of { number, text } or a `content` string'
  }
  const offset = scalarField(output, 'offset', 'number') === 'required' ? code.value('offset') : undefined
  if (numbered) {
    const lines = `${code.value('lines')}.map((line) => ({ number: line.number, text: line.text }))`
    const first = offset ?? `(${code.value('lines')}[0]?.number ?? 1)`
    const total = scalarField(output, 'totalLines', 'number') === 'required' ? code.value('totalLines') : `${code.value('lines')}.length`
    return { view: `{ card: 'read', ${title}, path: ${path}, offset: ${first}, lines: ${lines}, totalLines: ${total} }` }
  }
  const text = code.value(textKey ?? 'content')
  const first = offset ?? '1'
  const lines = `${text}.split('\\n').map((text, index) => ({ number: ${first} + index, text }))`
  const total = scalarField(output, 'totalLines', 'number') === 'required' ? code.value('totalLines') : `${text}.split('\\n').length`
  return { view: `{ card: 'read', ${title}, path: ${path}, offset: ${first}, lines: ${lines}, totalLines: ${total} }` }
}

function webFetch(parameters: Properties, output: Properties, code: PresenterCode, title: string): ResultCard {
  const url = requiredString(parameters, output, code, 'url')
  const statusKey = firstRequired(output, ['statusCode', 'status'], 'number')
  if (url === undefined || statusKey === undefined || scalarField(output, 'truncated', 'boolean') !== 'required') {
    return 'the web card (fetch) needs `url` (output or parameter), `statusCode` and `truncated`'
  }
  const members = [`card: 'web'`, `kind: 'fetch'`, title, `url: ${url}`, `statusCode: ${code.value(statusKey)}`, `truncated: ${code.value('truncated')}`]
  return { view: `{ ${members.join(', ')} }` }
}

function webSearch(output: Properties, code: PresenterCode, title: string): ResultCard {
  const sourcesKey = ['sources', 'results'].find((key) => scalarField(objectProperties(requiredItems(output, key)), 'url', 'string') === 'required')
  if (sourcesKey === undefined || scalarField(output, 'truncated', 'boolean') !== 'required') {
    return 'the web card (search) needs `sources` of { url, title?, snippet? } and `truncated`'
  }
  const source = objectProperties(requiredItems(output, sourcesKey))
  const sourceMembers = ['url: source.url']
  for (const key of ['title', 'snippet']) {
    const guarantee = scalarField(source, key, 'string')
    if (guarantee !== undefined) sourceMembers.push(code.member(key, `source.${key}`, guarantee, 'string'))
  }
  const members = [`card: 'web'`, `kind: 'search'`, title, `sources: ${code.value(sourcesKey)}.map((source) => ({ ${sourceMembers.join(', ')} }))`]
  const answer = scalarField(output, 'answer', 'string')
  if (answer !== undefined) members.push(code.member('answer', code.value('answer'), answer, 'string'))
  members.push(`truncated: ${code.value('truncated')}`)
  return { view: `{ ${members.join(', ')} }` }
}
