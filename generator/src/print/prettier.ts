import type * as prettier from 'prettier'
import type { doc as Doc, util as Util } from 'prettier'
import * as standalone from 'prettier/standalone'

// prettier as the printers use it: `doc` and `util` from the standalone build (far cheaper to load; its types lack
// them), the main module only when a file needs prettier's parsers, and formatting batched per event-loop turn.
const exported = standalone as unknown as { readonly doc: typeof Doc; readonly util: typeof Util }

/** prettier's `doc` (builders, printer, utils). */
export const doc: typeof Doc = exported.doc
/** prettier's `util` (`getStringWidth` and the rest). */
export const util: typeof Util = exported.util

let loaded: Promise<typeof prettier> | undefined

/** prettier's main module, imported on first use (a run our printers cover entirely never loads it). */
export function loadPrettier(): Promise<typeof prettier> {
  loaded ??= import('prettier')
  return loaded
}

/** Whether prettier's main module has been imported in this process (for the start-up tests). */
export function prettierLoaded(): boolean {
  return loaded !== undefined
}

// Separates the files of a batch: a comment, so prettier keeps it on its own line; a source holding it is not batched.
const BOUNDARY = '// toolsmith:format-boundary'
const BOUNDARY_LINE = /^\/\/ toolsmith:format-boundary\n/m
// Enough files per call to amortise prettier's fixed per-call cost, few enough to keep each call's memory small.
const FILES_PER_CALL = 48

interface Pending {
  readonly source: string
  readonly resolve: (text: string) => void
  readonly reject: (error: unknown) => void
}

/** Collects TypeScript format requests made in the same turn of the event loop and formats them together. */
export interface FormatBatcher {
  format(optionsKey: string, options: prettier.Options, source: string): Promise<string>
}

/** Whether `source` may be batched: TypeScript only, no pragma options (they read the file start), `\n` line ends. */
export function canBatch(options: prettier.Options, source: string): boolean {
  return (
    options.parser === 'typescript' &&
    options.requirePragma !== true &&
    options.insertPragma !== true &&
    (options.endOfLine === undefined || options.endOfLine === 'lf' || options.endOfLine === 'auto') &&
    !source.includes(BOUNDARY) &&
    !source.includes('\r')
  )
}

async function formatGroup(run: PrettierRunner, options: prettier.Options, group: readonly Pending[]): Promise<void> {
  const joined = group.map((request) => `${BOUNDARY}\n${request.source.trim()}\n`).join('\n')
  // Same text as formatting each alone: top-level statements lay out independently, each part ends as a file does.
  const parts = (await run(joined, options).catch(() => undefined))?.split(BOUNDARY_LINE).slice(1).map((part) => `${part.trim()}\n`)
  if (parts?.length === group.length) {
    group.forEach((request, index) => request.resolve(parts[index] ?? ''))
    return
  }
  // One of them does not parse (or the split went wrong): format each alone so the error belongs to its file.
  await Promise.all(group.map((request) => run(request.source, options).then(request.resolve, request.reject)))
}

/** A batcher that flushes once the current turn's requests are in (on `setImmediate`), formatting with `run`. */
export function createFormatBatcher(run: PrettierRunner): FormatBatcher {
  const pending = new Map<string, { options: prettier.Options; requests: Pending[] }>()
  let scheduled = false

  const flush = async (): Promise<void> => {
    scheduled = false
    const groups = [...pending.values()]
    pending.clear()
    const chunks: Promise<void>[] = []
    for (const { options, requests } of groups) {
      for (let start = 0; start < requests.length; start += FILES_PER_CALL) {
        chunks.push(formatGroup(run, options, requests.slice(start, start + FILES_PER_CALL)))
      }
    }
    await Promise.all(chunks)
  }

  return {
    format(optionsKey, options, source) {
      return new Promise<string>((resolve, reject) => {
        const group = pending.get(optionsKey) ?? { options, requests: [] }
        group.requests.push({ source, resolve, reject })
        pending.set(optionsKey, group)
        if (!scheduled) {
          scheduled = true
          setImmediate(() => void flush())
        }
      })
    },
  }
}

export type PrettierRunner = (source: string, options: prettier.Options) => Promise<string>

/** The runner over prettier's own `format`, in this thread (prettier loaded on the first call). */
export function prettierRunner(): PrettierRunner {
  return async (source, options) => (await loadPrettier()).format(source, options)
}
