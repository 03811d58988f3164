import { util } from 'prettier'
import { isRecord, ownEntries } from './own-entries.js'

/** The prettier options JSON layout depends on. */
export interface JsonLayoutOptions {
  readonly printWidth?: number
  readonly tabWidth?: number
  readonly useTabs?: boolean
  readonly endOfLine?: string
  readonly objectWrap?: string
  readonly plugins?: readonly unknown[]
}

// Thrown (and caught below) where prettier's layout is not reproduced here: the caller lets prettier do it.
class Unsupported extends Error {}

function scalar(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Unsupported('not JSON')
  const text = JSON.stringify(value)
  // Prettier rewrites exponents (`1e+21` to `1e21`); JSON.stringify writes them only for huge or tiny numbers.
  if (text === undefined || (typeof value === 'number' && /e/i.test(text))) throw new Unsupported('exponent')
  return text
}

/** The value on one line, or `undefined` when it cannot be: a non-empty object always breaks. */
function flat(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => flat(item))
    return items.every((item) => item !== undefined) ? `[${items.join(', ')}]` : undefined
  }
  if (isRecord(value)) return ownEntries(value).length === 0 ? '{}' : undefined
  return scalar(value)
}

const entries = (value: unknown): number => (Array.isArray(value) ? value.length : isRecord(value) ? ownEntries(value).length : 0)

/**
 * `value` as JSON laid out exactly as prettier's JSON printer lays out `JSON.stringify(value, null, 2)`: objects
 * keep their members one per line (the source breaks them); an array goes on one line when it fits the rest of
 * the line (measured with prettier's `getStringWidth`) unless it has two or more elements that are all arrays or
 * objects of two or more entries; otherwise one element per line. Returns `undefined` where that is not all prettier
 * does (arrays of numbers that do not fit, which prettier fills; exponents; CRLF, collapsing objects, plugins), and the
 * caller formats with prettier instead. The tests compare the two on generated values and layouts.
 */
export function layOutJson(value: unknown, options: JsonLayoutOptions = {}): string | undefined {
  if (options.endOfLine === 'crlf' || options.endOfLine === 'cr' || options.objectWrap === 'collapse') return undefined
  // A plugin may print JSON its own way (sorting keys, say).
  if (options.plugins !== undefined && options.plugins.length > 0) return undefined
  const width = options.printWidth ?? 80
  const tabWidth = options.tabWidth ?? 2
  const unit = options.useTabs === true ? '\t' : ' '.repeat(tabWidth)

  const print = (node: unknown, level: number, column: number, trailing: number): string => {
    const inner = unit.repeat(level + 1)
    const innerColumn = (level + 1) * tabWidth
    const close = unit.repeat(level)
    if (isRecord(node)) {
      const members = ownEntries(node)
      if (members.length === 0) return '{}'
      const lines = members.map(([key, item], index) => {
        const name = scalar(key)
        const last = index === members.length - 1
        return `${inner}${name}: ${print(item, level + 1, innerColumn + util.getStringWidth(name) + 2, last ? 0 : 1)}${last ? '' : ','}`
      })
      return `{\n${lines.join('\n')}\n${close}}`
    }
    if (!Array.isArray(node)) return scalar(node)
    if (node.length === 0) return '[]'
    const forced = node.length > 1 && node.every((item: unknown) => (Array.isArray(item) || isRecord(item)) && entries(item) > 1)
    const oneLine = flat(node)
    if (!forced && oneLine !== undefined && column + util.getStringWidth(oneLine) + trailing <= width) return oneLine
    if (node.length > 1 && node.every((item: unknown) => typeof item === 'number')) throw new Unsupported('fill')
    const lines = node.map((item: unknown, index) => {
      const last = index === node.length - 1
      return `${inner}${print(item, level + 1, innerColumn, last ? 0 : 1)}${last ? '' : ','}`
    })
    return `[\n${lines.join('\n')}\n${close}]`
  }

  try {
    return `${print(value, 0, 0, 0)}\n`
  } catch (error) {
    if (error instanceof Unsupported) return undefined
    throw error
  }
}
