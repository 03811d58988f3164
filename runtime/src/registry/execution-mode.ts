import type { Agent, ToolExecutionMode } from '../execution/execution-types.js'
import { materializeJson } from '../json/materialize-json.js'
import { compileJsonSchema } from '../schema/json-schema/compile-json-schema.js'
import { parentCall, readCallInput } from './call.js'
import type { RegistryState } from './registry-state.js'
import { containRejection } from './results.js'
import { presentationMode, readScopeChain, resolveTool } from './scopes.js'

const PARALLEL: ToolExecutionMode = Object.freeze({ kind: 'parallel' })
const EXCLUSIVE: ToolExecutionMode = Object.freeze({ kind: 'exclusive' })

/**
 * `ToolRuntime.executionMode`, fail-closed: `parallel` only when the tool the call's scope sees
 * (under the same visibility rules as `execute`, Code Mode included) declares `isConcurrencySafe`
 * (or, without a classifier, the metadata `concurrencySafe: true`), the arguments are lossless JSON that satisfy the tool's `parameters` (checked here too, so a raw
 * definition's classifier never sees invalid input), and the classifier returns exactly `true`.
 * Anything else — a malformed input, an unreadable scope chain, a throw — is `exclusive`.
 */
export function executionMode(state: RegistryState, scope: Agent | undefined, input: unknown): ToolExecutionMode {
  const read = readCallInput(input, scope)
  if (typeof read === 'string') return EXCLUSIVE
  const chain = read.agent === undefined ? undefined : readScopeChain(read.agent)
  if (read.agent !== undefined && chain === undefined) return EXCLUSIVE
  const tool = resolveTool(state, read.name, chain)
  const classify = tool?.isConcurrencySafe
  if (tool === undefined || (classify === undefined && tool.metadata.concurrencySafe !== true)) return EXCLUSIVE
  const parentKnown = parentCall(state, read.parent, chain) !== undefined
  if (!parentKnown && !tool.transport && presentationMode(state, chain) === 'code') return EXCLUSIVE
  const args = materializeJson(read.arguments)
  if (!args.ok || !compileJsonSchema(tool.parameters).is(args.value)) return EXCLUSIVE
  if (classify === undefined) return PARALLEL // declared concurrencySafe: true, valid arguments
  try {
    const verdict: unknown = classify.call(tool.definition, args.value)
    if (verdict === true) return PARALLEL
    containRejection(verdict)
    return EXCLUSIVE
  } catch {
    return EXCLUSIVE
  }
}
