import { processMemo } from '../base/bounded.js'
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

// Words that cannot name a binding in an ES module (strict mode), plus the global values no module should shadow.
const RESERVED = new Set([
  'arguments', 'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do',
  'else', 'enum', 'eval', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'implements', 'import', 'in',
  'instanceof', 'interface', 'let', 'new', 'null', 'package', 'private', 'protected', 'public', 'return', 'static',
  'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'undefined', 'var', 'void', 'while', 'with', 'yield',
  'NaN', 'Infinity',
])

/** Whether `name` cannot (or should not) name a binding in generated modules. */
export function isReservedWord(name: string): boolean {
  return RESERVED.has(name)
}

// Bindings `index.ts` declares itself; a tool's export must not shadow them.
const INDEX_BINDINGS = new Set(['tools'])

// json2ts upper-cases a letter after digits (`Get3dModelArgs` → `Get3DModelArgs`); stubs must import that spelling.
function json2tsTypeName(name: string): string {
  return name.replace(/(\d)([a-z])/g, (_match, digit: string, letter: string) => `${digit}${letter.toUpperCase()}`)
}

/** The identifiers of tool `name`, memoised: a plan asks for each tool's several times. */
export function toolIdentifiers(name: string): ToolIdentifiers {
  let ids = processMemo.get<ToolIdentifiers>('tool-identifiers', name)
  if (ids === undefined) {
    ids = Object.freeze(identifiersOf(name))
    processMemo.set('tool-identifiers', name, ids)
  }
  return ids
}

function identifiersOf(name: string): ToolIdentifiers {
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
