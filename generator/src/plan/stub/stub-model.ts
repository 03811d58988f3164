import { lineCommentText, tsStringLiteral } from '../../print/ts-literals.js'
import type { ToolDeclaration } from '../../model/tool-declaration.js'
import { RESULT_VIEWS_SPECIFIER, type ToolPaths } from '../output-paths.js'
import type { ToolIdentifiers } from '../tool-identifiers.js'
import { cardPresenters } from './card-presenters.js'

/**
 * What `stub.ts.hbs` is filled with. Every value is already safe where the template puts it: identifiers are
 * derived from a checked tool name, `*Specifier` and `notImplementedMessage` are string literals, comment values
 * have no line breaks, presenter code is built from fixed pieces. Every key is always present (the engine runs
 * in strict mode); an absent piece is `''`.
 */
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
    generatedSpecifier: tsStringLiteral(paths.generatedSpecifier),
    resultViewsSpecifier: tsStringLiteral(RESULT_VIEWS_SPECIFIER),
    declaration: ids.declaration,
    outputSpec: ids.outputSpec,
    argsType: ids.argsType,
    outputType: ids.outputType,
    runtimeImports: presenters.presentationMeta === undefined ? '' : ', type ToolResultView',
    notImplementedMessage: tsStringLiteral(`${declaration.name} is not implemented yet: write its execute body in ${paths.stub}`),
    presentCall: presenters.presentCall ?? '',
    presentationMeta: presenters.presentationMeta ?? '',
    presentResult: presenters.presentResult ?? '',
    resultNote: lineCommentText(presenters.resultNote ?? ''),
  }
}
