import { appendPointer } from '../../json/json-value.js'
import type { SchemaIssue } from '../json-schema/json-schema-node.js'

// Specs are read once through descriptors: no getter runs, no inherited key counts, check and compile see one snapshot.

/** What a spec record or array holds, or why it cannot be read. */
export type ReadOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false }

/** Reads a plain object's own enumerable string-keyed data properties, in order; anything else is an issue. */
export function readSpecRecord(
  value: unknown,
  path: string,
  what: string,
  issues: SchemaIssue[],
): ReadOutcome<ReadonlyMap<string, unknown>> {
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      issues.push({ path, message: `${what} must be an object, found ${describeFound(value)}` })
      return { ok: false }
    }
    const proto: unknown = Object.getPrototypeOf(value)
    if (proto !== Object.prototype && proto !== null) {
      issues.push({ path, message: `${what} must be a plain object, found ${describeFound(value)}` })
      return { ok: false }
    }
    const entries = new Map<string, unknown>()
    let ok = true
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key === 'symbol') {
        issues.push({ path, message: `${what} has a symbol key ${String(key)}; only string keys are allowed` })
        ok = false
        continue
      }
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key)
      if (descriptor === undefined) continue // deleted by a Proxy between the two traps
      const at = appendPointer(path, key)
      if (!Object.hasOwn(descriptor, 'value')) {
        issues.push({ path: at, message: 'must be a data property, not an accessor (getter/setter)' })
        ok = false
      } else if (descriptor.enumerable !== true) {
        issues.push({ path: at, message: 'must be an enumerable property' })
        ok = false
      } else {
        entries.set(key, descriptor.value)
      }
    }
    return ok ? { ok: true, value: entries } : { ok: false }
  } catch {
    issues.push({ path, message: `${what} could not be read (a Proxy trap threw)` })
    return { ok: false }
  }
}

/** Reads a dense, plain array's items; holes, extra keys and accessors are issues. */
export function readSpecArray(
  value: unknown,
  path: string,
  what: string,
  issues: SchemaIssue[],
): ReadOutcome<readonly unknown[]> {
  try {
    if (!Array.isArray(value)) {
      issues.push({ path, message: `${what} must be an array, found ${describeFound(value)}` })
      return { ok: false }
    }
    if (Object.getPrototypeOf(value) !== Array.prototype) {
      issues.push({ path, message: `${what} must be a plain array` })
      return { ok: false }
    }
    const keys = Reflect.ownKeys(value)
    const lengthDescriptor = Reflect.getOwnPropertyDescriptor(value, 'length')
    const length = typeof lengthDescriptor?.value === 'number' ? lengthDescriptor.value : 0
    // A dense array owns its indices plus `length`: the count spares a huge sparse array a step per hole.
    if (keys.length !== length + 1) {
      issues.push({ path, message: `${what} must be a dense array without holes or extra properties` })
      return { ok: false }
    }
    const items: unknown[] = []
    let ok = true
    for (let index = 0; index < length; index++) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value, String(index))
      if (descriptor === undefined) {
        issues.push({ path: appendPointer(path, index), message: 'is a hole; arrays must be dense' })
        ok = false
      } else if (!Object.hasOwn(descriptor, 'value')) {
        issues.push({
          path: appendPointer(path, index),
          message: 'must be a data property, not an accessor (getter/setter)',
        })
        ok = false
      } else {
        items.push(descriptor.value)
      }
    }
    return ok ? { ok: true, value: items } : { ok: false }
  } catch {
    issues.push({ path, message: `${what} could not be read (a Proxy trap threw)` })
    return { ok: false }
  }
}

/** A short description of a found value for issue messages (never calls user code). */
export function describeFound(value: unknown): string {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'string':
      return value.length > 40
        ? `a string (${JSON.stringify(value.slice(0, 40))}…)`
        : `the string ${JSON.stringify(value)}`
    case 'number':
    case 'boolean':
    case 'bigint':
      return `${typeof value} ${String(value)}`
    case 'undefined':
      return 'undefined'
    case 'function':
      return 'a function'
    case 'symbol':
      return 'a symbol'
    default:
      try {
        return Array.isArray(value) ? 'an array' : 'an object'
      } catch {
        return 'a revoked Proxy'
      }
  }
}
