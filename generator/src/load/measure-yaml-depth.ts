import type { CST } from 'yaml'

/** The first syntax node nested deeper than allowed, or `undefined` when the tokens stay within it. */
export interface TooDeep {
  readonly offset: number
}

/**
 * Walks CST tokens with an explicit stack (the composer recurses per level, so very deep input must
 * be refused before it is composed) and reports the first collection deeper than `maxDepth`.
 */
export function findTooDeep(tokens: readonly CST.Token[], maxDepth: number): TooDeep | undefined {
  // Children are pushed last first, so the walk visits them in text order: the first collection too deep is reported.
  const stack: { token: CST.Token; depth: number }[] = tokens.map((token) => ({ token, depth: 0 })).reverse()
  while (stack.length > 0) {
    const { token, depth } = stack.pop()!
    switch (token.type) {
      case 'document':
        if (token.value !== undefined) stack.push({ token: token.value, depth })
        break
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        if (depth + 1 > maxDepth) return { offset: token.offset }
        for (let i = token.items.length - 1; i >= 0; i--) {
          const item = token.items[i] as (typeof token.items)[number]
          if ('value' in item && item.value !== undefined) stack.push({ token: item.value, depth: depth + 1 })
          if ('key' in item && item.key !== undefined && item.key !== null) stack.push({ token: item.key, depth: depth + 1 })
        }
        break
      }
      default:
        break
    }
  }
  return undefined
}
