// Whether an array has an enumerable named (non-index) own key: `arr.extra = 1`, which a snapshot would lose.
// ECMAScript can only list an object's keys together with its indices ([[OwnPropertyKeys]]: Object.keys,
// Reflect.ownKeys, for-in, spreading, Object.assign all do), and V8 builds a string per index, which on a
// 10^6-element array costs about as much as a whole JSON round trip. Every cheaper way to look (Object.values,
// structuredClone) reads the named properties too, and so would run a named getter. Node can list the named keys
// alone — V8's key collection with indices skipped, which util.inspect uses — so on Node a large array is asked that
// way, and anywhere else (or whenever that answer could be unsure) by Object.keys.

const objectKeys = Object.keys
const hasOwn = Object.hasOwn
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor
const arrayPrototype = Array.prototype
const ArrayConstructor = Array
const objectPrototype = Object.prototype
const ownKeys = Reflect.ownKeys
const toStringTag = Symbol.toStringTag
const hasInstance = Symbol.hasInstance

/** From this length on the host is asked; below it Object.keys costs less than util.inspect's own set-up. */
export const HOST_PROBE_MIN_LENGTH = 2048

interface HostUtil {
  readonly inspect: (value: unknown, options: object) => string
  readonly isProxy: (value: unknown) => boolean
}

const host: HostUtil | undefined = loadHostUtil()

/** An own property of a prototype as it was when this module loaded: its value, or its getter and setter. */
type Fingerprint = readonly [key: string | symbol, value: unknown, get: unknown, set: unknown]

// util.inspect works with ordinary arrays and objects of its own (it pushes to arrays, reads `ctx.circular`, calls
// `includes`), so it is asked only while Object.prototype and Array.prototype are exactly as they were when the runtime
// loaded: no key added (an index accessor there would receive what inspect pushes), none replaced.
const pristine = host === undefined ? undefined : [fingerprint(objectPrototype), fingerprint(arrayPrototype)]

function fingerprint(proto: object): readonly Fingerprint[] {
  return ownKeys(proto).map((key) => {
    const d = getOwnPropertyDescriptor(proto, key) as PropertyDescriptor
    return [key, hasOwn(d, 'value') ? d.value : undefined, d.get, d.set] as const
  })
}

function unchanged(proto: object, expected: readonly Fingerprint[]): boolean {
  const keys = ownKeys(proto)
  if (keys.length !== expected.length) return false
  for (let i = 0; i < keys.length; i++) {
    const [key, value, get, set] = expected[i] as Fingerprint
    if (keys[i] !== key) return false
    const d = getOwnPropertyDescriptor(proto, key)
    if (d === undefined || (hasOwn(d, 'value') ? d.value !== value : d.get !== get || d.set !== set)) return false
  }
  return true
}

function loadHostUtil(): HostUtil | undefined {
  try {
    // process.getBuiltinModule (Node 20.16+) reaches node:util without an import, so the runtime still loads
    // anywhere (browsers, other hosts) and simply takes the portable path there.
    const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    const util = process?.getBuiltinModule?.('node:util') as
      | { inspect?: unknown; types?: { isProxy?: unknown } }
      | undefined
    const inspect = util?.inspect
    const isProxy = util?.types?.isProxy
    if (typeof inspect !== 'function' || typeof isProxy !== 'function') return undefined
    return { inspect: inspect as HostUtil['inspect'], isProxy: isProxy as HostUtil['isProxy'] }
  } catch {
    return undefined
  }
}

// No elements listed (maxArrayLength 0), no custom inspect hook, no getter run, one line whatever the defaults say.
const PROBE_OPTIONS = {
  __proto__: null,
  maxArrayLength: 0,
  customInspect: false,
  getters: false,
  showHidden: false,
  showProxy: false,
  depth: 0,
  colors: false,
  compact: 3,
  breakLength: Infinity,
  sorted: false,
}

/**
 * Whether `value`, a plain array (prototype Array.prototype) of `length` elements, surely has no enumerable named own
 * key. `false` means only "not shown": the caller then looks at every key. Says nothing about holes, non-enumerable
 * indices or accessors (the caller checks those), nor about symbol keys or non-enumerable named keys (neither is
 * listed). Never runs a getter: only what Object.keys would run (a Proxy's traps).
 */
export function hasNoNamedKeys(value: unknown[], length: number, useHost: boolean): boolean {
  if (useHost && length >= HOST_PROBE_MIN_LENGTH && host !== undefined && hostShowsNoNamedKeys(host, value, length)) return true
  const keys = objectKeys(value)
  // Object.keys lists the enumerable indices in ascending order before any named key: ending on the last index means
  // no named key follows.
  return keys.length === length && (length === 0 || keys[length - 1] === String(length - 1))
}

/**
 * util.inspect of an array with no element listed prints `[ ... N more items ]` and then every enumerable own named
 * key (`, extra: 1`), whose value it shows without running a getter. It reads a few things of its own first: the
 * array's `constructor` and `Symbol.toStringTag` through the prototype chain, `Array.name`, `instanceof Array`; each
 * is checked here to be the intrinsic data it normally is (or absent), and the prototypes to be unchanged since the
 * runtime loaded, so no code of anyone's runs. Any other output,
 * a Proxy (which inspect would look through, around its traps) or a throw means "not shown".
 */
function hostShowsNoNamedKeys(util: HostUtil, value: unknown[], length: number): boolean {
  try {
    if (util.isProxy(value) || hasOwn(value, 'constructor') || toStringTag in value) return false
    if (pristine === undefined || !unchanged(objectPrototype, pristine[0] as readonly Fingerprint[]) || !unchanged(arrayPrototype, pristine[1] as readonly Fingerprint[])) return false
    const constructor = getOwnPropertyDescriptor(arrayPrototype, 'constructor')
    if (constructor === undefined || !hasOwn(constructor, 'value') || constructor.value !== ArrayConstructor) return false
    const name = getOwnPropertyDescriptor(ArrayConstructor, 'name')
    if (name === undefined || !hasOwn(name, 'value') || name.value !== 'Array' || hasOwn(ArrayConstructor, hasInstance)) return false
    return util.inspect(value, PROBE_OPTIONS) === `[ ... ${length} more item${length === 1 ? '' : 's'} ]`
  } catch {
    return false
  }
}
