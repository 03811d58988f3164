// Barrel of this area: export each public name here; the package root re-exports this file.
export { materializeJson } from './materialize-json.js'
export type { MaterializeResult } from './materialize-json.js'
export { isMaterializedJson } from './materialized-snapshots.js'
export { escapeJsonPointerToken, formatJsonPointer, MAX_ISSUES, MAX_JSON_DEPTH } from './json-value.js'
