import { layoutKeyOf } from '../model/code-formatter.js'
import { type Diagnostic, messageOf } from '../model/diagnostic.js'
import type { KnownText, PlannedFile, PlanOptions, PlanResult } from '../model/plan.js'
import { RESERVED_TOOL_NAMES, TOOL_NAME_PATTERN, type ToolDeclaration } from '../model/tool-declaration.js'
import { planCatalogs } from './catalog/plan-catalogs.js'
import { emitIndex } from './emit-index.js'
import { emitResultViews } from './emit-result-views.js'
import { findLeftovers } from './find-leftovers.js'
import { mapBounded } from '../base/bounded.js'
import { byCodeUnit, codeModeSdkDeclarationPath, codeModeSdkModulePath, indexPath, resultViewsPath, toolPaths } from './output-paths.js'
import { codeModeSdkText, emitCodeModeSdkDeclaration } from './emit-code-mode-sdk.js'
import type { TsPart } from '../model/typescript-tree.js'
import { planTool, type PreparedTool } from './plan-tool.js'
import { withFormatCache } from './cache/cached-formatter.js'
import { cacheKey, isCacheableLayout, textHash, toolCacheKeys } from './cache/cache-key.js'
import { cachedToolValues } from './cache/cached-values.js'
import { loadTemplates } from './template/template-set.js'

// Enough tools in flight for their format requests to share prettier batches, few enough to bound memory.
const TOOLS_IN_FLIGHT = 64

// Checked again here: the name goes into paths, identifiers and comments, and must not collide with a shared file.
function nameProblem(declaration: ToolDeclaration): Diagnostic | undefined {
  const name = declaration.name
  let message: string | undefined
  if (!TOOL_NAME_PATTERN.test(name) || RESERVED_TOOL_NAMES.has(name)) message = `invalid tool name ${JSON.stringify(name)}`
  else if (name.toLowerCase() === 'index') message = `the tool name ${name} would collide with the generated index.ts`
  else if (name.toLowerCase() === 'code-mode-sdk') message = `the tool name ${name} would collide with the generated code-mode-sdk.ts`
  return message === undefined
    ? undefined
    : { severity: 'error', code: 'invalid-name', message, file: declaration.sourceFile, line: 1, column: 1 }
}

/** A text read, with its hash, made when first asked for (`undefined` for no text). */
function knownText(text: string | undefined): KnownText | undefined {
  if (text === undefined) return undefined
  let hash: string | undefined
  return {
    get hash() {
      return (hash ??= textHash(text))
    },
    text: () => text,
  }
}

/** A failure planning `file` (`what` names it); a file it could not read (a FIFO, a permission, a link loop: the project
 * reader's `ProjectReadError`) is that file's problem. */
function failure(error: unknown, file: string, what: string): Diagnostic {
  const unreadable = error instanceof Error && error.name === 'ProjectReadError' ? (error as { file?: unknown }).file : undefined
  return typeof unreadable === 'string'
    ? { severity: 'error', code: 'unreadable-file', message: messageOf(error), file: unreadable, line: 1, column: 1 }
    : { severity: 'error', code: 'emit', message: `cannot generate ${what}: ${messageOf(error)}`, file, line: 1, column: 1 }
}

/** Plans every output file in memory (sorted by path), the generator-owned files to delete and the orphaned stubs. Pure
 * and deterministic: disk is read only through `options`, and the order of `declarations` does not matter. */
export async function planFiles(declarations: readonly ToolDeclaration[], options: PlanOptions): Promise<PlanResult> {
  const diagnostics: Diagnostic[] = []
  const cache = options.cache
  // The texts of a project's template copies, as read, for the cache keys of what they render.
  const templateTexts = new Map<string, string | undefined>()
  const templateSet = await loadTemplates(options.templates, async (path) => {
    const text = await options.readFile(path)
    templateTexts.set(path, text)
    return text
  }, options.isFolder)
  diagnostics.push(...templateSet.diagnostics)
  const stubTemplate = templateSet.templates.get('stub.ts.hbs')
  const stubTemplateKey =
    stubTemplate === undefined ? '' : stubTemplate.shipped ? `shipped ${stubTemplate.file}` : `project ${stubTemplate.file}\u0000${templateTexts.get(stubTemplate.file) ?? ''}`

  const tools: ToolDeclaration[] = []
  for (const declaration of [...declarations].sort((a, b) => byCodeUnit(a.name, b.name))) {
    const problem = nameProblem(declaration)
    if (problem === undefined) tools.push(declaration)
    else diagnostics.push(problem)
  }

  // Stubs are read and cache keys made first; a failed read is reported with its tool.
  const formatter = options.formatter
  const prepared = await mapBounded(tools, TOOLS_IN_FLIGHT, async (declaration): Promise<PreparedTool | { readonly failure: unknown }> => {
    try {
      const paths = toolPaths(options.out, declaration.name)
      // A stub the run knows by its record is not read: its text is made only if the plan needs it.
      const existingStub = options.readRecorded?.(paths.stub) ?? knownText(await options.readFile(paths.stub))
      const keys = await toolCacheKeys(declaration, { cache, formatter, paths, existingStub, stubTemplate: stubTemplateKey })
      return { paths, existingStub, keys }
    } catch (failure) {
      return { failure }
    }
  })
  // Whole-plan outputs format through the cache; planTool caches a tool's own files whole.
  const sharedFormatter = cache === undefined ? formatter : withFormatCache(formatter, cache)

  const context = { options, formatter, stubTemplate }
  const planned = await mapBounded(tools, TOOLS_IN_FLIGHT, async (declaration, index) => {
    try {
      const tool = prepared[index]
      if (tool === undefined || !('keys' in tool)) throw tool?.failure
      const result = await planTool(declaration, tool, context)
      for (const file of result.files) options.planned?.(file)
      return result
    } catch (error) {
      return { files: [], diagnostics: [failure(error, declaration.sourceFile, declaration.name)], outputType: { text: '', layoutKey: undefined } }
    }
  })
  const files: PlannedFile[] = []
  for (const tool of planned) {
    files.push(...tool.files)
    diagnostics.push(...tool.diagnostics)
  }

  // The whole-plan outputs: a failure (say a prettier config toolsmith cannot honour) is that file's problem.
  const output = async (path: string, content: () => Promise<string>): Promise<void> => {
    try {
      files.push({ path, content: await content(), owner: 'generator' })
    } catch (error) {
      diagnostics.push(failure(error, path, 'this file'))
    }
  }
  // Cached by path, layout and what the tree is made of (`source`): a large index is costly to print again.
  const printed = (path: string, source: readonly string[], part: () => TsPart): Promise<void> =>
    output(path, async () => {
      const options = cache === undefined ? undefined : await formatter.layoutOptions(path)
      const layout = options === undefined || !isCacheableLayout(options) ? undefined : layoutKeyOf(options)
      const key = layout === undefined || cache === undefined ? undefined : cacheKey([cache.fingerprint, 'printed', path, layout, ...source])
      let content = key === undefined ? undefined : cachedToolValues.text(cache?.get(key))
      if (content === undefined) {
        content = await formatter.printTypeScript(path, [part()])
        if (key !== undefined) cache?.set(key, content)
      }
      return content
    })
  if (tools.length > 0) await printed(resultViewsPath(options.out), ['result-views'], emitResultViews)
  const names = tools.map((tool) => tool.name)
  await printed(indexPath(options.out), ['index', ...names], () => emitIndex(names))
  // The SDK is printed once for both files; the declaration stays exactly as printed (it must equal the runtime's).
  const sdkPath = codeModeSdkDeclarationPath(options.out)
  const sdkModulePath = codeModeSdkModulePath(options.out)
  try {
    const sdk = codeModeSdkText(tools, prepared.map((tool) => ('keys' in tool ? tool.keys.entry : undefined)))
    await output(sdkPath, async () => {
      const declaration = emitCodeModeSdkDeclaration(sdk)
      return (await sharedFormatter.layoutOptions(sdkPath)).endOfLine === 'crlf' ? declaration.replaceAll('\n', '\r\n') : declaration
    })
    await output(sdkModulePath, () => sharedFormatter.printCodeModeSdkModule(sdkModulePath, sdk))
  } catch (error) {
    // Only printing the SDK throws here (`output` reports its own failures): neither file can be made.
    diagnostics.push(failure(error, sdkPath, 'this file'), failure(error, sdkModulePath, 'this file'))
  }

  try {
    const catalogs = await planCatalogs(tools, planned.map((tool) => tool.outputType), {
      options,
      formatter: sharedFormatter,
      sectionTemplate: templateSet.templates.get('catalog-section.md.hbs'),
      pageTemplate: templateSet.templates.get('catalog.md.hbs'),
    })
    files.push(...catalogs.files)
    diagnostics.push(...catalogs.diagnostics)
  } catch (error) {
    diagnostics.push(failure(error, options.docs, 'this file'))
  }

  const leftovers = await findLeftovers(options, new Set(files.map((file) => file.path)))
  return { files: files.sort((a, b) => byCodeUnit(a.path, b.path)), deletions: leftovers.deletions, orphans: leftovers.orphans, diagnostics }
}
