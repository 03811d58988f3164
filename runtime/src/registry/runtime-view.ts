import { ToolRegistryError } from '../errors/tool-errors.js'
import type { Agent, ToolGuard, ToolPresentationMode } from '../execution/execution-types.js'
import { describeValue } from '../json/describe-value.js'
import { type ListenerList, logCodeDispatch, notifyChange } from './events.js'
import { executeCall } from './execute-pipeline.js'
import { executionMode } from './execution-mode.js'
import { bindViewState } from './gates.js'
import type { RegistryListeners, RegistryState } from './registry-state.js'
import { compileRestriction, inheritedNames, readScopeChain, resolveTool, ScopeLayer, visibleTools } from './scopes.js'
import type { ToolRuntimeEventName } from './tool-runtime-events.js'
import type { ToolRuntime } from './tool-runtime.js'
import { captureDefinition, projectDescription, projectSchema } from './tools.js'

const EVENT_LISTS: { readonly [E in ToolRuntimeEventName]: keyof RegistryListeners } = {
  'tools/change': 'change',
  'tools/pre-execute': 'preExecute',
  'tools/execute': 'execute',
  'tools/post-execute': 'postExecute',
  'tools/result': 'result',
  'tools/code-dispatch-log': 'codeDispatchLog',
  'tool/code-dispatch': 'codeDispatch',
}

/**
 * The views of one runtime: the global view and one per Agent object, created on first use and
 * cached (weakly), so `forAgent(a) === forAgent(a)`. Every method is an own function: a view can be
 * destructured. Views are frozen.
 */
export class RuntimeViews {
  private readonly scoped = new WeakMap<Agent, ToolRuntime>()
  readonly global: ToolRuntime

  constructor(private readonly state: RegistryState) {
    this.global = this.create(undefined)
  }

  /** The view bound to `agent`'s scope; throws when the agent or its chain is malformed. */
  forAgent(agent: unknown): ToolRuntime {
    if (readScopeChain(agent) === undefined) {
      throw new ToolRegistryError('Invalid agent', [
        { path: '', message: `forAgent needs an Agent ({ id: string, parent?: Agent }, acyclic), found ${describeValue(agent)}` },
      ])
    }
    const key = agent as Agent
    let view = this.scoped.get(key)
    if (view === undefined) {
      view = this.create(key)
      this.scoped.set(key, view)
    }
    return view
  }

  private create(scope: Agent | undefined): ToolRuntime {
    const state = this.state
    const scopeOf = (explicit: unknown): readonly Agent[] | undefined | null => {
      const agent = explicit === undefined ? scope : explicit
      if (agent === undefined) return undefined
      return readScopeChain(agent) ?? null
    }
    const view: ToolRuntime = {
      scope,
      presentAs: (mode: ToolPresentationMode) => presentAs(state, requireScope(scope, 'presentAs'), mode),
      register: (definition) => register(state, scope, definition),
      restrict: (filter) => restrict(state, requireScope(scope, 'restrict'), filter),
      guard: (guard: ToolGuard) => subscribe(state.guards, guard, view, scope, false, 'guard'),
      get: (name, explicitScope) => {
        const chain = scopeOf(explicitScope)
        if (chain === null || typeof name !== 'string') return undefined
        return resolveTool(state, name, chain)?.definition
      },
      schemas: (explicitScope) => {
        const chain = scopeOf(explicitScope)
        return chain === null ? [] : visibleTools(state, chain).map(projectSchema)
      },
      describe: (explicitScope) => {
        const chain = scopeOf(explicitScope)
        return chain === null ? [] : visibleTools(state, chain).map(projectDescription)
      },
      executionMode: (input) => executionMode(state, scope, input),
      execute: (input) => executeCall(state, scope, input),
      on: (event, listener, options) => {
        const list = Object.hasOwn(EVENT_LISTS, event) ? EVENT_LISTS[event] : undefined
        if (list === undefined) {
          throw new ToolRegistryError('Unknown event', [{ path: '', message: `${describeValue(event)} ${JSON.stringify(event)} is not a tools/* event` }])
        }
        const prepend = options?.prepend === true
        return subscribe(state.listeners[list] as ListenerList<unknown>, listener, view, scope, prepend, event)
      },
      forAgent: (agent) => this.forAgent(agent),
      logCodeDispatch: (dispatch) => logCodeDispatch(state, dispatch),
    }
    bindViewState(view, state)
    return Object.freeze(view)
  }
}

function requireScope(scope: Agent | undefined, method: string): Agent {
  if (scope !== undefined) return scope
  throw new ToolRegistryError(`${method} is scoped only`, [
    { path: '', message: `call ${method} on runtime.forAgent(agent); the global view has no scope to ${method === 'presentAs' ? 'present (use the mode option for the deployment default)' : 'restrict'}` },
  ])
}

function layerFor(state: RegistryState, scope: Agent): ScopeLayer {
  let layer = state.scopes.get(scope)
  if (layer === undefined) {
    layer = new ScopeLayer()
    state.scopes.set(scope, layer)
  }
  return layer
}

function subscribe<F>(list: ListenerList<F>, fn: unknown, view: ToolRuntime, scope: Agent | undefined, prepend: boolean, what: string): () => void {
  if (typeof fn !== 'function') {
    throw new ToolRegistryError(`Invalid ${what} listener`, [{ path: '', message: `must be a function, found ${describeValue(fn)}` }])
  }
  return list.add({ fn: fn as F, view, scope }, prepend)
}

function register(state: RegistryState, scope: Agent | undefined, definition: unknown): () => void {
  const tool = captureDefinition(definition)
  const layer = scope === undefined ? state.global : layerFor(state, scope)
  if (layer.tools.has(tool.name)) {
    throw new ToolRegistryError('Duplicate tool', [
      { path: '/name', message: `${JSON.stringify(tool.name)} is already registered in this ${scope === undefined ? 'global layer' : 'scope'}` },
    ])
  }
  layer.tools.set(tool.name, tool)
  if (scope !== undefined) state.scopedEntries++
  notifyChange(state)
  let active = true
  return () => {
    if (!active) return
    active = false
    // Exact: remove this registration only, never a later one that reuses the name.
    if (layer.tools.get(tool.name) !== tool) return
    layer.tools.delete(tool.name)
    if (scope !== undefined) state.scopedEntries--
    notifyChange(state)
  }
}

function restrict(state: RegistryState, scope: Agent, filter: unknown): () => void {
  const chain = readScopeChain(scope)
  if (chain === undefined) throw new ToolRegistryError('Invalid agent', [{ path: '', message: "the agent's scope chain is unreadable or cyclic" }])
  const layer = layerFor(state, scope)
  const restriction = compileRestriction(filter, { own: layer.tools, inherited: inheritedNames(state, chain) })
  layer.restrictions = [...layer.restrictions, restriction]
  state.scopedEntries++
  notifyChange(state)
  let active = true
  return () => {
    if (!active) return
    active = false
    layer.restrictions = layer.restrictions.filter((candidate) => candidate !== restriction)
    state.scopedEntries--
    notifyChange(state)
  }
}

function presentAs(state: RegistryState, scope: Agent, mode: unknown): () => void {
  if (mode !== 'native' && mode !== 'code') {
    throw new ToolRegistryError('Invalid presentation mode', [{ path: '', message: `must be "native" or "code", found ${describeValue(mode)}` }])
  }
  const layer = layerFor(state, scope)
  if (layer.presentation !== undefined) {
    throw new ToolRegistryError('Duplicate presentation', [
      { path: '', message: `this scope already presents its tools as "${layer.presentation.mode}"; dispose that declaration first` },
    ])
  }
  const declaration = Object.freeze({ mode })
  layer.presentation = declaration
  state.scopedEntries++
  notifyChange(state)
  let active = true
  return () => {
    if (!active) return
    active = false
    if (layer.presentation !== declaration) return
    layer.presentation = undefined
    state.scopedEntries--
    notifyChange(state)
  }
}
