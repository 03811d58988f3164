/** Maps `items` through `task`, at most `limit` in flight, results in input order (the bound caps memory, not time). */
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

/** Sets `key` in `memo`, first dropping the oldest entry when it already holds `limit`. */
export function setBounded<K, V>(memo: Map<K, V>, limit: number, key: K, value: V): void {
  if (memo.size >= limit) {
    const oldest = memo.keys().next()
    if (oldest.done !== true) memo.delete(oldest.value)
  }
  memo.set(key, value)
}

// json2ts and prettier outputs and no-op stub merges, so a regenerate in the same process skips that work.
const MEMO_LIMIT = 24_000
const memo = new Map<string, unknown>()

/** The generator's one bounded in-process memo: values by kind and key; the oldest go first. */
export const processMemo = {
  get<T>(kind: string, key: string): T | undefined {
    return memo.get(`${kind}\u0000${key}`) as T | undefined
  },
  set(kind: string, key: string, value: unknown): void {
    setBounded(memo, MEMO_LIMIT, `${kind}\u0000${key}`, value)
  },
  delete(kind: string, key: string): void {
    memo.delete(`${kind}\u0000${key}`)
  },
}
