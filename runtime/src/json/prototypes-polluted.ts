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
