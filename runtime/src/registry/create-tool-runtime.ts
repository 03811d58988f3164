import { ToolRegistryError } from '../errors/tool-errors.js'
import { describeValue } from '../json/describe-value.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import { createRegistryState } from './registry-state.js'
import { RuntimeViews } from './runtime-view.js'
import type { ToolRuntime, ToolRuntimeOptions } from './tool-runtime.js'

/**
 * Creates a tool registry and execution pipeline and returns its global view. With `timeouts`
 * (default) the built-in timeout policy is installed as the first `tools/execute` wrapper, so
 * wrappers added later run inside it and a wrapper added with `prepend` runs outside it.
 * Throws a `ToolRegistryError` for malformed options.
 */
export function createToolRuntime(options: ToolRuntimeOptions = {}): ToolRuntime {
  checkOptions(options)
  const state = createRegistryState(options)
  const views = new RuntimeViews(state)
  if (options.timeouts !== false) {
    state.listeners.execute.add(
      { fn: (_exec, next) => next(), view: views.global, scope: undefined, timeoutPolicy: true },
      false,
    )
  }
  return views.global
}

function checkOptions(options: unknown): void {
  const issues: SchemaIssue[] = []
  if (typeof options !== 'object' || options === null) {
    issues.push({ path: '', message: `options must be an object, found ${describeValue(options)}` })
  } else {
    const record = options as ToolRuntimeOptions
    if (record.mode !== undefined && record.mode !== 'native' && record.mode !== 'code') {
      issues.push({ path: '/mode', message: `must be "native" or "code", found ${describeValue(record.mode)}` })
    }
    if (record.approval !== undefined && typeof record.approval !== 'function') {
      issues.push({ path: '/approval', message: `must be a function, found ${describeValue(record.approval)}` })
    }
    if (record.timeouts !== undefined && typeof record.timeouts !== 'boolean') {
      issues.push({ path: '/timeouts', message: `must be a boolean, found ${describeValue(record.timeouts)}` })
    }
  }
  if (issues.length > 0) throw new ToolRegistryError('Invalid tool runtime options', issues)
}
