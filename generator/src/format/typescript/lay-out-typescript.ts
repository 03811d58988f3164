import { doc, type Options } from 'prettier'
import { layOutOpaqueMembers, type ProbeFormatter } from './opaque-members.js'
import { parseTypeScriptSubset } from './parse-ts-subset.js'
import { printProgram } from './print-ts-statements.js'
import { LayoutUnsupported, type TsLayoutContext, type TsLayoutOptions } from './ts-layout-context.js'

// Options that change nothing in the subset's layout (they concern JSX, other languages, or constructs the subset
// leaves to prettier through its probes), and the prettier-internal ones resolveConfig may hand over.
const NEUTRAL_OPTIONS = new Set([
  'arrowParens', 'bracketSameLine', 'jsxSingleQuote', 'singleAttributePerLine', 'htmlWhitespaceSensitivity',
  'vueIndentScriptAndStyle', 'proseWrap', 'embeddedLanguageFormatting', 'experimentalTernaries',
  'experimentalOperatorPosition', 'filepath', 'parser',
])

/** The options as the subset's printers take them, or `undefined` when one of them is outside what they reproduce. */
export function tsLayoutOptions(options: Options): TsLayoutOptions | undefined {
  const layout = {
    printWidth: options.printWidth ?? 80,
    tabWidth: options.tabWidth ?? 2,
    useTabs: options.useTabs ?? false,
    semi: options.semi ?? true,
    singleQuote: options.singleQuote ?? false,
    trailingComma: options.trailingComma ?? 'all',
    bracketSpacing: options.bracketSpacing ?? true,
    quoteProps: options.quoteProps ?? 'as-needed',
    objectWrap: options.objectWrap ?? 'preserve',
  }
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || key in layout || NEUTRAL_OPTIONS.has(key)) continue
    // Defaults spelled out are fine; anything else (plugins, pragmas, ranges, line ends other than `\n`) is not.
    const harmless =
      (key === 'endOfLine' && (value === 'lf' || value === 'auto')) ||
      ((key === 'requirePragma' || key === 'insertPragma') && value === false) ||
      (key === 'rangeStart' && value === 0) ||
      (key === 'rangeEnd' && value === Number.POSITIVE_INFINITY) ||
      (key === 'plugins' && Array.isArray(value) && value.length === 0)
    if (!harmless) return undefined
  }
  if (options.parser !== undefined && options.parser !== 'typescript') return undefined
  const sane =
    Number.isInteger(layout.printWidth) && layout.printWidth >= 1 && layout.printWidth <= 1000 &&
    Number.isInteger(layout.tabWidth) && layout.tabWidth >= 1 && layout.tabWidth <= 32 &&
    typeof layout.useTabs === 'boolean' && typeof layout.semi === 'boolean' && typeof layout.singleQuote === 'boolean' &&
    typeof layout.bracketSpacing === 'boolean' &&
    ['all', 'es5', 'none'].includes(layout.trailingComma) &&
    ['as-needed', 'consistent', 'preserve'].includes(layout.quoteProps) &&
    ['preserve', 'collapse'].includes(layout.objectWrap)
  return sane ? (layout as TsLayoutOptions) : undefined
}

/**
 * `source` formatted exactly as prettier formats it with `options` (parser `typescript`), without running prettier's
 * parser and printer, or `undefined` when the source or the options are outside what is reproduced here.
 *
 * Why: prettier on the generated modules and stubs was the largest cost of a cold `generate` (about half of it for
 * 1,000 tools). Their text is generator-controlled and uses a small subset of TypeScript (imports, `as const`
 * objects, interfaces and type aliases from json2ts, the stub's `defineTool({ ... })`), so the layout prettier gives
 * it is rebuilt here as prettier's own documents, mirrored from its printers, and printed with prettier's document
 * printer (the same line fitting and width measurement). Arrow functions are not mirrored: each member holding one
 * is laid out by prettier in a small probe of the same place (`probe`), memoized by the caller.
 *
 * Guarded by test/generator/format/lay-out-typescript.test.ts, which compares this with prettier.format on generated
 * modules and stubs of random declarations under random options, and on hand-picked edge cases.
 */
export async function layOutTypeScript(source: string, options: Options, probe: ProbeFormatter): Promise<string | undefined> {
  const layout = tsLayoutOptions(options)
  if (layout === undefined) return undefined
  const program = parseTypeScriptSubset(source)
  if (program === undefined) return undefined
  const context: TsLayoutContext = { options: layout, text: source }
  try {
    const opaque = await layOutOpaqueMembers(program, context, probe)
    if (opaque === undefined) return undefined
    const printed = printProgram(program, context, {
      opaqueMember: (member) => {
        const lines = opaque.get(member)
        if (lines === undefined) throw new LayoutUnsupported('opaque member without a probe')
        return doc.builders.join(doc.builders.hardline, lines)
      },
    })
    return doc.printer.printDocToString(printed, { printWidth: layout.printWidth, tabWidth: layout.tabWidth, useTabs: layout.useTabs }).formatted
  } catch (error) {
    if (error instanceof LayoutUnsupported) return undefined
    throw error
  }
}
