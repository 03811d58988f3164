import type { doc as Doc, util as Util } from 'prettier'
import * as standalone from 'prettier/standalone'

// prettier's document builders and printer (and `util.getStringWidth`), which our own printers lay code out with,
// from prettier's standalone build: the same code as the main module's (one package, one version), about 12 ms to
// load against about 70 ms for `prettier` itself, which a run only needs when a file is handed to prettier's own
// parsers. The standalone types leave out `doc` and `util`, so they are given the main module's types.
const exported = standalone as unknown as { readonly doc: typeof Doc; readonly util: typeof Util }

/** prettier's `doc` (builders, printer, utils). */
export const doc: typeof Doc = exported.doc
/** prettier's `util` (`getStringWidth` and the rest). */
export const util: typeof Util = exported.util
