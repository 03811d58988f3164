/**
 * Maps `items` through `task` with at most `limit` tasks in flight, keeping the input order in the result. The
 * work is mostly CPU-bound (json2ts, prettier) on one thread, so the bound keeps memory flat rather than adding speed.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next
      next += 1
      results[index] = await task(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** Sets `key` in `memo`, first dropping the oldest entry when it holds `limit` already (a bounded in-process memo). */
export function setBounded<K, V>(memo: Map<K, V>, limit: number, key: K, value: V): void {
  if (memo.size >= limit) {
    const oldest = memo.keys().next()
    if (oldest.done !== true) memo.delete(oldest.value)
  }
  memo.set(key, value)
}
