// Own properties under a polluted Object.prototype or Array.prototype (accessors, read-only or enumerable keys):
// walkers notice it, and snapshots are built without ever reaching what is there.

const objectPrototype = Object.prototype
const arrayPrototype = Array.prototype
const defineProperty = Object.defineProperty

/** Makes `key` an own enumerable data property of `target`, a fresh plain object under construction. */
export function assignOwn(target: object, key: string, value: unknown): void {
  // Assignment of a key Object.prototype has would reach its `__proto__` setter, accessor or read-only slot. The
  // descriptor has no prototype: inherited `get`/`set` would make defineProperty throw.
  if (key in objectPrototype) defineProperty(target, key, { __proto__: null, value, writable: true, enumerable: true, configurable: true } as PropertyDescriptor)
  else (target as Record<string, unknown>)[key] = value
}

/** Appends `item` to `array`, an array the runtime owns, as an own data element. */
export function appendOwn<T>(array: T[], item: T): void {
  setOwnElement(array, array.length, item)
}

/** Makes `array[index]` an own data element of `array`, an array the runtime owns. */
export function setOwnElement<T>(array: T[], index: number, item: T): void {
  // Assigning (or pushing) a missing slot would hand the item to an index accessor on a polluted prototype.
  if (index in arrayPrototype) defineProperty(array, index, { __proto__: null, value: item, writable: true, enumerable: true, configurable: true } as PropertyDescriptor)
  else array[index] = item
}

/** Whether Object.prototype or Array.prototype has an enumerable key (for…in over Array.prototype sees both). */
export function prototypesPolluted(): boolean {
  for (const _key in arrayPrototype) return true
  return false
}

/** How many enumerable string keys `value` has; `polluted` is {@link prototypesPolluted}'s answer if known. */
export function enumerableKeyCount(value: object, polluted = prototypesPolluted()): number {
  // for…in allocates no key list, but would also count an enumerable key of a polluted prototype.
  if (polluted) return Object.keys(value).length
  let count = 0
  for (const _key in value) count++
  return count
}

/** Whether Object.prototype has a `then`, making every result object a thenable; never reads it (no getter runs). */
export function thenPolluted(): boolean {
  return 'then' in objectPrototype
}
