// Own properties under a hostile prototype: Object.prototype or Array.prototype may carry accessors,
// read-only or enumerable keys (pollution, by mistake or by an attacker). These helpers let the walkers
// notice it, and let snapshots be built without ever reaching what is there.

const objectPrototype = Object.prototype
const arrayPrototype = Array.prototype
const defineProperty = Object.defineProperty

/**
 * Makes `key` an own enumerable data property of `target`, a fresh plain object under construction.
 * Plain assignment, which is fast, unless Object.prototype has the key: then assignment would reach
 * what is there — the `__proto__` setter, or an accessor or read-only property someone defined on the
 * prototype, which would receive the value or drop it — so the property is defined instead.
 */
export function assignOwn(target: object, key: string, value: unknown): void {
  // A null-prototype descriptor: an ordinary literal would inherit `get`/`set` from a polluted
  // Object.prototype, and defineProperty would then see an accessor and data at once, and throw.
  if (key in objectPrototype) defineProperty(target, key, { __proto__: null, value, writable: true, enumerable: true, configurable: true } as PropertyDescriptor)
  else (target as Record<string, unknown>)[key] = value
}

/**
 * Appends `item` to `array`, an array the runtime owns, as an own data element. Plain assignment (or `push`) into a
 * slot the array does not have yet looks the index up on Array.prototype and Object.prototype first, and an
 * accessor someone defined there at that index would receive the item instead, leaving a hole that later reads
 * through the accessor again; so the slot is defined when a prototype has that index.
 */
export function appendOwn<T>(array: T[], item: T): void {
  setOwnElement(array, array.length, item)
}

/** Makes `array[index]` an own data element of `array`, an array the runtime owns (see {@link appendOwn}). */
export function setOwnElement<T>(array: T[], index: number, item: T): void {
  if (index in arrayPrototype) defineProperty(array, index, { __proto__: null, value: item, writable: true, enumerable: true, configurable: true } as PropertyDescriptor)
  else array[index] = item
}

/**
 * Whether `Object.prototype` or `Array.prototype` carries an enumerable property (prototype pollution).
 * Walkers that rely on `for…in` or plain reads check this once per call and switch to own-property
 * checks when it is true, so inherited keys never count. A `for…in` over Array.prototype sees both
 * prototypes and costs about a nanosecond when they are clean.
 */
export function prototypesPolluted(): boolean {
  for (const _key in arrayPrototype) return true
  return false
}

/**
 * How many enumerable string keys `value` has. With clean prototypes a `for…in` counts exactly the own ones and, on
 * an object with an enumeration cache, lists nothing new (Object.keys would allocate a list per call); with an
 * enumerable key on Object.prototype or Array.prototype it would count that key too, so Object.keys counts then.
 * `polluted` is {@link prototypesPolluted}'s answer, when the caller already has it.
 */
export function enumerableKeyCount(value: object, polluted = prototypesPolluted()): number {
  if (polluted) return Object.keys(value).length
  let count = 0
  for (const _key in value) count++
  return count
}

/**
 * Whether `Object.prototype` has a `then` (prototype pollution that makes every plain object a
 * thenable): a promise resolved with a result object would call it instead of fulfilling, so the
 * result could be replaced or never settle. Checked without reading it (a getter never runs).
 */
export function thenPolluted(): boolean {
  return 'then' in objectPrototype
}
