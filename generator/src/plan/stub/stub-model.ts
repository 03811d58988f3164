import { lineCommentText } from '../../model/plan.js'
import { jsonText, type ToolDeclaration } from '../../model/tool-declaration.js'
import { type Expression, identifier, type Program, property, statement, stringExpression, stringLiteral, typeReference } from '../../model/typescript-tree.js'
import { RESULT_VIEWS_SPECIFIER, type ToolPaths } from '../output-paths.js'
import type { ToolIdentifiers } from '../tool-identifiers.js'
import { cardPresenters } from './card-presenters.js'

/** What `stub.ts.hbs` is filled with, each value safe where the template puts it (checked names, JSON string literals,
 * comment text without line breaks). Every key is present, `''` when absent: the engine runs in strict mode. */
export interface StubTemplateModel {
  readonly name: string
  readonly generatedModule: string
  readonly generatedSpecifier: string
  readonly resultViewsSpecifier: string
  readonly declaration: string
  readonly outputSpec: string
  readonly argsType: string
  readonly outputType: string
  /** `, type ToolResultView` when `presentationMeta` builds a card, else `''`. */
  readonly runtimeImports: string
  readonly notImplementedMessage: string
  readonly presentCall: string
  readonly presentationMeta: string
  readonly presentResult: string
  readonly resultNote: string
}

/** The stub template's model for one tool. */
export function stubModel(declaration: ToolDeclaration, ids: ToolIdentifiers, paths: ToolPaths): StubTemplateModel {
  const presenters = cardPresenters(declaration)
  return {
    name: lineCommentText(declaration.name),
    generatedModule: lineCommentText(paths.generatedSpecifier),
    generatedSpecifier: jsonText(paths.generatedSpecifier),
    resultViewsSpecifier: jsonText(RESULT_VIEWS_SPECIFIER),
    declaration: ids.declaration,
    outputSpec: ids.outputSpec,
    argsType: ids.argsType,
    outputType: ids.outputType,
    runtimeImports: presenters.presentationMeta === undefined ? '' : ', type ToolResultView',
    notImplementedMessage: jsonText(notImplementedMessage(declaration, paths)),
    presentCall: presenters.presentCall ?? '',
    presentationMeta: presenters.presentationMeta ?? '',
    presentResult: presenters.presentResult ?? '',
    resultNote: lineCommentText(presenters.resultNote ?? ''),
  }
}

function notImplementedMessage(declaration: ToolDeclaration, paths: ToolPaths): string {
  return `${declaration.name} is not implemented yet: write its execute body in ${paths.stub}`
}

/** The stub `stub.ts.hbs` renders, as the subset's tree (stub-model.test.ts holds the two equal); `undefined` for a
 * presentation card, whose presenter code only the template places. */
export function shippedStubProgram(declaration: ToolDeclaration, ids: ToolIdentifiers, paths: ToolPaths): Program | undefined {
  if (declaration.presentation?.card !== undefined) return undefined
  const model = stubModel(declaration, ids, paths)
  // `(_args, value) => [{ type: 'text', text: JSON.stringify(value, null, 2) }]`
  const render: Expression = {
    kind: 'arrow',
    async: false,
    typeParameters: [],
    parameters: [{ name: '_args', type: undefined }, { name: 'value', type: undefined }],
    returnType: undefined,
    body: {
      kind: 'array',
      elements: [
        {
          kind: 'object',
          broken: false,
          trailingComments: [],
          members: [
            property('type', stringExpression('text')),
            property('text', {
              kind: 'call',
              isNew: false,
              callee: { kind: 'member', object: identifier('JSON'), property: 'stringify' },
              typeArgs: [],
              args: [identifier('value'), { kind: 'null' }, { kind: 'literal', literal: { kind: 'number', raw: '2', negative: false } }],
            }),
          ],
        },
      ],
    },
  }
  const execute = {
    kind: 'method',
    async: true,
    key: { kind: 'identifier', name: 'execute' },
    parameters: [{ name: '_args', type: typeReference(model.argsType) }],
    returnType: typeReference('Promise', [typeReference(model.outputType)]),
    body: [statement({ kind: 'throw', argument: { kind: 'call', isNew: true, callee: identifier('Error'), typeArgs: [], args: [{ kind: 'literal', literal: stringLiteral(notImplementedMessage(declaration, paths)) }] } })],
    comments: [],
    blankLineAfter: false,
  } as const
  const definition: Expression = {
    kind: 'object',
    broken: true,
    trailingComments: [],
    members: [
      { kind: 'spread', argument: model.declaration, comments: [], blankLineAfter: false },
      property('output', { kind: 'object', broken: true, trailingComments: [], members: [property('schema', identifier(model.outputSpec)), property('render', render)] }),
      execute,
    ],
  }
  const specifier = (name: string, typeOnly = false) => ({ name, typeOnly })
  return {
    statements: [
      statement(
        { kind: 'import', typeOnly: false, defaultName: undefined, specifiers: [specifier('defineTypedTool')], braces: true, source: stringLiteral('@toolsmith/runtime') },
        [
          `// toolsmith:stub ${model.name}`,
          '// This file is yours: `toolsmith generate` keeps every line of it and only updates the wiring (the import from',
          `// ${model.generatedModule}, the \`...${model.declaration}\` spread, \`output.schema\` and the \`execute\` annotations).`,
        ],
      ),
      statement(
        {
          kind: 'import',
          typeOnly: false,
          defaultName: undefined,
          specifiers: [specifier(model.declaration), specifier(model.outputSpec), specifier(model.argsType, true), specifier(model.outputType, true)],
          braces: true,
          source: stringLiteral(paths.generatedSpecifier),
        },
        [],
        true,
      ),
      statement({ kind: 'export-default', expression: { kind: 'call', isNew: false, callee: identifier('defineTypedTool'), typeArgs: [model.argsType, model.outputType], args: [definition] } }),
    ],
  }
}
