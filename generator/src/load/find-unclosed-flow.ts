import type { CST } from 'yaml'

/** A flow collection (`{ … }` or `[ … ]`) the text opens and never closes. */
export interface UnclosedFlow {
  /** Offset of the opening `{` or `[`. */
  readonly offset: number
  readonly open: '{' | '['
}

/**
 * Every flow collection without its closing bracket, outermost first. The parser reports such a mistake where it gave
 * up (often lines later); the opening bracket is where the author must look. Walks with an explicit stack (call it on
 * tokens already checked for depth).
 */
export function findUnclosedFlows(tokens: readonly CST.Token[]): UnclosedFlow[] {
  const found: UnclosedFlow[] = []
  const stack: CST.Token[] = [...tokens].reverse()
  while (stack.length > 0) {
    const token = stack.pop()!
    if (token.type === 'document') {
      if (token.value !== undefined) stack.push(token.value)
      continue
    }
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue
    if (token.type === 'flow-collection') {
      const closing = token.start.type === 'flow-map-start' ? 'flow-map-end' : 'flow-seq-end'
      if (!token.end.some((end) => end.type === closing)) found.push({ offset: token.start.offset, open: token.start.type === 'flow-map-start' ? '{' : '[' })
    }
    const children: CST.Token[] = []
    for (const item of token.items) {
      if ('key' in item && item.key !== undefined && item.key !== null) children.push(item.key)
      if ('value' in item && item.value !== undefined) children.push(item.value)
    }
    stack.push(...children.reverse())
  }
  return found
}
