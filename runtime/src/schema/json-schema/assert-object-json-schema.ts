import { JsonSchemaError } from '../../errors/json-schema-error.js'
import { checkJsonSchema } from './check-json-schema.js'
import type { ObjectJsonSchema, SchemaIssue } from './json-schema-node.js'

/**
 * Asserts that `node` is a supported schema whose root declares `type: 'object'`, for consumers that
 * need an object root (tool parameters, structured outputs). Throws one {@link JsonSchemaError} with
 * every issue, the root-type issue included.
 */
export function assertObjectJsonSchema(node: unknown): asserts node is ObjectJsonSchema {
  const issues: SchemaIssue[] = checkJsonSchema(node)
  const rootType = readRootType(node)
  // A type that is not a type name at all is already an issue at /type; do not report it twice.
  const alreadyReported = issues.some((issue) => issue.path === '/type')
  if (rootType.readable && rootType.type !== 'object' && !alreadyReported) {
    issues.unshift(
      rootType.type === undefined
        ? { path: '', message: 'an object-rooted schema must declare type: "object"' }
        : { path: '/type', message: 'an object-rooted schema must have type "object"' },
    )
  }
  if (issues.length > 0) throw new JsonSchemaError(issues)
}

/** Reads the root's own `type` through its descriptor; unreadable roots are already issues. */
function readRootType(node: unknown): { readable: boolean; type?: unknown } {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return { readable: false }
  try {
    const descriptor = Object.getOwnPropertyDescriptor(node, 'type')
    if (descriptor === undefined) return { readable: true }
    return Object.hasOwn(descriptor, 'value') ? { readable: true, type: descriptor.value } : { readable: false }
  } catch {
    return { readable: false }
  }
}
