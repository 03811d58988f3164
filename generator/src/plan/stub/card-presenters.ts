import { jsonText, type ToolDeclaration } from '../../model/tool-declaration.js'
import { firstRequired, scalarField } from './spec-fields.js'
import { PresenterCode, resultCard } from './result-cards.js'

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
