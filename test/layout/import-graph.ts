import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { ts } from 'ts-morph'

/** One import edge between two source files, as repository-relative paths with `/` separators. */
export interface ImportEdge {
  readonly from: string
  readonly to: string
}

/** The import graph of every workspace package's `src/`, read from the sources. */
export interface ImportGraph {
  /** Every `.ts` source file (not `.d.ts`), sorted. */
  readonly files: readonly string[]
  /** Every import of one source file by another, static, re-export or dynamic `import('…')`, type-only included. */
  readonly edges: readonly ImportEdge[]
  /** Relative specifiers that resolve to no source file (a stale path after a move shows up here). */
  readonly unresolved: readonly ImportEdge[]
}

const toPosix = (path: string) => path.split('\\').join('/')

function sourceFiles(folder: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) found.push(...sourceFiles(path))
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(path)
  }
  return found
}

/** The workspace packages of the root package.json, as folder → package name. */
function workspacePackages(root: string): Map<string, string> {
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
  const packages = new Map<string, string>()
  for (const folder of rootManifest.workspaces) {
    const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as { name: string }
    packages.set(folder, manifest.name)
  }
  return packages
}

/** A relative `./x.js` (or extensionless, or a folder) resolved to the `.ts` file it names in the sources. */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const target = resolve(dirname(fromFile), specifier)
  const stem = target.replace(/\.(js|mjs|cjs|ts)$/, '')
  for (const candidate of [`${stem}.ts`, join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return undefined
}

/**
 * Reads the import graph of `<root>/<workspace>/src/**` for every workspace of the root package.json.
 * An import of another workspace package by name (`@toolsmith/runtime`) is an edge to that package's `src/index.ts`.
 * Imports are found by TypeScript's own pre-processor, so text inside strings and templates (generated code) never counts.
 */
export function readImportGraph(root: string): ImportGraph {
  const packages = workspacePackages(root)
  const byName = new Map([...packages].map(([folder, name]) => [name, join(root, folder, 'src', 'index.ts')]))
  const files: string[] = []
  const edges: ImportEdge[] = []
  const unresolved: ImportEdge[] = []
  for (const folder of packages.keys()) {
    const src = join(root, folder, 'src')
    if (!existsSync(src)) continue
    for (const file of sourceFiles(src)) {
      const from = toPosix(relative(root, file))
      files.push(from)
      const seen = new Set<string>()
      for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
        let target: string | undefined
        if (specifier.startsWith('.')) {
          target = resolveRelative(file, specifier)
          if (target === undefined) {
            unresolved.push({ from, to: specifier })
            continue
          }
        } else {
          target = byName.get(specifier)
          if (target === undefined) continue // a dependency outside the workspace
        }
        const to = toPosix(relative(root, target))
        if (to !== from && !seen.has(to)) {
          seen.add(to)
          edges.push({ from, to })
        }
      }
    }
  }
  files.sort()
  return { files, edges, unresolved }
}

/**
 * The strongly connected components with more than one member of a directed graph (Tarjan's algorithm), each sorted,
 * listed in sorted order: every import cycle lies inside exactly one of them.
 */
export function cycles(nodes: Iterable<string>, edges: Iterable<ImportEdge>): string[][] {
  const next = new Map<string, string[]>()
  for (const node of nodes) next.set(node, [])
  for (const { from, to } of edges) {
    if (from === to) continue
    if (!next.has(from)) next.set(from, [])
    if (!next.has(to)) next.set(to, [])
    next.get(from)!.push(to)
  }
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let counter = 0
  // Iterative, so a long chain of imports cannot overflow the stack.
  for (const start of next.keys()) {
    if (index.has(start)) continue
    const work: [string, number][] = [[start, 0]]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      const [node, position] = frame
      const targets = next.get(node)!
      if (position < targets.length) {
        frame[1]++
        const target = targets[position]!
        if (!index.has(target)) {
          index.set(target, counter)
          low.set(target, counter++)
          stack.push(target)
          onStack.add(target)
          work.push([target, 0])
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node)!, index.get(target)!))
        }
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1]![0]
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!))
      }
      if (low.get(node) === index.get(node)) {
        const component: string[] = []
        let member: string
        do {
          member = stack.pop()!
          onStack.delete(member)
          component.push(member)
        } while (member !== node)
        if (component.length > 1) found.push(component.sort())
      }
    }
  }
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!))
}

/** One shortest import path from `from` back to itself inside a component, to show a reader where a cycle runs. */
export function sampleCycle(component: readonly string[], edges: readonly ImportEdge[]): string[] {
  const members = new Set(component)
  const start = component[0]!
  const previous = new Map<string, string>()
  const queue = [start]
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!
    for (const { from, to } of edges) {
      if (from !== node || !members.has(to)) continue
      if (to === start) {
        const path = [start]
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) path.splice(1, 0, at)
        return [...path, start]
      }
      if (!previous.has(to)) {
        previous.set(to, node)
        queue.push(to)
      }
    }
  }
  return [...component]
}
