import { Document, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml'
import { isRecord } from '../format/own-entries.js'
import { ownEntries } from './schema-to-spec.js'

/** Comment lines to attach to nodes of the written declaration, by JSON Pointer into it. */
export type DeclarationComments = ReadonlyMap<string, readonly string[]>

// Printing options: no folding (a long description stays on one line, so a diff shows what changed), plain
// scalars where YAML allows them, JSON-compatible quoting otherwise.
// `directives: false`: no `%YAML`/`---` header (and no walk looking for tags to declare).
const PRINT_OPTIONS = { lineWidth: 0, minContentWidth: 0, indent: 2, indentSeq: true, flowCollectionPadding: true, directives: false } as const

// One document, its contents replaced per declaration: building a Document (and its schema) is most of the cost of
// printing a small one. Printing is synchronous, so no two declarations ever share it at once.
let shared: Document | undefined

/**
 * Prints one declaration as a `*.tool.yaml` through the yaml library's Document API (never by splicing text): the
 * `yaml-language-server` line first (as `toolsmith new` writes it), then the header lines, then the fields; small
 * leaf specs are flow mappings (`{ type: string, required: true }`, like the README), containers are blocks, and
 * each comment sits on the line before the node it is about. The same input always gives the same bytes.
 */
export function printDeclaration(declaration: Record<string, unknown>, schemaReference: string, header: readonly string[], comments: DeclarationComments): string {
  shared ??= new Document()
  const document = shared
  // Comments about the tool as a whole (path `''` or `/name`) join the header above the first field.
  const nodeComments = new Map([...comments].filter(([path]) => path !== '' && path !== '/name'))
  const root = toNode(declaration, '', nodeComments, true) as YAMLMap
  const first = root.items[0]
  if (first !== undefined) {
    const lines = [`yaml-language-server: $schema=${schemaReference}`, ...header, ...(comments.get('') ?? []), ...(comments.get('/name') ?? [])]
    ;(first.key as Scalar).commentBefore = lines.map((line) => ` ${commentText(line)}`).join('\n')
  }
  document.contents = root
  return document.toString(PRINT_OPTIONS)
}

function toNode(value: unknown, path: string, comments: DeclarationComments, top = false): unknown {
  if (Array.isArray(value)) {
    const seq = new YAMLSeq()
    value.forEach((item, index) => {
      const itemPath = `${path}/${index}`
      const node = toNode(item, itemPath, comments) as Scalar | YAMLMap | YAMLSeq
      attach(node, comments.get(itemPath))
      seq.items.push(node)
    })
    seq.flow = value.every((item) => !isRecord(item) && !Array.isArray(item)) && !hasCommentsBelow(path, comments)
    return seq
  }
  if (isRecord(value)) {
    const map = new YAMLMap()
    for (const [key, member] of ownEntries(value)) {
      const memberPath = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`
      const keyNode = new Scalar(key)
      attach(keyNode, comments.get(memberPath))
      map.items.push(new Pair(keyNode, toNode(member, memberPath, comments)))
    }
    map.flow = !top && isLeafSpec(value) && !hasCommentsBelow(path, comments)
    return map
  }
  return new Scalar(value)
}

/** A spec small enough for one line: nothing nested but a list of scalars, and no line breaks in its texts. */
function isLeafSpec(value: Record<string, unknown>): boolean {
  if (Object.keys(value).length === 0) return true
  return ownEntries(value).every(([, member]) => {
    if (typeof member === 'string') return !member.includes('\n') && !member.includes('\r')
    if (Array.isArray(member)) return member.every((item) => !isRecord(item) && !Array.isArray(item) && !(typeof item === 'string' && /[\r\n]/.test(item)))
    return !isRecord(member)
  })
}

function hasCommentsBelow(path: string, comments: DeclarationComments): boolean {
  const prefix = `${path}/`
  for (const key of comments.keys()) if (key.startsWith(prefix)) return true
  return false
}

function attach(node: { commentBefore?: string | null | undefined }, lines: readonly string[] | undefined): void {
  if (lines === undefined || lines.length === 0) return
  node.commentBefore = lines.map((line) => ` ${commentText(line)}`).join('\n')
}

/** One comment line: line breaks and control characters would end the comment early or hide text, so they are escaped. */
function commentText(line: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping them is the point
  return line.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
