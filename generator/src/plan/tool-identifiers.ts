import { isReservedWord } from '../print/ts-literals.js'
import { camelCaseName, pascalCaseName } from '../model/tool-declaration.js'

/** The TypeScript names one tool's generated code uses, all derived from its name. */
export interface ToolIdentifiers {
  /** `<camel>Parameters`: the parameter spec const. */
  readonly parameters: string
  /** `<camel>OutputSpec`: the output spec const. */
  readonly outputSpec: string
  /** `<camel>Declaration`: name, description, parameters and limits, spread into `defineTool`. */
  readonly declaration: string
  /** `<Pascal>Args`: the argument type. */
  readonly argsType: string
  /** `<Pascal>Output`: the output value type. */
  readonly outputType: string
  /** `<Pascal>Tool`: the index's alias of the tool's `TypedTool<Args, Output, name>` entry. */
  readonly entryType: string
  /** The binding `index.ts` exports the tool under: camelCase, with `_` appended to a reserved word. */
  readonly exportName: string
}

// Bindings `index.ts` declares itself; a tool's export must not shadow them.
const INDEX_BINDINGS = new Set(['tools'])

/**
 * A type name as json2ts writes it for the root type it is asked to name: its identifier rule upper-cases a letter
 * that follows digits (`Get3dModelArgs` becomes `Get3DModelArgs`), so the stub must import exactly that spelling.
 */
function json2tsTypeName(name: string): string {
  return name.replace(/(\d)([a-z])/g, (_match, digit: string, letter: string) => `${digit}${letter.toUpperCase()}`)
}

/** The identifiers of the tool called `name` (a valid tool name). */
export function toolIdentifiers(name: string): ToolIdentifiers {
  const camel = camelCaseName(name)
  const pascal = pascalCaseName(name)
  // camelCase never produces `_`, so the suffixed form cannot collide with another tool's export.
  const exportName = isReservedWord(camel) || INDEX_BINDINGS.has(camel) ? `${camel}_` : camel
  return {
    parameters: `${camel}Parameters`,
    outputSpec: `${camel}OutputSpec`,
    declaration: `${camel}Declaration`,
    argsType: json2tsTypeName(`${pascal}Args`),
    outputType: json2tsTypeName(`${pascal}Output`),
    entryType: json2tsTypeName(`${pascal}Tool`),
    exportName,
  }
}
