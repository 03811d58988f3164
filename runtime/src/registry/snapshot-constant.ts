import { materializeJson } from '../json/materialize-json.js'

/**
 * The frozen lossless snapshot of a JSON literal written in this package (decision constants and
 * the like), so it takes materializeJson's already-materialized fast path wherever it travels.
 * Throws only on a programming error here: the literal is not JSON.
 */
export function snapshotConstant<T>(value: T): T {
  const snapshot = materializeJson(value)
  if (!snapshot.ok) throw new TypeError(`not a JSON constant: ${snapshot.issues.map((issue) => issue.message).join('; ')}`)
  return snapshot.value as T
}
