import type { ToolCallKind } from '@toolsmith/runtime'
import type { PresentationCard, PresentationHints } from '../model/tool-declaration.js'

/** Every `ToolCallKind`, in the runtime's order (a type test keeps the list equal to the type). */
export const TOOL_CALL_KINDS = ['read', 'edit', 'delete', 'move', 'search', 'execute', 'fetch', 'other'] as const satisfies readonly ToolCallKind[]

/** Every card `presentation.card` may name. */
export const PRESENTATION_CARDS = ['generic', 'terminal', 'diff', 'search', 'read', 'web'] as const satisfies readonly PresentationCard[]

/** The shapes of `card: search`. */
export const SEARCH_SHAPES = ['matches', 'paths'] as const satisfies readonly NonNullable<PresentationHints['shape']>[]
