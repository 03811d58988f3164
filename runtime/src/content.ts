// Model-facing content: the pinned content-block and user-message shapes, and their exact checks on snapshots.
import { describeValue } from './json/describe-value.js'
import { prototypesPolluted } from './json/hostile-prototypes.js'
import { escapeJsonPointerToken, type JsonValue } from './json/json-value.js'
import type { SchemaIssue } from './errors.js'

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

/**
 * Checks that a lossless-JSON snapshot is a `ContentBlock[]` of the pinned shapes, exactly: a text
 * block has only `type` and `text`, an image block only `type`, `data` and `mimeType`. Extra keys are
 * refused because the blocks are appended to durable logs and sent to providers verbatim. Takes a
 * snapshot (no getters, no cycles), so plain reads guarded by `hasOwn` are safe. Appends issues with
 * JSON Pointers under `path`; returns whether the value conforms.
 */
export function checkContentBlocks(value: JsonValue, path: string, issues: SchemaIssue[]): value is readonly ContentBlock[] {
  if (!isArray(value)) {
    issues.push({ path, message: `content must be an array of content blocks, found ${describeValue(value)}` })
    return false
  }
  let ok = true
  const polluted = prototypesPolluted()
  for (let i = 0; i < value.length; i++) {
    const block = value[i]
    if (!isContentBlock(block, polluted)) {
      issues.push({ path: `${path}/${i}`, message: contentBlockMessage(block) })
      ok = false
    }
  }
  return ok
}

function isContentBlock(block: JsonValue | undefined, polluted: boolean): boolean {
  if (typeof block !== 'object' || block === null || isArray(block)) return false
  const record = block as { readonly [key: string]: JsonValue }
  if (!hasOwn(record, 'type')) return false
  const keys = polluted ? Object.keys(record).length : countKeys(record)
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

/** Counts enumerable keys without allocating; only exact when no prototype carries enumerable keys. */
function countKeys(record: object): number {
  let keys = 0
  for (const _key in record) keys++
  return keys
}

function contentBlockMessage(block: JsonValue | undefined): string {
  return `is not a content block ({ type: "text", text } or { type: "image", data, mimeType }, no other keys), found ${describeValue(block)}`
}

const KNOWN_KEYS = new Set(['role', 'content', 'source', 'meta'])

/**
 * Checks that a lossless-JSON snapshot is a `UserMessage`: `role: 'user'`, `content` of content
 * blocks, optional string `source`, optional JSON `meta`, and no other keys (it is appended to durable
 * logs verbatim). Takes a snapshot, so `hasOwn`-guarded reads are safe. Appends issues under `path`.
 */
export function checkUserMessage(value: JsonValue, path: string, issues: SchemaIssue[]): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ path, message: `a context must be a user message object, found ${describeValue(value)}` })
    return false
  }
  const record = value as { readonly [key: string]: JsonValue }
  let ok = true
  for (const key of Object.keys(record)) {
    if (!KNOWN_KEYS.has(key)) {
      issues.push({ path: `${path}/${escapeJsonPointerToken(key)}`, message: 'is not a user message field (role, content, source, meta)' })
      ok = false
    }
  }
  if (!hasOwn(record, 'role') || record.role !== 'user') {
    issues.push({ path: `${path}/role`, message: 'must be "user"' })
    ok = false
  }
  if (!hasOwn(record, 'content')) {
    issues.push({ path: `${path}/content`, message: 'is required' })
    ok = false
  } else if (!checkContentBlocks(record.content as JsonValue, `${path}/content`, issues)) {
    ok = false
  }
  if (hasOwn(record, 'source') && typeof record.source !== 'string') {
    issues.push({ path: `${path}/source`, message: `must be a string, found ${describeValue(record.source)}` })
    ok = false
  }
  return ok
}
