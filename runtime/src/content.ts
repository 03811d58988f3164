// Model-facing content: the pinned block and user-message shapes, their exact checks, and a one-pass snapshot.
import type { SchemaIssue } from './errors.js'
import { onlyIndexKeys } from './json/array-named-keys.js'
import { describeValue } from './json/describe-value.js'
import { appendOwn, enumerableKeyCount, prototypesPolluted, setOwnElement } from './json/hostile-prototypes.js'
import { escapeJsonPointerToken, type JsonValue } from './json/json-value.js'
import { registerSnapshot, snapshotHeight } from './json/materialized-snapshots.js'

/** One block of model-facing content. */
export type ContentBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly data: string; readonly mimeType: string }

/** A user-role message, used for deferred contexts a tool attaches to its result. */
export interface UserMessage {
  readonly role: 'user'
  readonly content: readonly ContentBlock[]
  /** Who produced the message (a plugin, a nested dispatch). */
  readonly source?: string
  /** Lossless JSON metadata carried with the message. */
  readonly meta?: JsonValue
}

const hasOwn = Object.hasOwn
const isArray = Array.isArray
const freeze = Object.freeze
const getPrototypeOf = Object.getPrototypeOf
const getOwnPropertyNames = Object.getOwnPropertyNames
const getOwnPropertySymbols = Object.getOwnPropertySymbols
const objectPrototype = Object.prototype
const arrayPrototype = Array.prototype
// eslint-disable-next-line @typescript-eslint/unbound-method
const lookupGetter = (Object.prototype as unknown as { __lookupGetter__(key: PropertyKey): unknown }).__lookupGetter__

/**
 * Whether a snapshot (no getters, so plain reads are safe) is a `ContentBlock[]` of exactly the pinned shapes; extra
 * keys are refused because blocks reach durable logs and providers verbatim. Appends issues under `path`.
 */
export function checkContentBlocks(value: JsonValue, path: string, issues: SchemaIssue[]): value is readonly ContentBlock[] {
  if (!isArray(value)) {
    appendOwn(issues, { path, message: `content must be an array of content blocks, found ${describeValue(value)}` })
    return false
  }
  const before = issues.length
  const polluted = prototypesPolluted()
  for (let i = 0; i < value.length; i++) {
    const block = value[i]
    if (!isContentBlock(block, polluted)) appendOwn(issues, { path: `${path}/${i}`, message: contentBlockMessage(block) })
  }
  return issues.length === before
}

function isContentBlock(block: JsonValue | undefined, polluted: boolean): boolean {
  if (typeof block !== 'object' || block === null || isArray(block)) return false
  const record = block as { readonly [key: string]: JsonValue }
  if (!hasOwn(record, 'type')) return false
  const keys = enumerableKeyCount(record, polluted)
  if (record.type === 'text') return keys === 2 && hasOwn(record, 'text') && typeof record.text === 'string'
  if (record.type === 'image') {
    return (
      keys === 3 &&
      hasOwn(record, 'data') &&
      typeof record.data === 'string' &&
      hasOwn(record, 'mimeType') &&
      typeof record.mimeType === 'string'
    )
  }
  return false
}

function contentBlockMessage(block: JsonValue | undefined): string {
  return `is not a content block ({ type: "text", text } or { type: "image", data, mimeType }, no other keys), found ${describeValue(block)}`
}

/** Most blocks the one-pass path copies; a longer list takes materializeJson. */
const CONTENT_FAST_BLOCKS = 16

/**
 * `materializeJson` + `checkContentBlocks` in one pass for up to 16 plain blocks in canonical key order (or an earlier
 * snapshot): exactly their snapshot, or `undefined` to take them instead. Never runs a getter, never throws.
 */
export function snapshotContentBlocks(value: unknown): readonly ContentBlock[] | undefined {
  if (!isArray(value)) return undefined
  try {
    if (snapshotHeight(value) !== undefined) return snapshotIsContent(value as readonly JsonValue[]) ? (value as readonly ContentBlock[]) : undefined
    if (getPrototypeOf(value) !== arrayPrototype) return undefined
    const length = value.length
    // materializeJson's checks of a small array, in its order.
    if (length > CONTENT_FAST_BLOCKS || getOwnPropertySymbols(value).length !== 0 || !onlyIndexKeys(value, length)) return undefined
    // Each index is defined, never assigned through a setter a polluted Array.prototype may hold.
    const copy = new Array<ContentBlock>(length)
    for (let i = 0; i < length; i++) {
      if (lookupGetter.call(value, i) !== undefined) return undefined
      const block = snapshotBlock((value as unknown[])[i])
      if (block === undefined) return undefined
      setOwnElement(copy, i, block)
    }
    registerSnapshot(copy, length === 0 ? 1 : 2) // an empty list spans one level, as materializeJson counts it
    return freeze(copy)
  } catch {
    return undefined // a Proxy trap threw: materializeJson reports it
  }
}

/** Whether an earlier snapshot is a list of content blocks (its blocks are frozen data: plain reads run nothing). */
function snapshotIsContent(list: readonly JsonValue[]): boolean {
  const polluted = prototypesPolluted()
  for (let i = 0; i < list.length; i++) if (!isContentBlock(list[i], polluted)) return false
  return true
}

function snapshotBlock(block: unknown): ContentBlock | undefined {
  if (typeof block !== 'object' || block === null) return undefined
  if (snapshotHeight(block) !== undefined) return isContentBlock(block as JsonValue, prototypesPolluted()) ? (block as ContentBlock) : undefined
  const proto: unknown = getPrototypeOf(block)
  if (proto !== objectPrototype && proto !== null) return undefined
  const names = getOwnPropertyNames(block)
  // Length first: names[0] of an empty list would read an index getter off Array.prototype.
  if (names.length === 0 || names[0] !== 'type' || enumerableKeyCount(block) !== names.length || getOwnPropertySymbols(block).length !== 0) return undefined
  const type = ownString(block, 'type')
  let copy: ContentBlock
  if (type === 'text' && names.length === 2 && names[1] === 'text') {
    const text = ownString(block, 'text')
    if (text === undefined) return undefined
    copy = textBlock(text)
  } else if (type === 'image' && names.length === 3 && names[1] === 'data' && names[2] === 'mimeType') {
    const data = ownString(block, 'data')
    const mimeType = ownString(block, 'mimeType')
    if (data === undefined || mimeType === undefined) return undefined
    copy = { type, data, mimeType }
  } else return undefined
  registerSnapshot(copy, 1)
  return freeze(copy)
}

// Built key by key, leaving in-object room for the snapshot's brand; a literal when Object.prototype has either key
// (an assignment would run a setter defined there).
function textBlock(text: string): ContentBlock {
  if ('type' in objectPrototype || 'text' in objectPrototype) return { type: 'text', text }
  const block = {} as { type: 'text'; text: string }
  block.type = 'text'
  block.text = text
  return block
}

/** `record[key]` if a string; a key with no getter runs nothing when read (a setter-only one reads undefined). */
function ownString(record: object, key: string): string | undefined {
  if (lookupGetter.call(record, key) !== undefined) return undefined
  const text: unknown = (record as Record<string, unknown>)[key]
  return typeof text === 'string' ? text : undefined
}

const KNOWN_KEYS = new Set(['role', 'content', 'source', 'meta'])

/** Whether a snapshot is a `UserMessage` and nothing more (it reaches durable logs verbatim); appends issues. */
export function checkUserMessage(value: JsonValue, path: string, issues: SchemaIssue[]): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    appendOwn(issues, { path, message: `a context must be a user message object, found ${describeValue(value)}` })
    return false
  }
  const record = value as { readonly [key: string]: JsonValue }
  const before = issues.length
  for (const key of Object.keys(record)) {
    if (!KNOWN_KEYS.has(key)) appendOwn(issues, { path: `${path}/${escapeJsonPointerToken(key)}`, message: 'is not a user message field (role, content, source, meta)' })
  }
  if (!hasOwn(record, 'role') || record.role !== 'user') appendOwn(issues, { path: `${path}/role`, message: 'must be "user"' })
  if (!hasOwn(record, 'content')) appendOwn(issues, { path: `${path}/content`, message: 'is required' })
  else checkContentBlocks(record.content as JsonValue, `${path}/content`, issues)
  if (hasOwn(record, 'source') && typeof record.source !== 'string') {
    appendOwn(issues, { path: `${path}/source`, message: `must be a string, found ${describeValue(record.source)}` })
  }
  return issues.length === before
}
