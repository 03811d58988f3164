// The oracle of the diff's property tests: values sampled from two schemas, each judged by the runtime's own
// validator, so a change's direction is measured on what the schemas accept, not on their text.

type Schema = Record<string, unknown>

/** A small seeded PRNG (mulberry32): the samples are the same on every run. */
export function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T

/** Property names and scalar values found anywhere in the schemas: samples reuse them so open objects get meaningful extra keys. */
export interface SamplePool {
  readonly keys: readonly string[]
  readonly scalars: readonly unknown[]
}

export function poolOf(...schemas: unknown[]): SamplePool {
  const keys = new Set<string>()
  const scalars: unknown[] = ['', 'a', 'ab', 'hello', 'bee', '2024-01-31', 'a@b.co', 'https://x.example/', 0, 1, -1, 2, 3, 4, 6, 7, 2.5, true, false, null]
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return
    if (Array.isArray(node)) return node.forEach(walk)
    const record = node as Schema
    if (typeof record['properties'] === 'object' && record['properties'] !== null) for (const key of Object.keys(record['properties'])) keys.add(key)
    if (Array.isArray(record['enum'])) scalars.push(...record['enum'])
    if (Object.hasOwn(record, 'const')) scalars.push(record['const'])
    for (const value of Object.values(record)) walk(value)
  }
  schemas.forEach(walk)
  return { keys: [...keys], scalars }
}

function anyValue(random: () => number, pool: SamplePool, depth: number): unknown {
  const roll = random()
  if (depth > 2 || roll < 0.6) return pick(random, pool.scalars)
  if (roll < 0.8) return Array.from({ length: Math.floor(random() * 3) }, () => anyValue(random, pool, depth + 1))
  const value: Record<string, unknown> = {}
  for (let i = Math.floor(random() * 3); i > 0; i--) value[pick(random, pool.keys.length > 0 ? pool.keys : ['k'])] = anyValue(random, pool, depth + 1)
  return value
}

/** One value that `schema` is likely to accept (and, now and then, one that it is not). */
export function sample(schema: unknown, random: () => number, pool: SamplePool, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || random() < 0.08) return anyValue(random, pool, depth)
  const node = schema as Schema
  if (Array.isArray(node['oneOf'])) return sample(pick(random, node['oneOf']), random, pool, depth)
  if (Array.isArray(node['enum'])) return pick(random, node['enum'])
  if (Object.hasOwn(node, 'const')) return node['const']
  switch (node['type']) {
    case 'string':
      return pick(random, ['', 'a', 'hello', '2024-01-31', ...pool.scalars.filter((v) => typeof v === 'string')])
    case 'integer':
      return pick(random, [0, 1, -1, 2, 3, 4, 6, 7, ...pool.scalars.filter((v) => Number.isInteger(v))])
    case 'number':
      return pick(random, [0, 2.5, -3.25, 1, ...pool.scalars.filter((v) => typeof v === 'number')])
    case 'boolean':
      return random() < 0.5
    case 'null':
      return null
    case 'array': {
      const item = sample(node['items'], random, pool, depth + 1)
      // Now and then the same item twice (what uniqueItems rejects).
      return random() < 0.2 ? [item, item] : Array.from({ length: Math.floor(random() * 4) }, () => sample(node['items'], random, pool, depth + 1))
    }
    case 'object': {
      const value: Record<string, unknown> = {}
      const properties = (node['properties'] ?? {}) as Schema
      const required = new Set((node['required'] ?? []) as string[])
      for (const [key, child] of Object.entries(properties)) {
        if (required.has(key) || random() < 0.5) value[key] = sample(child, random, pool, depth + 1)
      }
      // Open objects: now and then a key of the pool with any value (what a narrowing of an open object rejects).
      const rest = node['additionalProperties']
      if (rest !== false && random() < 0.5) {
        const key = pick(random, [...pool.keys, 'extra', 'more'])
        if (!Object.hasOwn(properties, key)) value[key] = typeof rest === 'object' && random() < 0.6 ? sample(rest, random, pool, depth + 1) : anyValue(random, pool, depth + 1)
      }
      return value
    }
    default:
      return anyValue(random, pool, depth)
  }
}
