import type { JsonValue } from '../json/json-value.js'

/** One block of model-facing content. */
export type ContentBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly data: string; readonly mimeType: string }

/** A user-role message, used for deferred contexts a tool attaches to its result. */
export interface UserMessage {
  readonly role: 'user'
  readonly content: readonly ContentBlock[]
  /** Who produced the message (a plugin, a nested dispatch). */
  readonly source?: string
  /** Lossless JSON metadata carried with the message. */
  readonly meta?: JsonValue
}
