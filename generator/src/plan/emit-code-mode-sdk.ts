import { codeModeSdkTypeNames, joinCodeModeSdk, printCodeModeSdkPart, type CodeModeSdkPart } from '@toolsmith/providers'
import { generatedHeader } from '../model/plan.js'
import { isRecord, type ToolDeclaration } from '../model/tool-declaration.js'
import { cacheKey, type DeclarationEntry } from './cache/cache-key.js'
import { declarationSurface } from './exports/export-declarations.js'
import { byCodeUnit } from './output-paths.js'

/** The Code Mode SDK text of the declarations, identical to what `codeModeSdk()` prints at runtime. Each tool's part is
 * cached in `entries[i]` (for `tools[i]`), so only changed tools are printed again. */
export function codeModeSdkText(tools: readonly ToolDeclaration[], entries: readonly (DeclarationEntry | undefined)[] = []): string {
  const order = tools.map((_tool, index) => index).sort((a, b) => byCodeUnit((tools[a] as ToolDeclaration).name, (tools[b] as ToolDeclaration).name))
  const names = codeModeSdkTypeNames(order.map((index) => (tools[index] as ToolDeclaration).name))
  return joinCodeModeSdk(order.map((index, i) => sdkPart(tools[index] as ToolDeclaration, names[i] as string, entries[index])))
}

/** `<out>/code-mode-sdk.d.ts`: the header, then the SDK text as printed (not reformatted). */
export function emitCodeModeSdkDeclaration(sdk: string): string {
  return `${generatedHeader()}\n${sdk}`
}

// The key holds the type name: a part printed under another name is stale.
function sdkPart(declaration: ToolDeclaration, base: string, entry: DeclarationEntry | undefined): CodeModeSdkPart {
  const print = (): CodeModeSdkPart => printCodeModeSdkPart(declarationSurface(declaration), base)
  return entry === undefined ? print() : entry.memo('code-mode-sdk', cacheKey(['code-mode-sdk', base]), (value) => (isPart(value) ? value : undefined), print)
}

const isPart = (value: unknown): value is CodeModeSdkPart => isRecord(value) && typeof value['types'] === 'string' && typeof value['member'] === 'string'
