import { checkParameterSchemaSpec, checkValueSchemaSpec, escapeJsonPointerToken } from '@toolsmith/runtime'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { RESERVED_TOOL_NAMES, TOOL_NAME_PATTERN } from '../model/tool-name.js'
import { checkAnnotations, checkApproval } from './check-annotations.js'
import { checkPresentation, type ReportAt } from './check-presentation.js'
import { describeFound } from './describe-found.js'

/** The top-level fields of a declaration, in the order the format documents them. */
export const DECLARATION_FIELDS = ['name', 'description', 'timeoutMs', 'concurrencySafe', 'annotations', 'approval', 'parameters', 'output', 'presentation'] as const

const REQUIRED_FIELDS = ['name', 'description', 'parameters', 'output'] as const

/** Largest `timeoutMs`: timers fire at once beyond a signed 32-bit millisecond count. */
export const MAX_TIMEOUT_MS = 2_147_483_647

/**
 * Checks one declaration's JSON against the format: known fields only, their types, the name rules,
 * `timeoutMs`, the presentation hints, and `parameters`/`output` through the runtime's own DSL
 * checker (so the generator accepts exactly what `defineTool` accepts). Every problem is reported;
 * the declaration is returned only when there was none.
 */
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
    // Reported at the declaration's mapping (the root), naming the key to add there.
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

/**
 * Objects, arrays and oneOfs nested along any path of a spec, counting the parameters' implicit root object: past 24,
 * TypeScript's check of the generated `as const satisfies ValueSchemaSpec` hits its stack limit (TS2321) and tsc slows
 * down steeply (about 3 minutes at 100 levels), so such a declaration would give stubs that do not compile.
 */
export const MAX_SPEC_LEVELS = 24

const own = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined

/** The pointer of the first node nested deeper than MAX_SPEC_LEVELS containers, if any (a checked spec). */
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
