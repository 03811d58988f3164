import { cycles, type ImportEdge, type ImportGraph, sampleCycle } from './import-graph.js'

// The stage order of the whole repository, in one place. Read bottom-up: a file may import a file of its own stage or
// of a stage in a LOWER layer, never one of the same layer (siblings stay independent) or above. Paths are prefixes
// under `<package>/src/`, the longest one wins; a file no prefix matches is an error, so a new folder is placed here
// deliberately. Re-run after moving files: `npx vitest run test/layout`.

/** One stage: a name and the source paths (folders end in `/`) that belong to it. */
export interface Stage {
  readonly stage: string
  readonly paths: readonly string[]
}

/** The workspace packages, bottom layer first: a package imports only packages of lower layers. */
export const PACKAGE_LAYERS: readonly (readonly string[])[] = [
  ['runtime', 'providers'],
  ['mcp', 'ai-sdk', 'code-mode'],
  ['generator'],
]

/** Per package, its stages, bottom layer first. A package not listed here is one stage (its file cycles still count). */
export const STAGE_LAYERS: Readonly<Record<string, readonly (readonly Stage[])[]>> = {
  generator: [
    [{ stage: 'model', paths: ['model/'] }],
    // Bounded concurrency and memos, and safe access to the project's files (paths, links, regular reads, atomic writes).
    [{ stage: 'base', paths: ['base/'] }],
    // YAML → checked declarations.
    [{ stage: 'load', paths: ['load/'] }],
    // The project's settings, read with load's YAML reader; what they name (export targets, diff checks) lives here or in model.
    [{ stage: 'config', paths: ['config/'] }],
    // The model of every output file, and the plan cache (plan/cache/). What it prints goes through the `CodeFormatter`
    // port (model/code-formatter.ts), which print implements and the pipeline hands it.
    [{ stage: 'plan', paths: ['plan/'] }],
    // Literals and printers.
    [{ stage: 'print', paths: ['print/'] }],
    // Compare with disk, write atomically.
    [{ stage: 'apply', paths: ['apply/'] }],
    // How diagnostics are printed; below the commands because diff prints its findings through the same formats.
    [{ stage: 'report', paths: ['report/'] }],
    // The commands, each built on the stages below and independent of the others.
    [
      { stage: 'pipeline', paths: ['pipeline/'] },
      { stage: 'diff', paths: ['diff/'] },
      { stage: 'import', paths: ['import/'] },
    ],
    [{ stage: 'cli', paths: ['cli/'] }],
    [{ stage: 'surface', paths: ['index.ts'] }],
  ],
  runtime: [
    // The issue shape `{ path, message }` and the boundary errors that carry it.
    [{ stage: 'errors', paths: ['errors.ts'] }],
    [{ stage: 'json', paths: ['json/'] }],
    [{ stage: 'schema', paths: ['schema/'] }],
    [{ stage: 'content', paths: ['content.ts'] }],
    [{ stage: 'tool', paths: ['tool/'] }],
    [{ stage: 'registry', paths: ['registry/'] }],
    [{ stage: 'surface', paths: ['index.ts'] }],
  ],
  providers: [
    [{ stage: 'lowering', paths: ['export-model.ts', 'lower-schema.ts'] }],
    [{ stage: 'targets', paths: ['targets/'] }],
    [{ stage: 'exports', paths: [''] }],
  ],
}

/** Imports against the order and file cycles that are known and owned (see `KNOWN`). */
export interface KnownExceptions {
  readonly stageImports: readonly { readonly from: string; readonly to: string; readonly owner: string }[]
  readonly cycles: readonly { readonly within: string; readonly owner: string }[]
}

/**
 * What the check still finds and another branch owns, so the suite stays green while it is fixed there. Every entry
 * must still match something: when the owner fixes it, the check fails until the entry is deleted here.
 */
export const KNOWN: KnownExceptions = {
  stageImports: [],
  cycles: [],
}

/** Where a source file sits: its package, its stage (`package/stage`) and the layer index of both. */
interface Place {
  readonly pkg: string
  readonly packageLayer: number
  readonly stage: string
  readonly layer: number
}

/** Everything the check found against the rules, as lines a reader can act on (empty when all holds). */
export interface StageReport {
  /** File cycles (each component once, with one path through it), not covered by `KNOWN.cycles`. */
  readonly cycles: readonly string[]
  /** Imports against the package or stage order, not covered by `KNOWN.stageImports`. */
  readonly violations: readonly string[]
  /** Files no stage claims, relative imports that resolve to nothing, packages not in `PACKAGE_LAYERS`. */
  readonly unplaced: readonly string[]
  /** `KNOWN` entries that match nothing any more: delete them. */
  readonly stale: readonly string[]
  /** Every cycle and violation found, known ones included (for the report). */
  readonly all: { readonly cycles: readonly string[]; readonly stageImports: readonly string[] }
}

function placeOf(file: string, unplaced: string[]): Place | undefined {
  const [pkg, src, ...rest] = file.split('/')
  const inner = rest.join('/')
  const packageLayer = PACKAGE_LAYERS.findIndex((layer) => layer.includes(pkg!))
  if (packageLayer === -1 || src !== 'src') {
    unplaced.push(`${file}: its package ${JSON.stringify(pkg)} is not in PACKAGE_LAYERS`)
    return undefined
  }
  const layers = STAGE_LAYERS[pkg!]
  if (layers === undefined) return { pkg: pkg!, packageLayer, stage: `${pkg}/*`, layer: 0 }
  let best: { stage: string; layer: number; length: number } | undefined
  layers.forEach((stages, layer) => {
    for (const { stage, paths } of stages) {
      for (const prefix of paths) {
        const matches = prefix.endsWith('/') || prefix === '' ? inner.startsWith(prefix) : inner === prefix
        if (matches && (best === undefined || prefix.length > best.length)) best = { stage, layer, length: prefix.length }
      }
    }
  })
  if (best === undefined) {
    unplaced.push(`${file}: no stage of ${pkg} claims it; add its folder to STAGE_LAYERS in test/layout/stages.ts`)
    return undefined
  }
  return { pkg: pkg!, packageLayer, stage: `${pkg}/${best.stage}`, layer: best.layer }
}

/** Why `edge` goes against the order, or `undefined` when it is allowed. */
function againstOrder(from: Place, to: Place): string | undefined {
  if (from.pkg !== to.pkg) {
    if (to.packageLayer < from.packageLayer) return undefined
    return to.packageLayer === from.packageLayer ? 'a sibling package' : 'a package above it'
  }
  if (from.stage === to.stage || to.layer < from.layer) return undefined
  return to.layer === from.layer ? 'a sibling stage' : 'a stage above it'
}

/** Checks `graph` against the package and stage order and for file cycles, `known` exceptions aside. */
export function checkStages(graph: ImportGraph, known: KnownExceptions = KNOWN): StageReport {
  const unplaced: string[] = graph.unresolved.map(({ from, to }) => `${from}: imports ${JSON.stringify(to)}, which is no source file`)
  const places = new Map<string, Place>()
  for (const file of graph.files) {
    const place = placeOf(file, unplaced)
    if (place !== undefined) places.set(file, place)
  }
  const used = new Set<object>()

  const allImports: string[] = []
  const violations: string[] = []
  const byPair = new Map<string, ImportEdge[]>()
  for (const edge of graph.edges) {
    const from = places.get(edge.from)
    const to = places.get(edge.to)
    if (from === undefined || to === undefined) continue
    const why = againstOrder(from, to)
    if (why === undefined) continue
    const pair = `${from.stage} → ${to.stage} (${why})`
    byPair.set(pair, [...(byPair.get(pair) ?? []), edge])
    const exception = known.stageImports.find((entry) => entry.from === from.stage && entry.to === to.stage)
    if (exception !== undefined) used.add(exception)
    else violations.push(`${edge.from} → ${edge.to}: ${from.stage} imports ${to.stage}, ${why}`)
  }
  for (const [pair, edges] of byPair) allImports.push(`${pair}: ${edges.length} import(s), e.g. ${edges[0]!.from} → ${edges[0]!.to}`)

  const allCycles: string[] = []
  const found: string[] = []
  for (const component of cycles(graph.files, graph.edges)) {
    const line = `${component.length} files: ${sampleCycle(component, graph.edges).join(' → ')}`
    allCycles.push(line)
    const exception = known.cycles.find((entry) => component.every((file) => file.startsWith(entry.within)))
    if (exception !== undefined) used.add(exception)
    else found.push(line)
  }

  const stale = [
    ...known.stageImports.filter((entry) => !used.has(entry)).map((entry) => `KNOWN.stageImports ${entry.from} → ${entry.to} (${entry.owner}) matches nothing: delete it`),
    ...known.cycles.filter((entry) => !used.has(entry)).map((entry) => `KNOWN.cycles within ${entry.within} (${entry.owner}) matches nothing: delete it`),
  ]
  return { cycles: found, violations, unplaced, stale, all: { cycles: allCycles, stageImports: allImports.sort() } }
}
