import type { JsonValue } from './json-value.js'

// Every frozen container materializeJson produced carries a private-field brand holding its height (levels of
// containers it spans): invisible to reflection, unforgeable, and unlike a WeakMap no ephemeron work for the GC.
/** The base of a private-field brand: `new` of a subclass installs its fields on `target` itself. */
export class OnTarget {
  constructor(target: object) {
    return target
  }
}

class SnapshotBrand extends OnTarget {
  readonly #height: number

  constructor(target: object, height: number) {
    super(target)
    this.#height = height
  }

  static heightOf(value: object): number | undefined {
    return #height in value ? (value as SnapshotBrand).#height : undefined
  }
}

/** Brands a container snapshot with its height before it is frozen; only materializeJson and content.ts call this. */
export function registerSnapshot(snapshot: object, height: number): void {
  new SnapshotBrand(snapshot, height)
}

/** The container height of a snapshot materializeJson produced, or `undefined` for any other value. */
export function snapshotHeight(value: object): number | undefined {
  return SnapshotBrand.heightOf(value)
}

/** Whether `value` is a scalar JSON value or a container snapshot produced by materializeJson. */
export function isMaterializedJson(value: unknown): value is JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return value - value === 0 && !Object.is(value, -0)
    case 'object':
      return value === null || SnapshotBrand.heightOf(value) !== undefined
    default:
      return false
  }
}
