import type { ToolDefinition } from '../tool/tool-definition.js'

// The Code Mode transport (`run_code`) is the one tool the reserved name admits. The mark is a
// private set of definition objects, so only a definition passed through `defineCodeModeTransport`
// (by the `@toolsmith/code-mode` package, or a host's own bridge) can take the name.
const transports = new WeakSet<object>()

/**
 * Marks `definition` as a Code Mode transport, so `register` admits it under the reserved name
 * `run_code`. A registered transport is visible only to scopes that present their tools in
 * `mode: 'code'` (elsewhere it reads as absent, `UNKNOWN_TOOL`), and it is the one tool such a
 * scope's model may call directly. Its body may fail with the `CODE_*` codes and `ABORTED`, with
 * its own `details`. Returns the same object.
 */
export function defineCodeModeTransport<T extends ToolDefinition>(definition: T): T {
  if (typeof definition === 'object' && definition !== null) transports.add(definition)
  return definition
}

/** Whether `definition` was marked by {@link defineCodeModeTransport}. */
export function isCodeModeTransport(definition: unknown): boolean {
  return typeof definition === 'object' && definition !== null && transports.has(definition)
}
