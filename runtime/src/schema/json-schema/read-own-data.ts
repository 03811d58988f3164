import { describeValue } from '../../json/describe-value.js'
import { escapeJsonPointerToken } from '../../json/json-value.js'
import type { SchemaIssue } from './json-schema-node.js'

const objectPrototype = Object.prototype
const arrayPrototype = Array.prototype

/** A plain object's own enumerable data entries by descriptor, an issue per other property; undefined if unreadable. */
export function readOwnEntries(value: unknown, path: string, what: string, issues: SchemaIssue[]): [string, unknown][] | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ path, message: `${what} must be an object, found ${describeValue(value)}` })
    return undefined
  }
  try {
    const proto: unknown = Object.getPrototypeOf(value)
    if (proto !== objectPrototype && proto !== null) {
      issues.push({ path, message: `${what} must be a plain object, found ${describeValue(value)}` })
      return undefined
    }
    const entries: [string, unknown][] = []
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key === 'symbol') {
        issues.push({ path, message: `${what} has a symbol key (${String(key)}); only string keys are JSON` })
        continue
      }
      const descriptor = Object.getOwnPropertyDescriptor(value, key)
      if (descriptor === undefined) continue
      const at = `${path}/${escapeJsonPointerToken(key)}`
      if (!Object.hasOwn(descriptor, 'value')) issues.push({ path: at, message: 'is an accessor property, not JSON data' })
      else if (descriptor.enumerable !== true) issues.push({ path: at, message: 'is a non-enumerable property, not JSON data' })
      else entries.push([key, descriptor.value])
    }
    return entries
  } catch {
    issues.push({ path, message: `${what} could not be read: a Proxy trap threw` })
    return undefined
  }
}

/** A dense plain array's items by descriptor, an issue per hole or accessor; undefined if any, or unreadable. */
export function readOwnItems(value: unknown, path: string, what: string, issues: SchemaIssue[]): unknown[] | undefined {
  if (!Array.isArray(value)) {
    issues.push({ path, message: `${what} must be an array, found ${describeValue(value)}` })
    return undefined
  }
  try {
    if (Object.getPrototypeOf(value) !== arrayPrototype) {
      issues.push({ path, message: `${what} must be a plain array, found ${describeValue(value)}` })
      return undefined
    }
    const items: unknown[] = []
    const length = (value as unknown[]).length
    let ok = true
    for (let i = 0; i < length; i++) {
      const descriptor = Object.getOwnPropertyDescriptor(value, i)
      if (descriptor === undefined) {
        issues.push({ path: `${path}/${i}`, message: 'is a hole in a sparse array' })
        ok = false
      } else if (!Object.hasOwn(descriptor, 'value')) {
        issues.push({ path: `${path}/${i}`, message: 'is an accessor property, not JSON data' })
        ok = false
      } else {
        items.push(descriptor.value)
      }
    }
    return ok ? items : undefined
  } catch {
    issues.push({ path, message: `${what} could not be read: a Proxy trap threw` })
    return undefined
  }
}
