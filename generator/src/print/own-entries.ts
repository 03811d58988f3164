// The declaration's JSON helpers live in model/tool-declaration.ts. generator/src/import (another branch) still imports
// them from here: once its imports name model/tool-declaration.js, delete this file.
export { isRecord, type JsonRecord, ownEntries, ownValue } from '../model/tool-declaration.js'
