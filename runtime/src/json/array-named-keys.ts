// Whether an array has an enumerable named (non-index) own key (`arr.extra = 1`), which a snapshot would lose.
// Portable key listings build a string per index, and cheaper reads (Object.values) would run a named getter; Node's
// util.inspect lists named keys alone, so a large array is asked there, anything else by Object.keys.

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

// util.inspect uses ordinary arrays and objects internally, so it is asked only while Object.prototype and
// Array.prototype are exactly as they were at load (an index accessor there would receive what inspect pushes).
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
    // process.getBuiltinModule (Node 20.16+) reaches node:util without an import, so other hosts still load this.
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

/** Whether the host shows plain array `value` has no enumerable named key (`false`: not shown). Never runs a getter. */
export function hostShowsNoNamedKeys(value: unknown[], length: number): boolean {
  return length >= HOST_PROBE_MIN_LENGTH && host !== undefined && askHost(host, value, length)
}

/** Whether the enumerable string keys of `value` are exactly its indices below `length`. */
export function onlyIndexKeys(value: unknown[], length: number): boolean {
  const keys = objectKeys(value)
  // Object.keys lists indices in ascending order before named keys: `length` keys ending on the last index says it.
  return keys.length === length && (length === 0 || keys[length - 1] === String(length - 1))
}

// With no element listed, util.inspect prints `[ ... N more items ]` and then every enumerable named key. What it reads
// itself (`constructor`, Symbol.toStringTag, Array.name, `instanceof Array`) is checked to be intrinsic first, so no
// user code runs; a Proxy, a throw or any other output means "not shown".
function askHost(util: HostUtil, value: unknown[], length: number): boolean {
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
