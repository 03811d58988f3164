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

/**
 * Where a member missing from the root mapping belongs, in the documented order of `fields`: the place right after the
 * nearest earlier field the mapping holds (the start of the member that follows it, or the line after it when it is
 * the last), and that field's name. Without an earlier field, the mapping's first key. A user reads the position as
 * "type it here": pointing at the mapping's start would look like a problem with its first key (usually `name`).
 */
export function locateMissingMember(root: ParsedNode | null, key: string, fields: readonly string[], text: string): { offset: number; after: string | undefined } {
  if (root === null || !isMap(root)) return { offset: root?.range[0] ?? 0, after: undefined }
  const items = root.items
  const indexOf = (name: string): number => items.findIndex((item) => isScalar(item.key) && item.key.value === name)
  for (let f = fields.indexOf(key) - 1; f >= 0; f--) {
    const at = indexOf(fields[f] as string)
    if (at < 0) continue
    const pair = items[at]!
    const next = items[at + 1]?.key
    if (next !== undefined && next !== null) return { offset: next.range[0], after: fields[f] }
    const end = pair.value?.range[1] ?? pair.key?.range[1] ?? root.range[0]
    const newline = text.indexOf('\n', Math.max(0, end - 1))
    // The line after the last member; a file without a final line break keeps the mapping's start.
    if (newline >= 0 && root.flow !== true) return { offset: newline + 1, after: fields[f] }
    break
  }
  return { offset: root.range[0], after: undefined }
}
