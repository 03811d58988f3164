const arrayPrototype = Array.prototype

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
 * Whether `Object.prototype` has a `then` (prototype pollution that makes every plain object a
 * thenable): a promise resolved with a result object would call it instead of fulfilling, so the
 * result could be replaced or never settle. Checked without reading it (a getter never runs).
 */
export function thenPolluted(): boolean {
  return 'then' in objectPrototype
}

const objectPrototype = Object.prototype
