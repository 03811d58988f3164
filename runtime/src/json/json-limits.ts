/** Deepest container nesting any lossless-JSON walker accepts (root container is level 1). */
export const MAX_JSON_DEPTH = 1000

/** Most issues one materialization or validation reports; the walk stops once it has this many. */
export const MAX_ISSUES = 100
