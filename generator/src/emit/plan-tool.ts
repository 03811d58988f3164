import type { CodeFormatter } from '../format/code-formatter.js'
import { literalLayout } from '../format/ts-spec-literal.js'
import type { WorkerPool } from '../format/worker-pool.js'
import type { Diagnostic } from '../model/diagnostic.js'
import type { PlanOptions } from '../model/plan.js'
import type { PlannedFile } from '../model/planned-file.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { emitGeneratedModule } from './emit-generated-file.js'
import { toolPaths } from './output-paths.js'
import { findStubWiring, type WiringNames } from './stub/find-stub-wiring.js'
import { mergeStub, type StubMerge } from './stub/merge-stub.js'
import { lineAndColumn, type StubOutcome, withParsedStub } from './stub/parse-stub.js'
import { stubModel } from './stub/stub-model.js'
import { messageOf } from './error-message.js'
import { type Template, templateDiagnostic } from './template/template-set.js'
import { toolIdentifiers } from './tool-identifiers.js'
import { outputDeclaration } from './types/output-declaration.js'
import type { CatalogOutputType } from './catalog/catalog-model.js'

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
  /** Worker threads for json2ts (large plans only). */
  readonly pool: WorkerPool | undefined
  /** Absent when the project's copy does not compile (already reported): then no stub is created. */
  readonly stubTemplate: Template | undefined
}

// Merges of stubs that needed no change, remembered across plans in one process: a regenerate over unchanged
// stubs then skips parsing them. Keyed by path, wiring names and the exact text. Bounded: the oldest go first.
const UNCHANGED_LIMIT = 8_000
const unchangedStubs = new Map<string, StubMerge>()

function stubDiagnostic(
  file: string,
  text: string,
  severity: Diagnostic['severity'],
  code: string,
  problem: { readonly message: string; readonly offset: number },
): Diagnostic {
  return { severity, code, file, ...lineAndColumn(text, problem.offset), message: problem.message }
}

/** Plans the generated module of one tool and its stub: created from the template when absent, else merged. */
export async function planTool(declaration: ToolDeclaration, context: ToolPlanContext): Promise<PlannedTool> {
  const { options, formatter } = context
  const ids = toolIdentifiers(declaration.name)
  const paths = toolPaths(options.out, declaration.name)
  const names: WiringNames = { generatedSpecifier: paths.generatedSpecifier, ...ids }
  const layout = literalLayout(await formatter.layoutOptions(paths.generated))
  const generatedModule = await emitGeneratedModule(declaration, ids, layout, context.pool)
  const formattedModule = generatedModule.withSpecs(await formatter.format(paths.generated, generatedModule.source, { batchable: true }))
  const files: PlannedFile[] = [{ path: paths.generated, content: formattedModule, owner: 'generator' }]
  const formattedOutput = outputDeclaration(formattedModule, ids.outputType)
  const outputType: CatalogOutputType =
    formattedOutput === undefined
      ? { text: generatedModule.outputTypeSource, layoutKey: undefined }
      : { text: formattedOutput, layoutKey: await formatter.layoutKey(paths.generated) }
  const diagnostics: Diagnostic[] = []
  const existing = await options.readFile(paths.stub)
  if (existing === undefined) {
    const created = context.stubTemplate === undefined ? undefined : await createStub(declaration, context, context.stubTemplate, names)
    if (created?.ok === true) files.push({ path: paths.stub, content: created.value, owner: 'author' })
    else if (created !== undefined) diagnostics.push(created.problem)
  } else {
    const key = `${paths.stub}\u0000${JSON.stringify(names)}\u0000${existing}`
    const cached = unchangedStubs.get(key)
    const merged: StubOutcome<StubMerge> =
      cached !== undefined
        ? { ok: true, value: cached }
        : await mergeStub(paths.stub, existing, names, (statement) => formatter.format(paths.stub, statement))
    if (merged.ok) {
      if (!merged.value.changed) rememberUnchanged(key, merged.value)
      files.push({ path: paths.stub, content: merged.value.text, owner: 'author' })
      for (const warning of merged.value.warnings) diagnostics.push(stubDiagnostic(paths.stub, existing, 'warning', 'stub-override', warning))
    } else {
      // Left exactly as it is: planned unchanged so nothing is written, and reported with where the problem is.
      files.push({ path: paths.stub, content: existing, owner: 'author' })
      const unparsable = merged.problem.kind === 'syntax'
      diagnostics.push(
        stubDiagnostic(paths.stub, existing, unparsable ? 'error' : 'warning', unparsable ? 'stub-syntax' : 'stub-wiring', {
          ...merged.problem,
          message: unparsable
            ? `cannot parse the stub (left untouched): ${merged.problem.message}`
            : `${merged.problem.message}; the stub is left untouched and no longer updated`,
        }),
      )
    }
  }
  return { files, diagnostics, outputType }
}

function rememberUnchanged(key: string, merge: StubMerge): void {
  if (unchangedStubs.size >= UNCHANGED_LIMIT) {
    const oldest = unchangedStubs.keys().next()
    if (oldest.done !== true) unchangedStubs.delete(oldest.value)
  }
  unchangedStubs.set(key, merge)
}

type Created = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly problem: Diagnostic }

async function createStub(
  declaration: ToolDeclaration,
  context: ToolPlanContext,
  stubTemplate: Template,
  names: WiringNames,
): Promise<Created> {
  const { formatter, options } = context
  const paths = toolPaths(options.out, declaration.name)
  let source: string
  try {
    source = stubTemplate.render(stubModel(declaration, toolIdentifiers(declaration.name), paths))
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
    const wiring = withParsedStub(paths.stub, formatted, (file) => findStubWiring(file, names))
    if (!wiring.ok) {
      return { ok: false, problem: templateDiagnostic(stubTemplate.file, `the stub it renders for ${declaration.name} lacks the wiring: ${wiring.problem.message}`) }
    }
  }
  return { ok: true, value: formatted }
}
