import type { ContentBlock } from '../content/content-block.js'
import type { JsonValue } from '../json/json-value.js'

/** Picks the icon of a generic card. */
export type ToolCallKind = 'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'fetch' | 'other'

/** A file a call reads or changes, for editors that follow along. */
export interface FileLocation {
  readonly path: string
  /** 1-based line. */
  readonly line?: number
}

/** One file change; `oldText: null` for a new file. */
export interface FileDiff {
  readonly path: string
  readonly oldText: string | null
  readonly newText: string
}

/** One 1-based numbered line of a read window. */
export interface ReadFileLine {
  readonly number: number
  readonly text: string
}

/** One file's matches in a grep-shaped search result. */
export interface SearchFileMatches {
  readonly path: string
  readonly matches: readonly { readonly line: number; readonly text: string }[]
}

/** One source of a web search result. */
export interface WebSource {
  readonly url: string
  readonly title?: string
  readonly snippet?: string
}

/** How a UI presents the pending state of one call (a `card`-tagged render intent). */
export type ToolCallView =
  | {
      readonly card: 'generic'
      readonly title: string
      readonly kind?: ToolCallKind
      readonly rawInput?: JsonValue
      readonly content?: readonly ContentBlock[]
      readonly locations?: readonly FileLocation[]
    }
  | { readonly card: 'terminal'; readonly title: string; readonly description?: string; readonly cwd?: string }
  | { readonly card: 'diff'; readonly title: string; readonly diffs: readonly FileDiff[]; readonly locations?: readonly FileLocation[] }

/** How a UI presents the completed state of one call; it replaces the pending view. */
export type ToolResultView =
  | { readonly card: 'generic'; readonly title?: string; readonly content?: readonly ContentBlock[] }
  | {
      readonly card: 'terminal'
      readonly title?: string
      readonly output?: string
      readonly exitCode?: number
      readonly signal?: string
    }
  | { readonly card: 'diff'; readonly title?: string; readonly diffs: readonly FileDiff[] }
  | {
      readonly card: 'search'
      readonly shape: 'matches'
      readonly title?: string
      /** Whether the inline result was capped, so a UI never shows a partial result as complete. */
      readonly truncated: boolean
      readonly total: number
      readonly files: readonly SearchFileMatches[]
    }
  | {
      readonly card: 'search'
      readonly shape: 'paths'
      readonly title?: string
      readonly truncated: boolean
      readonly total: number
      readonly paths: readonly string[]
    }
  | {
      readonly card: 'read'
      readonly title?: string
      readonly path: string
      /** The 1-based first line the window asked for, kept even when `lines` is empty. */
      readonly offset: number
      readonly lines: readonly ReadFileLine[]
      readonly totalLines: number
      /** Language hint from the file extension. */
      readonly lang?: string
      /** Envelope-stripped text for UIs without read support. */
      readonly content?: string
    }
  | {
      readonly card: 'web'
      readonly kind: 'search'
      readonly title?: string
      readonly sources: readonly WebSource[]
      readonly answer?: string
      readonly truncated: boolean
    }
  | {
      readonly card: 'web'
      readonly kind: 'fetch'
      readonly title?: string
      readonly url: string
      readonly statusCode: number
      readonly truncated: boolean
    }
