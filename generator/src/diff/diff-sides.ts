import { execFile, spawn } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { statOrUndefined } from '../base/project-files.js'
import { cacheKey } from '../plan/cache/cache-key.js'
import { cachedDeclarationSource } from '../plan/cache/cached-values.js'
import type { PlanCacheStore } from '../plan/cache/plan-cache-store.js'
import { checkDeclarationSet, DECLARATION_SUFFIX, type DeclaredName, loadDeclarations } from '../load/load-declarations.js'
import { loadDeclarationSource, type LoadedDeclarationSource } from '../load/load-declaration-source.js'
import { MAX_SOURCE_BYTES } from '../load/read-source-file.js'
import { type Diagnostic, sortDiagnostics } from '../model/diagnostic.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { type Catalog, type CatalogTool, toolFromDeclaration, toolsFromCatalogJson } from './catalog-model.js'

const run = promisify(execFile)

/** A side, read: its catalog, or every problem that stopped it; the texts read, for code frames. */
export interface ReadSide {
  readonly catalog: Catalog | undefined
  readonly diagnostics: readonly Diagnostic[]
  readonly sources: ReadonlyMap<string, string>
}

/** Where a diff runs, and what it may reuse. */
export interface SideContext {
  readonly cwd: string
  readonly schemas: string
  /** Declarations already loaded in this run, by their bytes. */
  readonly loaded?: Map<string, LoadedDeclarationSource>
  /** The plan cache, read only: a declaration `generate` loaded is not parsed again. */
  readonly cache?: PlanCacheStore
  /** Blobs asked of git in this run, by object id: the second side asks only for blobs the first did not. */
  readonly blobs?: Map<string, Promise<Uint8Array | undefined>>
}

/** Loads a declaration, reusing a clean result for the same bytes so both sides share spec objects. */
function loadShared(context: SideContext, file: string, bytes: Uint8Array, projectPath = file): LoadedDeclarationSource {
  const memo = context.loaded
  if (memo === undefined) return loadDeclarationSource(file, bytes)
  const key = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  const known = memo.get(key)
  if (known?.declaration !== undefined && known.diagnostics.length === 0) {
    return known.declaration.sourceFile === file ? known : { ...known, declaration: { ...known.declaration, sourceFile: file } }
  }
  const loaded = fromPlanCache(context, file, bytes, projectPath) ?? loadDeclarationSource(file, bytes)
  memo.set(key, loaded)
  return loaded
}

/** The plan cache's loaded file for these bytes at this project path (a revision's file at its working-tree path). */
function fromPlanCache(context: SideContext, file: string, bytes: Uint8Array, path: string): LoadedDeclarationSource | undefined {
  const cache = context.cache
  if (cache === undefined) return undefined
  const cached = cachedDeclarationSource.decode(cache.get(cacheKey([cache.fingerprint, 'declaration-source', path, bytes])), bytes)
  if (cached === undefined || cached.declaration === undefined || cached.diagnostics.length > 0) return undefined
  return path === file ? cached : { ...cached, declaration: { ...cached.declaration, sourceFile: file } }
}

const MAX_CATALOG_BYTES = 64 * 1024 * 1024

/** Reads one side: a `catalog.json`, a declarations folder, a git revision, or (`undefined`) the working tree. */
export async function readSide(spec: string | undefined, role: 'BASE' | 'HEAD', context: SideContext, label = spec): Promise<ReadSide> {
  if (spec === undefined) return readFolder(context, context.schemas, 'working tree', 'working-tree')
  const problem = (message: string): ReadSide => ({ catalog: undefined, diagnostics: [{ severity: 'error', code: 'diff-side', message, file: '(command line)', line: 1, column: 1 }], sources: new Map() })
  if (spec === '') return problem(`${role} must not be empty`)
  const absolute = path.resolve(context.cwd, spec)
  const stats = statOrUndefined(absolute)
  if (stats?.isDirectory() === true) return readFolder(context, displayPath(context.cwd, absolute), spec, 'folder')
  if (stats?.isFile() === true) return readCatalogFile(context.cwd, absolute, spec)
  if (spec.startsWith('-')) return problem(`${role} ${JSON.stringify(spec)} is not a file, a folder or a git revision`)
  const commit = await resolveRevision(context.cwd, spec)
  if (commit === undefined) return problem(`${role} ${JSON.stringify(spec)} is neither a file, a folder nor a git revision of this project`)
  return readRevision(context, spec.length === 40 && spec === commit ? spec.slice(0, 12) : spec, label ?? spec, commit)
}

/** The default BASE: the merge base of `head` (or `HEAD`) with the default branch; `undefined` without one or git. */
export async function defaultBase(cwd: string, head: string | undefined): Promise<{ readonly revision: string; readonly label: string } | undefined> {
  const branch = await defaultBranch(cwd)
  if (branch === undefined) return undefined
  const from = head !== undefined && (await resolveRevision(cwd, head)) !== undefined ? head : 'HEAD'
  const base = await git(cwd, ['merge-base', '--end-of-options', from, branch])
  if (base === undefined) return undefined
  const revision = base.trim()
  return { revision, label: `merge base of ${from} and ${branch} (${revision.slice(0, 12)})` }
}

async function defaultBranch(cwd: string): Promise<string | undefined> {
  const remote = await git(cwd, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'])
  if (remote !== undefined && remote.trim() !== '') return remote.trim()
  for (const name of ['main', 'master']) if ((await resolveRevision(cwd, name)) !== undefined) return name
  return undefined
}

async function git(cwd: string, args: readonly string[]): Promise<string | undefined> {
  try {
    const { stdout } = await run('git', [...args], { cwd, encoding: 'utf8', maxBuffer: MAX_CATALOG_BYTES, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } })
    return stdout
  } catch {
    return undefined
  }
}

async function resolveRevision(cwd: string, spec: string): Promise<string | undefined> {
  const out = await git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${spec}^{commit}`])
  return out === undefined || out.trim() === '' ? undefined : out.trim()
}

function displayPath(cwd: string, absolute: string): string {
  const relative = path.relative(cwd, absolute)
  return (relative === '' ? '.' : relative).split(path.sep).join('/')
}

async function readFolder(context: SideContext, folder: string, label: string, kind: 'folder' | 'working-tree'): Promise<ReadSide> {
  const loaded = await loadDeclarations({ cwd: context.cwd, schemas: folder }, (file, bytes) => loadShared(context, file, bytes))
  const errors = loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
  if (errors.length > 0) return { catalog: undefined, diagnostics: loaded.diagnostics, sources: loaded.sources }
  const tools = new Map<string, CatalogTool>()
  for (const declaration of loaded.declarations) {
    const file = declaration.sourceFile
    const text = loaded.sources.get(file) ?? ''
    // Encoded only when a finding must be located.
    tools.set(declaration.name, toolFromDeclaration(declaration, { file, kind: 'declaration', get bytes() { return new TextEncoder().encode(text) } }))
  }
  return { catalog: { label, kind, tools: sortedByName(tools) }, diagnostics: loaded.diagnostics, sources: loaded.sources }
}

function readCatalogFile(cwd: string, absolute: string, label: string): ReadSide {
  const file = displayPath(cwd, absolute)
  const at = (message: string): ReadSide => ({ catalog: undefined, diagnostics: [{ severity: 'error', code: 'diff-catalog', message, file, line: 1, column: 1 }], sources: new Map() })
  let bytes: Buffer
  try {
    if (statSync(absolute).size > MAX_CATALOG_BYTES) return at(`the catalog is larger than ${MAX_CATALOG_BYTES} bytes`)
    bytes = readFileSync(absolute)
  } catch (error) {
    return at(`cannot read the catalog: ${(error as Error).message}`)
  }
  return catalogFromBytes(file, bytes, label)
}

function catalogFromBytes(file: string, bytes: Uint8Array, label: string): ReadSide {
  const text = new TextDecoder().decode(bytes)
  const sources = new Map([[file, text]])
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { catalog: undefined, diagnostics: [{ severity: 'error', code: 'diff-catalog', message: `not a JSON catalog: ${(error as Error).message}`, file, line: 1, column: 1 }], sources }
  }
  const read = toolsFromCatalogJson(value, { file, bytes })
  if (read.issues.length > 0) {
    const diagnostics = read.issues.map((issue): Diagnostic => ({ severity: 'error', code: 'diff-catalog', message: `${issue.pointer === '' ? '' : `${issue.pointer}: `}${issue.message}`, file, ...lineOfPointer(text, issue.pointer) }))
    return { catalog: undefined, diagnostics, sources }
  }
  const tools = new Map(read.tools.map((tool) => [tool.name, tool]))
  return { catalog: { label, kind: 'catalog', tools: sortedByName(tools) }, diagnostics: [], sources }
}

/** The line of a catalog's n-th tool, found by its `"name"` member (catalog.json is small, regular JSON). */
function lineOfPointer(text: string, pointer: string): { line: number; column: number } {
  const index = /^\/tools\/(\d+)/.exec(pointer)?.[1]
  if (index === undefined) return { line: 1, column: 1 }
  let seen = -1
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (/^\s{4}\{\s*$|^\s*\{\s*"name"/.test(lines[i] as string) && ++seen === Number(index)) return { line: i + 1, column: 1 }
  }
  return { line: 1, column: 1 }
}

function sortedByName(tools: ReadonlyMap<string, CatalogTool>): ReadonlyMap<string, CatalogTool> {
  return new Map([...tools].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

interface TreeEntry {
  readonly mode: string
  readonly type: string
  readonly object: string
  readonly name: string
}

async function readRevision(context: SideContext, spec: string, label: string, commit: string): Promise<ReadSide> {
  const folder = context.schemas
  const listing = await git(context.cwd, ['ls-tree', '-z', '--end-of-options', `${commit}:./${folder === '.' ? '' : folder}`])
  const prefix = `${spec}:`
  if (listing === undefined) {
    // No schemas folder at that revision: a side without tools (every head tool is then added).
    return {
      catalog: { label, kind: 'revision', tools: new Map() },
      diagnostics: [{ severity: 'warning', code: 'diff-no-schemas', message: `${JSON.stringify(folder)} does not exist at ${spec}: that side has no tools`, file: '(command line)', line: 1, column: 1 }],
      sources: new Map(),
    }
  }
  const entries: TreeEntry[] = []
  for (const record of listing.split('\0')) {
    if (record === '') continue
    const tab = record.indexOf('\t')
    const [mode, type, object] = record.slice(0, tab).split(' ') as [string, string, string]
    entries.push({ mode, type, object, name: record.slice(tab + 1) })
  }
  const diagnostics: Diagnostic[] = []
  const sources = new Map<string, string>()
  const files = entries.filter((entry) => entry.name.endsWith(DECLARATION_SUFFIX) && entry.name.length > DECLARATION_SUFFIX.length && entry.type !== 'tree')
  const fileOf = (entry: TreeEntry): string => `${prefix}${path.posix.join(folder, entry.name)}`
  const blobs = files.filter((entry) => entry.type === 'blob' && entry.mode !== '120000')
  for (const entry of files) {
    if (!blobs.includes(entry)) diagnostics.push({ severity: 'error', code: 'unreadable-file', message: 'not a regular file at that revision', file: fileOf(entry), line: 1, column: 1 })
  }
  const contents = readBlobs(context, blobs.map((entry) => entry.object))
  const names: DeclaredName[] = []
  const declarations: { declaration: ToolDeclaration; file: string; bytes: Uint8Array }[] = []
  for (const [i, entry] of blobs.entries()) {
    const file = fileOf(entry)
    const bytes = await contents[i]
    if (bytes === undefined) {
      diagnostics.push({ severity: 'error', code: 'unreadable-file', message: 'git could not read the file', file, line: 1, column: 1 })
      continue
    }
    if (bytes.length > MAX_SOURCE_BYTES) {
      diagnostics.push({ severity: 'error', code: 'file-too-large', message: `the file is ${bytes.length} bytes; toolsmith reads YAML files of at most ${MAX_SOURCE_BYTES} bytes`, file, line: 1, column: 1 })
      continue
    }
    const source = loadShared(context, file, bytes, path.posix.join(folder, entry.name))
    sources.set(file, source.text)
    diagnostics.push(...source.diagnostics)
    if (source.name !== undefined) names.push({ name: source.name, file, ...source.nameAt })
    if (source.declaration !== undefined) declarations.push({ declaration: source.declaration, file: path.posix.join(folder, entry.name), bytes })
  }
  diagnostics.push(...checkDeclarationSet(names))
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return { catalog: undefined, diagnostics: sortDiagnostics(diagnostics), sources }
  const tools = new Map<string, CatalogTool>()
  for (const { declaration, file, bytes } of declarations) tools.set(declaration.name, toolFromDeclaration(declaration, { file, revision: spec, bytes, kind: 'declaration' }))
  return { catalog: { label, kind: 'revision', tools: sortedByName(tools) }, diagnostics, sources }
}

/** The bytes of each blob, in order, reusing the other side's requests and batching the rest. */
function readBlobs(context: SideContext, objects: readonly string[]): Promise<Uint8Array | undefined>[] {
  const known = context.blobs
  if (known === undefined) return catFileBatch(context.cwd, objects)
  const missing = [...new Set(objects.filter((object) => !known.has(object)))]
  catFileBatch(context.cwd, missing).forEach((blob, i) => known.set(missing[i] as string, blob))
  return objects.map((object) => known.get(object) as Promise<Uint8Array | undefined>)
}

/** Each blob's bytes from one `git cat-file --batch`, settling as each arrives; `undefined` if git sent no blob. */
function catFileBatch(cwd: string, objects: readonly string[]): Promise<Uint8Array | undefined>[] {
  if (objects.length === 0) return []
  const settle: ((bytes: Uint8Array | undefined) => void)[] = []
  const blobs = objects.map(() => new Promise<Uint8Array | undefined>((resolve) => settle.push(resolve)))
  let next = 0
  const finish = (): void => {
    while (next < objects.length) (settle[next++] as (bytes: undefined) => void)(undefined)
  }
  const child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } })
  // Unconsumed output, joined only once the next answer is complete, so a large blob is copied once.
  let chunks: Buffer[] = []
  let buffered = 0
  let needed = 0
  child.stdout.on('data', (chunk: Buffer) => {
    chunks.push(chunk)
    buffered += chunk.length
    if (buffered < needed) return
    const pending = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, buffered)
    let offset = 0
    needed = 0
    while (next < objects.length) {
      const end = pending.indexOf(0x0a, offset)
      if (end < 0) break
      // `<object> <type> <size>` and the bytes, or `<object> missing` (or `ambiguous`) and nothing.
      const header = pending.subarray(offset, end).toString('utf8').split(' ')
      const size = header.length === 3 ? Number(header[2]) : NaN
      if (header.length === 2) {
        ;(settle[next++] as (bytes: undefined) => void)(undefined)
        offset = end + 1
        continue
      }
      if (!Number.isSafeInteger(size) || size < 0) {
        // An answer this reader cannot follow: nothing after it can be trusted.
        chunks = []
        finish()
        child.kill()
        return
      }
      if (pending.length < end + 1 + size + 1) {
        needed = end + 1 + size + 1 - offset
        break
      }
      ;(settle[next++] as (bytes: Uint8Array | undefined) => void)(header[1] === 'blob' ? pending.subarray(end + 1, end + 1 + size) : undefined)
      offset = end + 1 + size + 1
    }
    const rest = pending.subarray(offset)
    chunks = rest.length === 0 ? [] : [rest]
    buffered = rest.length
  })
  child.on('error', finish)
  child.on('close', finish)
  child.stdin.on('error', finish)
  child.stdin.end(objects.map((object) => `${object}\n`).join(''))
  return blobs
}
