import { jsdocComment } from '../format/jsdoc-comment.js'
import { tsJsonLiteral } from '../format/ts-json-literal.js'
import { type LiteralLayout, tsSpecLiteral } from '../format/ts-spec-literal.js'
import { tsStringLiteral } from '../format/ts-string-literal.js'
import type { WorkerPool } from '../format/worker-pool.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { generatedHeader } from './generated-header.js'
import type { ToolIdentifiers } from './tool-identifiers.js'
import { compileType } from './types/compile-type.js'
import { parametersTypeSchema, valueTypeSchema } from './types/type-schema.js'

/** The generated module of one tool, unformatted, plus its type declarations for the catalog. */
export interface GeneratedModule {
  readonly source: string
  /** The `<Name>Output` declaration as json2ts wrote it (unformatted). */
  readonly outputTypeSource: string
}

const USES_JSON_VALUE = /\bJsonValue\b/
// The specs are data, laid out by toolsmith one node per line (see tsSpecLiteral) rather than re-wrapped by width:
// a YAML change then shows as a diff of the nodes it touched, and prettier skips the bulk of the module.
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
  if (declaration.concurrencySafe === true) {
    limits.push('/** Declared `concurrencySafe: true`: every valid call may run in parallel. */')
    limits.push('isConcurrencySafe: (): boolean => true,')
  }
  const source = [
    generatedHeader(declaration.sourceFile),
    `import type { ${typeImports.join(', ')} } from '@toolsmith/runtime'`,
    '',
    jsdocComment(`The parameters of ${name}, as declared in ${declaration.sourceFile}.`),
    PRETTIER_IGNORE,
    `export const ${ids.parameters} = ${tsSpecLiteral(declaration.parameters, layout)} as const satisfies ParameterSchemaSpec${layout.semi ? ';' : ''}`,
    '',
    jsdocComment(`The output value of ${name}, as declared in ${declaration.sourceFile}.`),
    PRETTIER_IGNORE,
    `export const ${ids.outputSpec} = ${tsSpecLiteral(declaration.output, layout)} as const satisfies ValueSchemaSpec${layout.semi ? ';' : ''}`,
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
  return { source, outputTypeSource: outputType }
}
