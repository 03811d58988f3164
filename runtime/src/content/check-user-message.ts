import { describeValue } from '../json/describe-value.js'
import type { JsonValue } from '../json/json-value.js'
import { escapeJsonPointerToken } from '../json/json-value.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import { checkContentBlocks } from './check-content-blocks.js'

const hasOwn = Object.hasOwn
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
