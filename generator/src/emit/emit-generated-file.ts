import { jsdocComment, tsJsonLiteral, tsStringLiteral } from '../format/ts-literals.js'
import { type LiteralLayout, tsSpecLiteral } from '../format/ts-spec-literal.js'
import type { WorkerPool } from '../format/worker-pool.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { generatedHeader } from './generated-header.js'
import type { ToolIdentifiers } from './tool-identifiers.js'
import { compileType } from './types/compile-type.js'
import { parametersTypeSchema, valueTypeSchema } from './types/type-schema.js'

/** The generated module of one tool, unformatted, plus its type declarations for the catalog. */
export interface GeneratedModule {
  /** The module for prettier, each spec statement a one-line stand-in under `// prettier-ignore`. */
  readonly source: string
  /** Puts the spec statements in place of their stand-ins in the formatted module. */
  readonly withSpecs: (formatted: string) => string
  /** The `<Name>Output` declaration as json2ts wrote it (unformatted). */
  readonly outputTypeSource: string
}

const USES_JSON_VALUE = /\bJsonValue\b/
// The specs are data, laid out by toolsmith one node per line (see tsSpecLiteral) rather than re-wrapped by width:
// a YAML change then shows as a diff of the nodes it touched. They sit under `// prettier-ignore`, so prettier
// keeps them verbatim; it is even handed a one-line stand-in for each (the same text out as in), and the real
// statement goes in afterwards, so it need not parse the bulk of the module either.
const PRETTIER_IGNORE = '// prettier-ignore'

/**
 * The generator-owned module `<out>/generated/<name>.ts`: the fixed header, the declaration as `as const` specs
 * (`satisfies` the DSL types), the declaration const the stub spreads into `defineTool`, and the `<Name>Args` /
 * `<Name>Output` types from json2ts (equal to `InferArgs`/`InferValue` of the specs).
 */
export async function emitGeneratedModule(
  declaration: ToolDeclaration,
  ids: ToolIdentifiers,
  layout: LiteralLayout,
  pool?: WorkerPool,
): Promise<GeneratedModule> {
  const [argsType, outputType] = await Promise.all([
    compileType(parametersTypeSchema(declaration.parameters, declaration.description), ids.argsType, pool),
    compileType(valueTypeSchema(declaration.output), ids.outputType, pool),
  ])
  const name = `\`${declaration.name}\``
  const typeImports = ['ParameterSchemaSpec', 'ValueSchemaSpec']
  if (USES_JSON_VALUE.test(argsType) || USES_JSON_VALUE.test(outputType)) typeImports.unshift('JsonValue')
  const limits: string[] = []
  if (declaration.timeoutMs !== undefined) limits.push(`timeoutMs: ${tsJsonLiteral(declaration.timeoutMs)},`)
  // Declared metadata, carried by defineTool to the definition as data (`concurrencySafe: true` also makes every
  // valid call parallel-safe there, so no classifier is emitted).
  if (declaration.concurrencySafe !== undefined) limits.push(`concurrencySafe: ${tsJsonLiteral(declaration.concurrencySafe)},`)
  if (declaration.presentation?.kind !== undefined) limits.push(`kind: ${tsStringLiteral(declaration.presentation.kind)},`)
  if (declaration.annotations !== undefined) limits.push(`annotations: ${tsJsonLiteral(declaration.annotations)},`)
  if (declaration.approval !== undefined) limits.push(`approval: ${tsStringLiteral(declaration.approval)},`)
  const end = layout.semi ? ';' : ''
  const specs = [
    [`export const ${ids.parameters} = 0`, `export const ${ids.parameters} = ${tsSpecLiteral(declaration.parameters, layout)} as const satisfies ParameterSchemaSpec${end}`],
    [`export const ${ids.outputSpec} = 0`, `export const ${ids.outputSpec} = ${tsSpecLiteral(declaration.output, layout)} as const satisfies ValueSchemaSpec${end}`],
  ] as const
  const source = [
    generatedHeader(declaration.sourceFile),
    `import type { ${typeImports.join(', ')} } from '@toolsmith/runtime'`,
    '',
    jsdocComment(`The parameters of ${name}, as declared in ${declaration.sourceFile}.`),
    PRETTIER_IGNORE,
    specs[0][0],
    '',
    jsdocComment(`The output value of ${name}, as declared in ${declaration.sourceFile}.`),
    PRETTIER_IGNORE,
    specs[1][0],
    '',
    jsdocComment(`${name} as declared: spread into its \`defineTool\` call, so the YAML stays the one source.`),
    `export const ${ids.declaration} = {`,
    `name: ${tsStringLiteral(declaration.name)},`,
    `description: ${tsStringLiteral(declaration.description)},`,
    `parameters: ${ids.parameters},`,
    ...limits,
    '} as const',
    '',
    argsType,
    '',
    outputType,
    '',
  ].join('\n')
  const withSpecs = (formatted: string): string => {
    // A project may format with CRLF line ends; the statement then follows them.
    const eol = formatted.includes('\r\n') ? '\r\n' : '\n'
    let text = formatted
    for (const [standIn, statement] of specs) {
      const at = text.indexOf(`\n${standIn}${eol}`)
      if (at === -1) throw new Error(`the formatted module lost the ${standIn} line`)
      text = `${text.slice(0, at + 1)}${statement.replaceAll('\n', eol)}${text.slice(at + 1 + standIn.length)}`
    }
    return text
  }
  return { source, withSpecs, outputTypeSource: outputType }
}
