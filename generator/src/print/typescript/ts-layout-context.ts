import { doc } from '../prettier.js'
import type { Comment, Commented, Spaced } from '../../model/typescript-tree.js'
import { docCommentValue, type LiteralLayout } from './literals.js'

/** The prettier options the subset's layout follows (every other option must have its default for it to apply). */
export interface TsLayoutOptions {
  readonly printWidth: number
  readonly tabWidth: number
  readonly useTabs: boolean
  readonly semi: boolean
  readonly singleQuote: boolean
  readonly trailingComma: 'all' | 'es5' | 'none'
  readonly bracketSpacing: boolean
  readonly quoteProps: 'as-needed' | 'consistent' | 'preserve'
  readonly objectWrap: 'preserve' | 'collapse'
  readonly arrowParens: 'always' | 'avoid'
  readonly experimentalOperatorPosition: 'end' | 'start'
  /** Printed for prettier to format again: where the layout is not reproduced, write the source as is. */
  readonly lenient?: boolean
  /** The spec literal's layout, from the project's options as they are (the fields above may be our defaults). */
  readonly literal?: LiteralLayout
}

/** What the printers share: the options. */
export interface TsLayoutContext {
  readonly options: TsLayoutOptions
}

export type Doc = import('prettier').doc.builders.Doc

const { hardline, line, literalline, markAsRoot } = doc.builders

/** prettier's trailing comma for the `es5` level (`all` when `level` is `all`), printed only when the group breaks. */
export function trailingComma(context: TsLayoutContext, level: 'es5' | 'all' = 'es5'): Doc {
  const setting = context.options.trailingComma
  return setting === 'all' || (setting === 'es5' && level === 'es5') ? doc.builders.ifBreak(',') : ''
}

export function semicolon(context: TsLayoutContext): string {
  return context.options.semi ? ';' : ''
}

/** Thrown for text or a construct whose layout the printers do not reproduce; the caller falls back to prettier. */
export class OutsideLayout extends Error {}

/** A comment as prettier prints it: line comments trimmed, JSDoc-style blocks re-indented, one-line blocks verbatim. */
export function printComment(comment: Comment): Doc {
  const value = 'doc' in comment ? docCommentValue(comment) : comment.value
  if (!comment.block) return `//${value}`.trimEnd()
  if (!value.includes('\n')) return `/*${value}*/`
  const lines = `*${value}*`.split('\n').map((text) => text.trimStart())
  if (!lines.every((text) => text.startsWith('*'))) throw new OutsideLayout('multi-line block comment')
  const jsdoc = value[0] === '*' && value[1] !== '*'
  const parts: Doc[] = lines.map((text, index) => {
    if (index === 0) return [text.trimEnd(), hardline]
    if (index === lines.length - 1) return [' ', text]
    const trimmed = text.trimEnd()
    // A Markdown hard break (two trailing spaces) in a JSDoc line is kept: a literal line does not trim them.
    if (jsdoc && trimmed !== '*' && text.endsWith('  ')) return [' ', trimmed, '  ', markAsRoot(literalline)]
    return [' ', trimmed, hardline]
  })
  return ['/', parts, '/']
}

/** The leading comments of a statement or member, each followed by its line break (and a kept blank line). */
function printLeadingComments(comments: readonly Comment[]): Doc[] {
  return comments.map((comment) => {
    const parts: Doc[] = [printComment(comment)]
    if (comment.block) parts.push(comment.after === 'hardline' ? hardline : comment.after === 'line' ? line : ' ')
    else parts.push(hardline)
    if (comment.blankLineAfter) parts.push(hardline)
    return parts
  })
}

/** Each item after its comments, `separator` between one and the next, and a blank line kept after an item. */
export function printSequence<T extends Commented & Spaced>(items: readonly T[], separator: Doc, print: (item: T, index: number) => Doc): Doc[] {
  const parts: Doc[] = []
  items.forEach((item, index) => {
    const printed = print(item, index)
    parts.push(item.comments.length === 0 ? printed : [printLeadingComments(item.comments), printed])
    if (index === items.length - 1) return
    parts.push(separator)
    if (item.blankLineAfter) parts.push(hardline)
  })
  return parts
}

/** `parts` as one string when all are strings: prints the same, and prettier's printer walks fewer parts. */
export function concat(parts: readonly Doc[]): Doc {
  return parts.every((part) => typeof part === 'string') ? parts.join('') : [...parts]
}

/** `group(parts)`, or the plain string when the parts are all text (a group without a line break cannot break). */
export function textGroup(parts: readonly Doc[]): Doc {
  const joined = concat(parts)
  return typeof joined === 'string' ? joined : doc.builders.group(joined)
}
