import { MAX_JSON_DEPTH } from './json-value.js'

/** Names a value for an issue message ("a string", "NaN"); never throws, runs at most a Proxy's getPrototypeOf trap. */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return 'a string'
    case 'boolean':
      return 'a boolean'
    case 'number':
      if (Number.isNaN(value)) return 'NaN'
      if (value === Infinity) return 'Infinity'
      if (value === -Infinity) return '-Infinity'
      return Number.isInteger(value) ? 'an integer' : 'a non-integer number'
    case 'undefined':
      return 'undefined'
    case 'function':
      return 'a function'
    case 'symbol':
      return 'a symbol'
    case 'bigint':
      return 'a bigint'
    default:
      return describeObject(value as object | null)
  }
}

/** The message for a value that is not lossless JSON, alike from materializeJson and the validators. */
export function notJsonMessage(value: unknown): string {
  return `${describeValue(value)} is not lossless JSON`
}

/** The message for a value nested past `MAX_JSON_DEPTH`, alike from materializeJson and the validators. */
export const TOO_DEEP_MESSAGE = `nests deeper than ${MAX_JSON_DEPTH} levels`

/** The message for a container that refers back to `target` (a JSON Pointer; `''` is the root). */
export function cycleMessage(target: string): string {
  return `is a cycle: refers back to ${target === '' ? 'the root' : target}`
}

function describeObject(value: object | null): string {
  if (value === null) return 'null'
  try {
    const proto: unknown = Object.getPrototypeOf(value)
    if (Array.isArray(value)) return proto === Array.prototype ? 'an array' : 'an array subclass or foreign array'
    if (proto === Object.prototype || proto === null) return 'an object'
    return 'a non-plain object (its prototype is not Object.prototype or null)'
  } catch {
    return 'an unreadable object (a Proxy trap threw)'
  }
}
