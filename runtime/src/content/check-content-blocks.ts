import type { JsonValue } from '../json/json-value.js'
import { describeValue } from '../json/describe-value.js'
import { prototypesPolluted } from '../json/hostile-prototypes.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import type { ContentBlock } from './content-block.js'

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
