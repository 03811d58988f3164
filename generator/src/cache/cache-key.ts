import { createHash } from 'node:crypto'

/**
 * The cache key of a value made from `parts` (texts or bytes): SHA-256 over each part prefixed with its length, so no two different
 * lists of parts share a key (`['ab', 'c']` and `['a', 'bc']` do not).
 */
export function cacheKey(parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256')
  // Texts and bytes are told apart too, by their length prefix (`5:` against `5b:`).
  for (const part of parts) hash.update(typeof part === 'string' ? `${part.length}:` : `${part.length}b:`).update(part)
  return hash.digest('base64url')
}
