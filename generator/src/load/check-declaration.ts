import { checkParameterSchemaSpec, checkValueSchemaSpec, escapeJsonPointerToken, type ToolAnnotations, type ToolCallKind } from '@toolsmith/runtime'
import { type PresentationCard, type PresentationHints, RESERVED_TOOL_NAMES, TOOL_NAME_PATTERN, type ToolDeclaration } from '../model/tool-declaration.js'

/** The top-level fields of a declaration, in the order the format documents them. */
export const DECLARATION_FIELDS = ['name', 'description', 'timeoutMs', 'concurrencySafe', 'annotations', 'approval', 'parameters', 'output', 'presentation'] as const

const REQUIRED_FIELDS = ['name', 'description', 'parameters', 'output'] as const

/** Largest `timeoutMs`: timers fire at once beyond a signed 32-bit millisecond count. */
export const MAX_TIMEOUT_MS = 2_147_483_647

/** Checks a declaration's JSON, reporting every problem (specs via the runtime's DSL checker); `undefined` if any. */
export function checkDeclaration(value: unknown, sourceFile: string, report: ReportAt): ToolDeclaration | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    report(
      '',
      value === null ? 'empty-file' : 'not-a-mapping',
      value === null
        ? 'the file declares nothing; a declaration is a mapping with name, description, parameters and output'
        : `a declaration must be a mapping of fields (name, description, parameters, output, …), found ${describeFound(value)}`,
    )
    return undefined
  }
  let ok = true
  const fail: ReportAt = (pointer, code, message) => {
    ok = false
    report(pointer, code, message)
  }
  const fields: readonly string[] = DECLARATION_FIELDS
  for (const key of Object.keys(value)) {
    if (!fields.includes(key)) {
      fail(`/${escapeJsonPointerToken(key)}`, 'unknown-field', `unknown field ${JSON.stringify(key)}; a declaration has ${DECLARATION_FIELDS.join(', ')}`)
    }
  }
  const field = (key: string): unknown => (Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined)
  for (const key of REQUIRED_FIELDS) {
    if (!Object.hasOwn(value, key)) fail('', 'missing-field', `missing required field ${JSON.stringify(key)}: add ${JSON.stringify(key)} to the declaration mapping`)
  }

  const name = field('name')
  if (name !== undefined) checkName(name, fail)
  const description = field('description')
  if (description !== undefined && (typeof description !== 'string' || description.trim() === '')) {
    fail('/description', 'wrong-type', `"description" must be a non-empty string, found ${describeFound(description)}`)
  }
  const timeoutMs = field('timeoutMs')
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && (timeoutMs as number) > 0 && (timeoutMs as number) <= MAX_TIMEOUT_MS)) {
    fail('/timeoutMs', 'invalid-timeout', `"timeoutMs" must be a positive whole number of milliseconds up to ${MAX_TIMEOUT_MS}, found ${describeFound(timeoutMs)}`)
  }
  const concurrencySafe = field('concurrencySafe')
  if (concurrencySafe !== undefined && typeof concurrencySafe !== 'boolean') {
    fail('/concurrencySafe', 'wrong-type', `"concurrencySafe" must be true or false, found ${describeFound(concurrencySafe)}`)
  }
  const annotationsValue = field('annotations')
  const annotations = annotationsValue === undefined ? undefined : checkAnnotations(annotationsValue, fail)
  const approvalValue = field('approval')
  const approval = approvalValue === undefined ? undefined : checkApproval(approvalValue, fail)
  const parameters = field('parameters')
  if (parameters !== undefined) checkSpec('parameters', parameters, checkParameterSchemaSpec, fail)
  const output = field('output')
  if (output !== undefined) checkSpec('output', output, checkValueSchemaSpec, fail)
  const presentationValue = field('presentation')
  const presentation = presentationValue === undefined ? undefined : checkPresentation(presentationValue, fail)

  if (!ok) return undefined
  return {
    name: name as string,
    description: description as string,
    ...(timeoutMs === undefined ? {} : { timeoutMs: timeoutMs as number }),
    ...(concurrencySafe === undefined ? {} : { concurrencySafe: concurrencySafe as boolean }),
    ...(annotations === undefined ? {} : { annotations }),
    ...(approval === undefined ? {} : { approval }),
    parameters: parameters as ToolDeclaration['parameters'],
    output: output as ToolDeclaration['output'],
    ...(presentation === undefined ? {} : { presentation }),
    sourceFile,
  }
}

function checkName(name: unknown, fail: ReportAt): void {
  if (typeof name !== 'string') {
    fail('/name', 'wrong-type', `"name" must be a string, found ${describeFound(name)}`)
  } else if (!TOOL_NAME_PATTERN.test(name)) {
    fail(
      '/name',
      'invalid-name',
      `tool name ${JSON.stringify(name)} must start with a letter and hold only letters, digits, "_" and "-" (at most 64 characters)`,
    )
  } else if (RESERVED_TOOL_NAMES.has(name)) {
    fail('/name', 'reserved-name', `tool name ${JSON.stringify(name)} is reserved by the runtime`)
  } else if (name.toLowerCase() === 'index') {
    fail('/name', 'reserved-name', `tool name ${JSON.stringify(name)} would clash with the generated index.ts in the output folder`)
  }
}

function checkSpec(
  key: 'parameters' | 'output',
  spec: unknown,
  check: (spec: unknown) => readonly { path: string; message: string }[],
  fail: ReportAt,
): void {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    const what = key === 'parameters' ? 'a mapping of parameter names to schema specs ({} for none)' : 'a schema spec mapping'
    fail(`/${key}`, 'wrong-type', `"${key}" must be ${what}, found ${describeFound(spec)}`)
    return
  }
  const issues = check(spec)
  for (const issue of issues) {
    fail(`/${key}${issue.path}`, 'invalid-schema', `${key}${issue.path}: ${issue.message}`)
  }
  if (issues.length > 0) return
  // The parameters are an object themselves: their properties start one level down.
  const tooDeep = key === 'parameters' ? deepestProperty(spec as Record<string, unknown>, 1) : deepestNode(spec, '', 0)
  if (tooDeep !== undefined) {
    fail(
      `/${key}${tooDeep}`,
      'too-deep',
      `${key}${tooDeep}: nested more than ${MAX_SPEC_LEVELS} objects, arrays and oneOfs deep; the generated TypeScript types stop checking (TS2321) past that, so flatten the schema or use { type: json } for the deep part`,
    )
  }
}

/** Most objects, arrays and oneOfs nested in a spec (parameters' root included): deeper stubs fail tsc with TS2321. */
export const MAX_SPEC_LEVELS = 24

const own = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined

/** The pointer of the first node nested deeper than MAX_SPEC_LEVELS, in a checked spec. */
function deepestNode(node: unknown, pointer: string, levels: number): string | undefined {
  const type = own(node, 'type')
  const oneOf = own(node, 'oneOf')
  const container = type === 'object' || type === 'array' || Array.isArray(oneOf)
  if (!container) return undefined
  const here = levels + 1
  if (here > MAX_SPEC_LEVELS) return pointer
  if (Array.isArray(oneOf)) {
    for (let i = 0; i < oneOf.length; i++) {
      const found = deepestNode(oneOf[i], `${pointer}/oneOf/${i}`, here)
      if (found !== undefined) return found
    }
  }
  const items = own(node, 'items')
  if (items !== undefined) {
    const found = deepestNode(items, `${pointer}/items`, here)
    if (found !== undefined) return found
  }
  const properties = own(node, 'properties')
  if (typeof properties === 'object' && properties !== null) {
    const found = deepestProperty(properties as Record<string, unknown>, here, `${pointer}/properties`)
    if (found !== undefined) return found
  }
  return undefined
}

function deepestProperty(properties: Record<string, unknown>, levels: number, pointer = ''): string | undefined {
  for (const key of Object.keys(properties)) {
    const found = deepestNode(properties[key], `${pointer}/${escapeJsonPointerToken(key)}`, levels)
    if (found !== undefined) return found
  }
  return undefined
}

/** Names what a YAML value turned out to be, in the words of the format ("a list", "a mapping"). */
export function describeFound(value: unknown): string {
  if (value === null) return 'null (an empty value)'
  if (Array.isArray(value)) return 'a list'
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
    case 'number':
      return `the number ${String(value)}`
    case 'boolean':
      return String(value)
    case 'object':
      return 'a mapping'
    default:
      return typeof value
  }
}

/** The keys of `annotations`, with MCP's meanings (tool annotations). */
export const ANNOTATION_FIELDS = ['title', 'readOnly', 'destructive', 'idempotent', 'openWorld'] as const

/** Checks `annotations`, reporting each problem at its node; `undefined` after reporting. */
export function checkAnnotations(value: unknown, report: ReportAt): ToolAnnotations | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    report('/annotations', 'wrong-type', `"annotations" must be a mapping of ${ANNOTATION_FIELDS.join(', ')}, found ${describeFound(value)}`)
    return undefined
  }
  let ok = true
  const annotations: { -readonly [K in keyof ToolAnnotations]: ToolAnnotations[K] } = {}
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key]
    const pointer = `/annotations/${escapeJsonPointerToken(key)}`
    if (key === 'title') {
      if (typeof item === 'string' && item.trim() !== '') annotations.title = item
      else {
        ok = false
        report(pointer, 'wrong-type', `annotations.title must be a non-empty string, found ${describeFound(item)}`)
      }
    } else if (key === 'readOnly' || key === 'destructive' || key === 'idempotent' || key === 'openWorld') {
      if (typeof item === 'boolean') annotations[key] = item
      else {
        ok = false
        report(pointer, 'wrong-type', `annotations.${key} must be true or false, found ${describeFound(item)}`)
      }
    } else {
      ok = false
      report(pointer, 'unknown-field', `unknown field ${JSON.stringify(key)} in annotations; expected ${ANNOTATION_FIELDS.join(', ')}`)
    }
  }
  return ok ? annotations : undefined
}

/** Checks `approval`: `never` or `always`. */
export function checkApproval(value: unknown, report: ReportAt): 'never' | 'always' | undefined {
  if (value === 'never' || value === 'always') return value
  report('/approval', 'wrong-type', `"approval" must be never or always, found ${describeFound(value)}`)
  return undefined
}

/** Reports one problem at a JSON Pointer into the declaration. */
export type ReportAt = (pointer: string, code: string, message: string) => void

/** The fields of `presentation`. */
export const PRESENTATION_FIELDS = ['kind', 'card', 'shape']

/** Checks `presentation` (`shape` goes with `card: search` only, and it needs one); `undefined` after reporting. */
export function checkPresentation(value: unknown, report: ReportAt): PresentationHints | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    report('/presentation', 'wrong-type', `"presentation" must be a mapping with kind, card and shape, found ${describeFound(value)}`)
    return undefined
  }
  let ok = true
  const fail = (pointer: string, code: string, message: string): void => {
    ok = false
    report(pointer, code, message)
  }
  for (const key of Object.keys(value)) {
    if (!PRESENTATION_FIELDS.includes(key)) {
      fail(`/presentation/${escapeJsonPointerToken(key)}`, 'unknown-field', `unknown field ${JSON.stringify(key)} in presentation; expected kind, card or shape`)
    }
  }
  const kind = own(value, 'kind')
  const card = own(value, 'card')
  const shape = own(value, 'shape')
  if (kind !== undefined && !includes(TOOL_CALL_KINDS, kind)) {
    fail('/presentation/kind', 'invalid-presentation', `presentation.kind must be one of ${TOOL_CALL_KINDS.join(', ')}; found ${describeFound(kind)}`)
  }
  if (card !== undefined && !includes(PRESENTATION_CARDS, card)) {
    fail('/presentation/card', 'invalid-presentation', `presentation.card must be one of ${PRESENTATION_CARDS.join(', ')}; found ${describeFound(card)}`)
  }
  if (shape !== undefined && !includes(SEARCH_SHAPES, shape)) {
    fail('/presentation/shape', 'invalid-presentation', `presentation.shape must be matches or paths; found ${describeFound(shape)}`)
  } else if (shape !== undefined && card !== 'search') {
    fail('/presentation/shape', 'invalid-presentation', 'presentation.shape applies only to card: search')
  }
  if (card === 'search' && shape === undefined) {
    fail('/presentation/card', 'invalid-presentation', 'card: search needs "shape: matches" (grep-like) or "shape: paths" (glob-like)')
  }
  if (!ok) return undefined
  return {
    ...(kind === undefined ? {} : { kind: kind as NonNullable<PresentationHints['kind']> }),
    ...(card === undefined ? {} : { card: card as PresentationCard }),
    ...(shape === undefined ? {} : { shape: shape as NonNullable<PresentationHints['shape']> }),
  }
}

function includes(list: readonly string[], value: unknown): boolean {
  return typeof value === 'string' && list.includes(value)
}

/** Every `ToolCallKind`, in the runtime's order (a type test keeps the list equal to the type). */
export const TOOL_CALL_KINDS = ['read', 'edit', 'delete', 'move', 'search', 'execute', 'fetch', 'other'] as const satisfies readonly ToolCallKind[]

/** Every card `presentation.card` may name. */
export const PRESENTATION_CARDS = ['generic', 'terminal', 'diff', 'search', 'read', 'web'] as const satisfies readonly PresentationCard[]

/** The shapes of `card: search`. */
export const SEARCH_SHAPES = ['matches', 'paths'] as const satisfies readonly NonNullable<PresentationHints['shape']>[]
