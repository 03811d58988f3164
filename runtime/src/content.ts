// Model-facing content: the pinned content-block and user-message shapes, their exact checks on snapshots, and the
// one-pass snapshot of a rendered content list.
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
 * Checks that a lossless-JSON snapshot is a `ContentBlock[]` of the pinned shapes, exactly: a text
 * block has only `type` and `text`, an image block only `type`, `data` and `mimeType`. Extra keys are
 * refused because the blocks are appended to durable logs and sent to providers verbatim. Takes a
 * snapshot (no getters, no cycles), so plain reads guarded by `hasOwn` are safe. Appends issues with
 * JSON Pointers under `path`; returns whether the value conforms.
 */
export function checkContentBlocks(value: JsonValue, path: string, issues: SchemaIssue[]): value is readonly ContentBlock[] {
  if (!isArray(value)) {
    appendOwn(issues, { path, message: `content must be an array of content blocks, found ${describeValue(value)}` })
    return false
  }
  let ok = true
  const polluted = prototypesPolluted()
  for (let i = 0; i < value.length; i++) {
    const block = value[i]
    if (!isContentBlock(block, polluted)) {
      appendOwn(issues, { path: `${path}/${i}`, message: contentBlockMessage(block) })
      ok = false
    }
  }
  return ok
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

// The content snapshot in one pass. Every rendered result crosses `materializeJson` and then `checkContentBlocks`:
// a generic walk of a list of small objects, then a second look at each. A list of blocks in their canonical key order
// (`type` first, as every renderer writes them) is checked and copied here in one pass instead, each block built as a
// literal of its fixed shape. It is a shortcut of those two steps, not a second definition: it returns exactly the
// snapshot they would (the same keys in the same order, frozen and registered the same way) or gives up, and the
// caller then takes them, which word every issue (test/runtime/content.test.ts proves the two agree).

/** Most blocks the one-pass path copies; a longer list takes materializeJson. */
const CONTENT_FAST_BLOCKS = 16

/**
 * The frozen snapshot `materializeJson(value)` returns when it is a list of content blocks `checkContentBlocks`
 * accepts, for a dense plain array of at most 16 plain blocks with their keys in the canonical order (`type`, `text`
 * or `type`, `data`, `mimeType`), or an earlier snapshot of such a list; `undefined` for anything else (the caller then
 * takes materializeJson and checkContentBlocks). Never runs a getter, never throws.
 */
export function snapshotContentBlocks(value: unknown): readonly ContentBlock[] | undefined {
  if (!isArray(value)) return undefined
  try {
    if (snapshotHeight(value) !== undefined) return snapshotIsContent(value as readonly JsonValue[]) ? (value as readonly ContentBlock[]) : undefined
    if (getPrototypeOf(value) !== arrayPrototype) return undefined
    const length = value.length
    // The checks materializeJson makes of a small array, in its order: no symbol key, exactly the indices as
    // enumerable keys, no index getter; then each element is an own data property, read without running anything.
    if (length > CONTENT_FAST_BLOCKS || getOwnPropertySymbols(value).length !== 0 || !onlyIndexKeys(value, length)) return undefined
    // A list of exactly `length` slots (an empty list grown by appends reserves 17 for the first block), each
    // written as an own element: an index a polluted prototype defines is defined, never assigned through.
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

/** One block's snapshot: an earlier snapshot of a block as it is, a plain block in canonical key order copied; else undefined. */
function snapshotBlock(block: unknown): ContentBlock | undefined {
  if (typeof block !== 'object' || block === null) return undefined
  if (snapshotHeight(block) !== undefined) return isContentBlock(block as JsonValue, prototypesPolluted()) ? (block as ContentBlock) : undefined
  const proto: unknown = getPrototypeOf(block)
  if (proto !== objectPrototype && proto !== null) return undefined
  const names = getOwnPropertyNames(block)
  // Every own key enumerable (as many as an enumeration counts), none a symbol; `type` first. An empty block has no
  // names[0] of its own: reading it would find an index getter on Array.prototype.
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

/**
 * A text block built key by key on an empty object, which keeps spare in-object room for the snapshot's brand (a
 * literal has none, so registering it allocates a property store). A literal when Object.prototype has either key:
 * an assignment would reach what is there (a setter someone defined).
 */
function textBlock(text: string): ContentBlock {
  if ('type' in objectPrototype || 'text' in objectPrototype) return { type: 'text', text }
  const block = {} as { type: 'text'; text: string }
  block.type = 'text'
  block.text = text
  return block
}

/**
 * The string value of `record`'s own key `key` (known to be own and enumerable), when it is data: a key whose lookup
 * finds no getter is data or a setter-only accessor, which reads as undefined, so reading it runs nothing.
 */
function ownString(record: object, key: string): string | undefined {
  if (lookupGetter.call(record, key) !== undefined) return undefined
  const text: unknown = (record as Record<string, unknown>)[key]
  return typeof text === 'string' ? text : undefined
}

const KNOWN_KEYS = new Set(['role', 'content', 'source', 'meta'])

/**
 * Checks that a lossless-JSON snapshot is a `UserMessage`: `role: 'user'`, `content` of content
 * blocks, optional string `source`, optional JSON `meta`, and no other keys (it is appended to durable
 * logs verbatim). Takes a snapshot, so `hasOwn`-guarded reads are safe. Appends issues under `path`.
 */
export function checkUserMessage(value: JsonValue, path: string, issues: SchemaIssue[]): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    appendOwn(issues, { path, message: `a context must be a user message object, found ${describeValue(value)}` })
    return false
  }
  const record = value as { readonly [key: string]: JsonValue }
  let ok = true
  for (const key of Object.keys(record)) {
    if (!KNOWN_KEYS.has(key)) {
      appendOwn(issues, { path: `${path}/${escapeJsonPointerToken(key)}`, message: 'is not a user message field (role, content, source, meta)' })
      ok = false
    }
  }
  if (!hasOwn(record, 'role') || record.role !== 'user') {
    appendOwn(issues, { path: `${path}/role`, message: 'must be "user"' })
    ok = false
  }
  if (!hasOwn(record, 'content')) {
    appendOwn(issues, { path: `${path}/content`, message: 'is required' })
    ok = false
  } else if (!checkContentBlocks(record.content as JsonValue, `${path}/content`, issues)) {
    ok = false
  }
  if (hasOwn(record, 'source') && typeof record.source !== 'string') {
    appendOwn(issues, { path: `${path}/source`, message: `must be a string, found ${describeValue(record.source)}` })
    ok = false
  }
  return ok
}
