const objectPrototype = Object.prototype
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
