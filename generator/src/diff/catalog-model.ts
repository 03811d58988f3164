import { createHash } from 'node:crypto'
import {
  type ParameterSchemaSpec,
  parameterSchemaSpecToJsonSchema,
  type ValueSchemaSpec,
  valueSchemaSpecToJsonSchema,
} from '@toolsmith/runtime'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { canonicalJson } from './canonical-json.js'

/** A tool's annotations with the MCP defaults applied. */
export interface CatalogAnnotations {
  readonly title?: string
  readonly readOnly: boolean
  readonly destructive: boolean
  readonly idempotent: boolean
  readonly openWorld: boolean
}

/** Where a tool of a side was declared, so a finding can point at the YAML node. */
export interface CatalogToolSource {
  /** Relative to the working directory (at `revision` when there is one). */
  readonly file: string
  readonly revision?: string
  /** Read lazily, only to locate findings. */
  readonly bytes: Uint8Array
  /** JSON Pointers map into a declaration, not into a catalog.json. */
  readonly kind: 'declaration' | 'catalog'
}

/** One tool as a diff compares it: its model-facing surface and its policy, with defaults applied. */
export interface CatalogTool {
  readonly name: string
  readonly description: string
  /** The compiled model-facing JSON Schema of the arguments. */
  readonly parameters: unknown
  /** The compiled JSON Schema of the value, or `undefined` when the side does not say. */
  readonly output: unknown
  readonly timeoutMs: number | undefined
  readonly concurrencySafe: boolean
  readonly annotations: CatalogAnnotations
  readonly approval: 'never' | 'always'
  readonly source?: CatalogToolSource
}

/** One side of a diff: every tool by name. */
export interface Catalog {
  /** How the side was named: a path, a revision, or `working tree`. */
  readonly label: string
  readonly kind: 'catalog' | 'folder' | 'revision' | 'working-tree'
  readonly tools: ReadonlyMap<string, CatalogTool>
}

type DeclaredPolicy = { readonly annotations?: Partial<CatalogAnnotations>; readonly approval?: 'never' | 'always' }

/** The annotations with defaults applied, from loosely checked JSON. */
export function resolveAnnotations(value: unknown): CatalogAnnotations {
  const given = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const flag = (key: string, fallback: boolean): boolean => (typeof given[key] === 'boolean' ? (given[key] as boolean) : fallback)
  const title = typeof given['title'] === 'string' ? given['title'] : undefined
  return {
    ...(title === undefined ? {} : { title }),
    readOnly: flag('readOnly', false),
    destructive: flag('destructive', true),
    idempotent: flag('idempotent', false),
    openWorld: flag('openWorld', true),
  }
}

/** A checked declaration's tool, compiled as `catalog.json` holds it; throws `JsonSchemaError` on a bad spec. */
export function toolFromDeclaration(declaration: ToolDeclaration, source?: CatalogToolSource): CatalogTool {
  const policy = declaration as ToolDeclaration & DeclaredPolicy
  return {
    name: declaration.name,
    description: declaration.description,
    parameters: compiled(declaration.parameters, (spec) => parameterSchemaSpecToJsonSchema(spec as ParameterSchemaSpec)),
    output: compiled(declaration.output, (spec) => valueSchemaSpecToJsonSchema(spec as ValueSchemaSpec)),
    timeoutMs: declaration.timeoutMs,
    concurrencySafe: declaration.concurrencySafe === true,
    annotations: resolveAnnotations(policy.annotations),
    approval: policy.approval === 'always' ? 'always' : 'never',
    ...(source === undefined ? {} : { source }),
  }
}

// Sides share the spec objects of identical files, so each compiles once and both hold the same schema objects.
const compiledSchemas = new WeakMap<object, unknown>()

function compiled(spec: object, compile: (spec: unknown) => unknown): unknown {
  let schema = compiledSchemas.get(spec)
  if (schema === undefined) compiledSchemas.set(spec, (schema = compile(spec)))
  return schema
}

/** A problem at a JSON Pointer into a `catalog.json`. */
export interface CatalogIssue {
  readonly pointer: string
  readonly message: string
}

/** The tools of a parsed `catalog.json` as `generate` writes it, and every problem found. */
export function toolsFromCatalogJson(value: unknown, source?: Omit<CatalogToolSource, 'kind'>): { tools: CatalogTool[]; issues: CatalogIssue[] } {
  const issues: CatalogIssue[] = []
  const tools: CatalogTool[] = []
  const list = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)['tools'] : undefined
  if (!Array.isArray(list)) return { tools, issues: [{ pointer: '', message: 'a catalog must be an object with a "tools" list' }] }
  const seen = new Set<string>()
  // One source object per file, so the file is decoded once to locate findings.
  const shared: CatalogToolSource | undefined = source === undefined ? undefined : { ...source, kind: 'catalog' }
  list.forEach((item: unknown, index) => {
    const at = `/tools/${index}`
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      issues.push({ pointer: at, message: 'a tool must be an object' })
      return
    }
    const tool = item as Record<string, unknown>
    const name = tool['name']
    const description = tool['description']
    const parameters = tool['parameters']
    const problems: CatalogIssue[] = []
    if (typeof name !== 'string' || name === '') problems.push({ pointer: `${at}/name`, message: 'name must be a non-empty string' })
    else if (seen.has(name)) problems.push({ pointer: `${at}/name`, message: `duplicate tool name ${JSON.stringify(name)}` })
    if (typeof description !== 'string') problems.push({ pointer: `${at}/description`, message: 'description must be a string' })
    if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) problems.push({ pointer: `${at}/parameters`, message: 'parameters must be a JSON Schema object' })
    const timeout = tool['timeoutMs']
    if (timeout !== undefined && timeout !== null && !(typeof timeout === 'number' && Number.isInteger(timeout) && timeout > 0)) {
      problems.push({ pointer: `${at}/timeoutMs`, message: 'timeoutMs must be a positive integer or null' })
    }
    if (problems.length > 0) {
      issues.push(...problems)
      return
    }
    seen.add(name as string)
    tools.push({
      name: name as string,
      description: description as string,
      parameters,
      output: tool['output'],
      timeoutMs: typeof timeout === 'number' ? timeout : undefined,
      concurrencySafe: tool['concurrencySafe'] === true,
      annotations: resolveAnnotations(tool['annotations']),
      approval: tool['approval'] === 'always' ? 'always' : 'never',
      ...(shared === undefined ? {} : { source: shared }),
    })
  })
  return { tools, issues }
}

/** `sha256:<hex>` of what a model is told about the tool (canonical JSON, key order does not matter). */
export function surfaceHash(tool: CatalogTool): string {
  // Tools of an unchanged file share schema objects: hashed once.
  const known = typeof tool.parameters === 'object' && tool.parameters !== null ? surfaceHashes.get(tool.parameters) : undefined
  if (known !== undefined && known.name === tool.name && known.description === tool.description && known.title === tool.annotations.title && known.output === tool.output) return known.hash
  const hash = hashSurface(tool)
  if (typeof tool.parameters === 'object' && tool.parameters !== null) {
    surfaceHashes.set(tool.parameters, { name: tool.name, description: tool.description, title: tool.annotations.title, output: tool.output, hash })
  }
  return hash
}

const surfaceHashes = new WeakMap<object, { name: string; description: string; title: string | undefined; output: unknown; hash: string }>()

function hashSurface(tool: CatalogTool): string {
  const surface = {
    name: tool.name,
    description: tool.description,
    title: tool.annotations.title ?? null,
    parameters: tool.parameters,
    output: tool.output ?? null,
  }
  return `sha256:${createHash('sha256').update(canonicalJson(surface)).digest('hex')}`
}
