import { isAlias, isMap, isScalar, isSeq, type Alias, type ParsedNode } from 'yaml'

/**
 * The character offset in the YAML text that a JSON Pointer into the converted value stands for; with `atKey`, the
 * key of a mapping member rather than its value (for problems with the key itself, such as an unknown field).
 */
export function locateJsonPointer(
  root: ParsedNode,
  pointer: string,
  aliases: ReadonlyMap<Alias, ParsedNode>,
  atKey = false,
): number {
  let node = follow(root, aliases)
  // The key of the pair holding `node`, when it is a mapping value (a container is shown at its key).
  let keyOffset: number | undefined
  for (const token of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const name = token.replaceAll('~1', '/').replaceAll('~0', '~')
    let next: ParsedNode | null | undefined
    let nextKey: number | undefined
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && item.key.value === name)
      if (pair === undefined) break
      next = pair.value
      nextKey = pair.key?.range[0]
      if (next === null) return nextKey ?? node.range[0]
    } else if (isSeq(node) && /^(0|[1-9][0-9]*)$/.test(name)) {
      next = node.items[Number(name)]
      nextKey = undefined
    }
    if (next === undefined || next === null) break
    node = follow(next, aliases)
    keyOffset = nextKey
  }
  // A scalar is shown where it is written; a mapping or list at the key that introduces it.
  if ((atKey || !isScalar(node)) && keyOffset !== undefined) return keyOffset
  // An empty value (`name:`) is shown at its key; a written `null` or `~` where it is written.
  if (isScalar(node) && node.value === null && node.range[1] <= node.range[0] && keyOffset !== undefined) return keyOffset
  return node.range[0]
}

function follow(node: ParsedNode, aliases: ReadonlyMap<Alias, ParsedNode>): ParsedNode {
  return isAlias(node) ? (aliases.get(node) ?? node) : node
}
