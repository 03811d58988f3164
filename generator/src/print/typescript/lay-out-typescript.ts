import type { Options } from 'prettier'
import { generatedHeader } from '../../model/plan.js'
import { jsonText } from '../../model/tool-declaration.js'
import type { Program, Statement, TsPart } from '../../model/typescript-tree.js'
import { doc } from '../prettier.js'
import { literalLayout, printJsonStringLiteral } from './literals.js'
import { layOutOpaqueMembers, type ProbeFormatter } from './opaque-members.js'
import { parseTypeScriptSubset } from './parse-ts-subset.js'
import { printProgram } from './print-ts-statements.js'
import { OutsideLayout, type TsLayoutContext, type TsLayoutOptions } from './ts-layout-context.js'

// Options that change nothing in the subset's layout, and prettier-internal ones resolveConfig may hand over.
const NEUTRAL_OPTIONS = new Set([
  'bracketSameLine', 'jsxSingleQuote', 'singleAttributePerLine', 'htmlWhitespaceSensitivity',
  'vueIndentScriptAndStyle', 'proseWrap', 'embeddedLanguageFormatting', 'experimentalTernaries', 'filepath', 'parser',
])

/** The options as the printers take them, or `undefined` if one is outside them; `lenient` puts defaults instead. */
export function tsLayoutOptions(options: Options, lenient = false): TsLayoutOptions | undefined {
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
    arrowParens: options.arrowParens ?? 'always',
    experimentalOperatorPosition: options.experimentalOperatorPosition ?? 'end',
  }
  for (const [key, value] of lenient ? [] : Object.entries(options)) {
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
  if (!lenient && options.parser !== undefined && options.parser !== 'typescript') return undefined
  const sane =
    Number.isInteger(layout.printWidth) && layout.printWidth >= 1 && layout.printWidth <= 1000 &&
    Number.isInteger(layout.tabWidth) && layout.tabWidth >= 1 && layout.tabWidth <= 32 &&
    typeof layout.useTabs === 'boolean' && typeof layout.semi === 'boolean' && typeof layout.singleQuote === 'boolean' &&
    typeof layout.bracketSpacing === 'boolean' &&
    ['all', 'es5', 'none'].includes(layout.trailingComma) &&
    ['as-needed', 'consistent', 'preserve'].includes(layout.quoteProps) &&
    ['preserve', 'collapse'].includes(layout.objectWrap) &&
    ['always', 'avoid'].includes(layout.arrowParens) &&
    ['end', 'start'].includes(layout.experimentalOperatorPosition)
  // The spec literal follows the options as set, whatever the printers make of the rest (prettier keeps it as printed).
  const literal = literalLayout(options)
  if (sane) return lenient ? { ...(layout as TsLayoutOptions), lenient, literal } : { ...(layout as TsLayoutOptions), literal }
  return lenient ? { ...(tsLayoutOptions({}) as TsLayoutOptions), lenient, literal } : undefined
}

/** The parts as one program, a blank line between one part and the next. */
export function joinParts(parts: readonly TsPart[]): Program | undefined {
  const statements: Statement[] = []
  for (const [index, part] of parts.entries()) {
    if (part.program === undefined) return undefined
    const own = [...part.program.statements]
    const last = own.pop()
    if (last === undefined) continue
    statements.push(...own, index === parts.length - 1 ? last : { ...last, blankLineAfter: true })
  }
  return { statements }
}

/** `program` as prettier prints it, opaque members from `opaque`; throws `OutsideLayout` where it cannot. */
export function printTypeScript(program: Program, layout: TsLayoutOptions, opaque?: ReadonlyMap<object, readonly string[]>): string {
  const context: TsLayoutContext = { options: layout }
  const printed = printProgram(program, context, {
    opaqueMember: (member) => {
      const lines = opaque?.get(member)
      if (lines === undefined) throw new OutsideLayout('opaque member without a probe')
      return doc.builders.join(doc.builders.hardline, [...lines])
    },
  })
  return doc.printer.printDocToString(printed, { printWidth: layout.printWidth, tabWidth: layout.tabWidth, useTabs: layout.useTabs }).formatted
}

/**
 * `source` (such as a stub from a template) formatted exactly as prettier would, via the subset's tree and a `probe`
 * of each arrow function in its place; `undefined` when the source or the options are outside the subset.
 */
export async function layOutTypeScript(source: string, options: Options, probe: ProbeFormatter): Promise<string | undefined> {
  const layout = tsLayoutOptions(options)
  if (layout === undefined) return undefined
  const program = parseTypeScriptSubset(source)
  if (program === undefined) return undefined
  try {
    const opaque = await layOutOpaqueMembers(program, { options: layout }, probe)
    if (opaque === undefined) return undefined
    return printTypeScript(program, layout, opaque)
  } catch (error) {
    if (error instanceof OutsideLayout) return undefined
    throw error
  }
}

const CODE_MODE_SDK_DOC = '/** The Code Mode SDK declaration (the text of code-mode-sdk.d.ts without its header), for the prompt of a run_code agent. */'

/** `<out>/code-mode-sdk.ts` as prettier is given it: the SDK text (`sdk`) as a string export, for prompts. */
export function codeModeSdkModuleSource(sdk: string): string {
  return [generatedHeader(), '', CODE_MODE_SDK_DOC, `export const codeModeSdk: string = ${jsonText(sdk)}`, ''].join('\n')
}

/**
 * `codeModeSdkModuleSource(sdk)` as prettier lays it out, printed directly (the SDK is a megabyte). It never fits one
 * line (its preamble alone exceeds the widest print width accepted, 1,000): prettier breaks after `=` and indents.
 */
export function printCodeModeSdkModule(sdk: string, layout: TsLayoutOptions): string {
  const indentUnit = layout.useTabs ? '\t' : ' '.repeat(layout.tabWidth)
  const literal = printJsonStringLiteral(jsonText(sdk), layout.singleQuote)
  return [generatedHeader(), '', CODE_MODE_SDK_DOC, 'export const codeModeSdk: string =', `${indentUnit}${literal}${layout.semi ? ';' : ''}`, ''].join('\n')
}
