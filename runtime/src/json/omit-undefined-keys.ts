const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor
const getPrototypeOf = Object.getPrototypeOf
const setPrototypeOf = Object.setPrototypeOf
const defineProperty = Object.defineProperty
const objectKeys = Object.keys
const ownKeys = Reflect.ownKeys
const hasOwn = Object.hasOwn
const isArray = Array.isArray
const objectPrototype = Object.prototype
const arrayPrototype = Array.prototype

/**
 * A plain control object (a decision, a deferred context) without its own data keys holding `undefined`, as
 * JSON.stringify reads it; keys in `strict` (tool data) stay for the lossless check to reject. Returns `value` itself
 * when nothing is left out or it is not a plain object. Never runs a getter.
 */
export function omitUndefinedKeys(value: unknown, strict?: ReadonlySet<string>): unknown {
  if (!isPlainObject(value)) return value
  try {
    const names = objectKeys(value)
    let found = false
    for (let i = 0; i < names.length && !found; i++) found = isUndefinedData(value, names[i] as string, strict)
    return found ? copyObject(value, (key) => isUndefinedData(value, key, strict)) : value
  } catch {
    return value // a Proxy trap threw: the lossless check reports it
  }
}

/** {@link omitUndefinedKeys} for a decision and each of its `additionalContexts` (the array copied only if needed). */
export function omitUndefinedDecisionKeys(value: unknown, strict?: ReadonlySet<string>): unknown {
  const control = omitUndefinedKeys(value, strict)
  if (!isPlainObject(control)) return control
  try {
    const descriptor = getOwnPropertyDescriptor(control, 'additionalContexts')
    const contexts: unknown = descriptor !== undefined && hasOwn(descriptor, 'value') ? descriptor.value : undefined
    if (!isArray(contexts) || getPrototypeOf(contexts) !== arrayPrototype) return control
    let copy: unknown[] | undefined
    for (let i = 0; i < contexts.length; i++) {
      const item = getOwnPropertyDescriptor(contexts, i)
      if (item === undefined || !hasOwn(item, 'value')) continue
      const cleaned = omitUndefinedKeys(item.value)
      if (cleaned === item.value) continue
      copy ??= copyArray(contexts)
      // Defined, not assigned: the copied slot keeps the source's attributes, and a read-only one would refuse.
      defineProperty(copy, i, dataDescriptor(cleaned))
    }
    if (copy === undefined) return control
    const target = control === value ? copyObject(control, () => false) : control
    defineProperty(target, 'additionalContexts', dataDescriptor(copy))
    return target
  } catch {
    return control
  }
}

function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || isArray(value)) return false
  const proto: unknown = getPrototypeOf(value)
  return proto === objectPrototype || proto === null
}

function isUndefinedData(value: object, name: string, strict: ReadonlySet<string> | undefined): boolean {
  if (strict?.has(name) === true) return false
  const descriptor = getOwnPropertyDescriptor(value, name)
  return descriptor !== undefined && hasOwn(descriptor, 'value') && descriptor.value === undefined
}

/** A copy of a plain object through its descriptors, without the keys `skip` names; other keys stay as they were. */
function copyObject(value: object, skip: (key: string) => boolean): object {
  const copy: object = getPrototypeOf(value) === null ? Object.create(null) : {}
  const keys = ownKeys(value)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string | symbol
    if (typeof key === 'string' && skip(key)) continue
    const descriptor = getOwnPropertyDescriptor(value, key)
    if (descriptor !== undefined) defineProperty(copy, key, copiedDescriptor(descriptor))
  }
  return copy
}

/** A copy of an array's elements through their descriptors; holes stay holes. */
function copyArray(value: unknown[]): unknown[] {
  const copy: unknown[] = []
  copy.length = value.length
  for (let i = 0; i < value.length; i++) {
    const descriptor = getOwnPropertyDescriptor(value, i)
    if (descriptor !== undefined) defineProperty(copy, i, copiedDescriptor(descriptor))
  }
  return copy
}

// Re-parented, so a polluted Object.prototype.get/set cannot turn data into an accessor; data made writable and
// configurable, or a frozen input's slot would refuse the cleaned value. Accessors stay for the lossless check.
function copiedDescriptor(descriptor: PropertyDescriptor): PropertyDescriptor {
  const copy = setPrototypeOf(descriptor, null) as PropertyDescriptor
  if (hasOwn(copy, 'value')) {
    copy.writable = true
    copy.configurable = true
  }
  return copy
}

function dataDescriptor(value: unknown): PropertyDescriptor {
  return { __proto__: null, value, writable: true, enumerable: true, configurable: true } as PropertyDescriptor
}
