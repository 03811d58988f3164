import { processMemo } from '../base/bounded.js'
import { type CodeFormatter, layoutKeyOf } from '../model/code-formatter.js'
import { type Diagnostic, lineAndColumn, messageOf } from '../model/diagnostic.js'
import type { FileOwner, KnownText, PlannedFile, PlanOptions } from '../model/plan.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { emitGeneratedModule } from './emit-generated-file.js'
import type { ToolPaths } from './output-paths.js'
// The stub modules load ts-morph (slow): imported only to merge a stub or check a project's stub template.
import type { StubOutcome, WiringNames } from './stub/find-stub-wiring.js'
import type { StubMerge } from './stub/merge-stub.js'
import { shippedStubProgram, stubModel } from './stub/stub-model.js'
import { type Template, templateDiagnostic } from './template/template-set.js'
import { toolIdentifiers } from './tool-identifiers.js'
import type { CatalogOutputType } from './catalog/catalog-model.js'
import { type CachedModule, type CachedStub, cachedToolValues } from './cache/cached-values.js'
import { type ToolCacheKeys, textHash, textKey } from './cache/cache-key.js'

/** Everything one tool contributes to the plan. */
export interface PlannedTool {
  readonly files: readonly PlannedFile[]
  readonly diagnostics: readonly Diagnostic[]
  /** Its `<Name>Output` declaration, for the catalog. */
  readonly outputType: CatalogOutputType
}

/** What planning a tool needs besides its declaration. */
export interface ToolPlanContext {
  readonly options: PlanOptions
  readonly formatter: CodeFormatter
  /** Absent when the project's copy does not compile (already reported): then no stub is created. */
  readonly stubTemplate: Template | undefined
}

/** What is read and derived for a tool before it is planned. */
export interface PreparedTool {
  readonly paths: ToolPaths
  /** Its stub as on disk; `undefined` when there is none. */
  readonly existingStub: KnownText | undefined
  /** Its plan cache keys (see `toolCacheKeys`). */
  readonly keys: ToolCacheKeys
}

function stubDiagnostic(
  file: string,
  text: string,
  severity: Diagnostic['severity'],
  code: string,
  problem: { readonly message: string; readonly offset: number },
): Diagnostic {
  return { severity, code, file, ...lineAndColumn(text, problem.offset), message: problem.message }
}

/** Plans one tool's generated module and its stub (created when absent, else merged), each from the plan cache when it
 * holds it; what a failure threw is never stored. */
export async function planTool(declaration: ToolDeclaration, prepared: PreparedTool, context: ToolPlanContext): Promise<PlannedTool> {
  const { paths, existingStub, keys } = prepared
  // Lazy: fully cached tools never need their identifiers.
  const names = (): WiringNames => ({ generatedSpecifier: paths.generatedSpecifier, ...toolIdentifiers(declaration.name) })
  const module = await plannedModule(declaration, paths, keys, context)
  const stub = await plannedStub(declaration, paths, names, existingStub, keys, context)
  const files: PlannedFile[] = [plannedFile(paths.generated, 'generator', module.content)]
  if (stub.content !== null) files.push(plannedFile(paths.stub, 'author', stub.content))
  const { text, layoutKey } = module.outputType
  return { files, diagnostics: stub.diagnostics, outputType: { text, layoutKey: layoutKey ?? undefined } }
}

/** A planned file: a text known by its hash goes with the hash, and is made only when asked for. */
function plannedFile(path: string, owner: FileOwner, content: string | KnownText): PlannedFile {
  if (typeof content === 'string') return { path, content, owner }
  let text: string | undefined
  return {
    path,
    owner,
    contentHash: content.hash,
    get content() {
      return (text ??= content.text())
    },
  }
}

async function plannedModule(
  declaration: ToolDeclaration,
  paths: ToolPaths,
  keys: ToolCacheKeys,
  context: ToolPlanContext,
): Promise<CachedModule> {
  const { formatter } = context
  const cache = context.options.cache
  const { entry, module: key } = keys
  // The part holds the text's hash; the text is kept under it (and found by it, whoever stored it).
  const cached = key === undefined || cache === undefined ? undefined : cachedToolValues.module(entry?.get('module', key), (hash) => cache.text(textKey(hash)))
  if (cached !== undefined) return cached
  const generatedModule = emitGeneratedModule(declaration, toolIdentifiers(declaration.name))
  const [content, output] = await Promise.all([
    formatter.printTypeScript(paths.generated, generatedModule.parts),
    formatter.printTypeScript(paths.generated, [generatedModule.output]),
  ])
  // Printed alone, a top-level declaration is laid out as in the module, which the catalog shows.
  const outputType = { text: output.trimEnd(), layoutKey: layoutKeyOf(await formatter.layoutOptions(paths.generated)) }
  if (cache === undefined) return { content, outputType }
  const module = { content: { hash: textHash(content), text: () => content }, outputType }
  if (key !== undefined && entry !== undefined) {
    entry.set('module', key, cachedToolValues.storedModule(module))
    cache.set(textKey(module.content.hash), content)
  }
  return module
}

async function plannedStub(
  declaration: ToolDeclaration,
  paths: ToolPaths,
  names: () => WiringNames,
  existing: KnownText | undefined,
  keys: ToolCacheKeys,
  context: ToolPlanContext,
): Promise<CachedStub> {
  const cache = context.options.cache
  const { entry, stub: where } = keys
  const stored = where === undefined ? undefined : 'part' in where ? entry?.get('stub', where.part) : cache?.get(where.key)
  const cached = cachedToolValues.stub(stored, existing)
  if (cached !== undefined) return cached
  const stub = existing === undefined ? await newStub(declaration, paths, names(), context) : await mergedStub(paths, names(), existing, context)
  const value = cachedToolValues.storedStub(stub, existing)
  if (where !== undefined && 'part' in where) entry?.set('stub', where.part, value)
  else if (where !== undefined) cache?.set(where.key, value)
  return stub
}

async function newStub(declaration: ToolDeclaration, paths: ToolPaths, names: WiringNames, context: ToolPlanContext): Promise<CachedStub> {
  if (context.stubTemplate === undefined) return { content: null, diagnostics: [] }
  const created = await createStub(declaration, paths, context, context.stubTemplate, names)
  return created.ok ? { content: created.value, diagnostics: [] } : { content: null, diagnostics: [created.problem] }
}

async function mergedStub(paths: ToolPaths, names: WiringNames, existingStub: KnownText, context: ToolPlanContext): Promise<CachedStub> {
  const { formatter } = context
  const existing = existingStub.text()
  // Unchanged merges are memoised for the process, so a regenerate skips parsing unchanged stubs.
  const key = `${paths.stub}\u0000${JSON.stringify(names)}\u0000${existing}`
  const cached = processMemo.get<StubMerge>('unchanged-stub', key)
  const merged: StubOutcome<StubMerge> =
    cached !== undefined
      ? { ok: true, value: cached }
      : await (await import('./stub/merge-stub.js')).mergeStub(paths.stub, existing, names, (statement) => formatter.format(paths.stub, statement))
  if (merged.ok) {
    if (!merged.value.changed) processMemo.set('unchanged-stub', key, merged.value)
    const warnings = merged.value.warnings.map((warning) => stubDiagnostic(paths.stub, existing, 'warning', 'stub-override', warning))
    return { content: merged.value.text, diagnostics: warnings }
  }
  // Left exactly as it is: planned unchanged so nothing is written, and reported with where the problem is.
  const unparsable = merged.problem.kind === 'syntax'
  const breaksIndex = merged.problem.breaksIndex === true
  const problem = stubDiagnostic(paths.stub, existing, unparsable || breaksIndex ? 'error' : 'warning', unparsable ? 'stub-syntax' : 'stub-wiring', {
    ...merged.problem,
    message: unparsable
      ? `cannot parse the stub (left untouched): ${merged.problem.message}`
      : breaksIndex
        ? `${merged.problem.message}, and has no default export, which the generated index imports (it would not compile): restore \`export default defineTool({ ... })\`, or delete the file to have the stub created again`
        : `${merged.problem.message}; the stub is left untouched and no longer updated`,
  })
  return { content: existingStub, diagnostics: [problem] }
}

type Created = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly problem: Diagnostic }

async function createStub(
  declaration: ToolDeclaration,
  paths: ToolPaths,
  context: ToolPlanContext,
  stubTemplate: Template,
  names: WiringNames,
): Promise<Created> {
  const { formatter } = context
  const ids = toolIdentifiers(declaration.name)
  // The shipped template's stub is printed from the model; rendering is the fallback for layouts the printers lack.
  const program = stubTemplate.shipped ? shippedStubProgram(declaration, ids, paths) : undefined
  const printed = program === undefined ? undefined : await formatter.printTree(paths.stub, program)
  if (printed !== undefined) return { ok: true, value: printed }
  let source: string
  try {
    source = stubTemplate.render(stubModel(declaration, ids, paths))
  } catch (error) {
    return { ok: false, problem: templateDiagnostic(stubTemplate.file, `cannot render the stub of ${declaration.name}: ${messageOf(error)}`) }
  }
  let formatted: string
  try {
    // The shipped template's output is generator-controlled text; a project's copy is formatted on its own.
    formatted = await formatter.format(paths.stub, source, { batchable: stubTemplate.shipped })
  } catch (error) {
    return {
      ok: false,
      problem: templateDiagnostic(stubTemplate.file, `the stub it renders for ${declaration.name} is not valid TypeScript: ${messageOf(error)}`),
    }
  }
  // The shipped template is tested to produce the wiring; a project's copy is checked for it on every stub.
  if (!stubTemplate.shipped) {
    const { withParsedStub, findStubWiring } = await import('./stub/find-stub-wiring.js')
    const wiring = withParsedStub(paths.stub, formatted, (file) => findStubWiring(file, names))
    if (!wiring.ok) {
      return { ok: false, problem: templateDiagnostic(stubTemplate.file, `the stub it renders for ${declaration.name} lacks the wiring: ${wiring.problem.message}`) }
    }
  }
  return { ok: true, value: formatted }
}
