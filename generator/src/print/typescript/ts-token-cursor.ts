import type { Comment } from '../../model/typescript-tree.js'
import { OutsideLayout } from './ts-layout-context.js'
import { blankLineAfterComment, hasNewline, hasNewlineInRange, isNextLineEmpty, isPreviousLineEmpty } from './ts-source-text.js'
import type { Token } from './ts-tokens.js'

/** A position in a token list, for the subset's recursive-descent parsers. */
export class TokenCursor {
  private index = 0

  constructor(
    readonly text: string,
    private readonly tokens: readonly Token[],
  ) {}

  /** The current token (comments included), or `undefined` at the end. */
  peek(offset = 0): Token | undefined {
    return this.tokens[this.index + offset]
  }

  /** Whether the current token is the punctuator or name `text`. */
  at(text: string): boolean {
    const token = this.tokens[this.index]
    return token !== undefined && token.kind !== 'string' && token.kind !== 'comment' && token.text === text
  }

  /** Whether the cursor is past the last token. */
  done(): boolean {
    return this.index >= this.tokens.length
  }

  /** Takes the current token; it must not be a comment (the subset allows those only where `comments` takes them). */
  next(): Token {
    const token = this.tokens[this.index]
    if (token === undefined || token.kind === 'comment') throw new OutsideLayout('unexpected end or comment')
    this.index++
    return token
  }

  /** Takes `text` (a punctuator or a name) or leaves the subset. */
  expect(text: string): Token {
    if (!this.at(text)) throw new OutsideLayout(`expected ${text}`)
    return this.next()
  }

  /** Takes `text` when it is next. */
  optional(text: string): boolean {
    if (!this.at(text)) return false
    this.index++
    return true
  }

  /** Takes a name token (any identifier or keyword). */
  name(): Token {
    const token = this.next()
    if (token.kind !== 'name') throw new OutsideLayout('expected a name')
    return token
  }

  /** The end offset of the token taken last. */
  lastEnd(): number {
    return this.tokens[this.index - 1]?.end ?? 0
  }

  /** Takes the comments before a statement or member; each must stand on its own lines (a leading comment). */
  comments(): Comment[] {
    const comments: Comment[] = []
    const { text } = this
    for (;;) {
      const token = this.tokens[this.index]
      const comment = token?.comment
      if (token === undefined || comment === undefined) return comments
      if (!newlineBefore(text, token.start) || !newlineAfter(text, token.end)) throw new OutsideLayout('inline comment')
      comments.push({
        block: comment.block,
        value: comment.value,
        after: hasNewline(text, token.end) ? (hasNewline(text, token.start, true) ? 'hardline' : 'line') : 'space',
        blankLineAfter: blankLineAfterComment(text, token.end),
        blankLineBefore: isPreviousLineEmpty(text, token.start),
      })
      this.index++
    }
  }

  /** Whether a blank line follows the token taken last (past `,`/`;` and comments), as prettier's isNextLineEmpty. */
  blankLineAfter(): boolean {
    return isNextLineEmpty(this.text, this.lastEnd())
  }

  /** Whether the text between `start` and the current token holds a line break. */
  brokenSince(start: number): boolean {
    return hasNewlineInRange(this.text, start, this.peek()?.start ?? this.text.length)
  }

  /** Whether a line break separates the token taken last from the current one. */
  lineBreakBefore(): boolean {
    const token = this.tokens[this.index]
    if (token === undefined) return true
    return this.text.slice(this.lastEnd(), token.start).includes('\n')
  }
}

function newlineBefore(text: string, offset: number): boolean {
  for (let at = offset - 1; at >= 0; at--) {
    const char = text[at]
    if (char === '\n') return true
    if (char !== ' ' && char !== '\t') return false
  }
  return true
}

function newlineAfter(text: string, offset: number): boolean {
  for (let at = offset; at < text.length; at++) {
    const char = text[at]
    if (char === '\n') return true
    if (char !== ' ' && char !== '\t') return false
  }
  return false
}
