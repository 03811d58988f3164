// toolsmith:stub web_fetch
// This file is yours: `toolsmith generate` keeps every line of it and only updates the wiring (the import from
// ./generated/web_fetch.js, the `...webFetchDeclaration` spread, `output.schema` and the `execute` annotations).
import { defineTypedTool, type ToolResultView } from '@toolsmith/runtime'
import { resultViewFrom } from './generated/_result-views.js'
import {
  webFetchDeclaration,
  webFetchOutputSpec,
  type WebFetchArgs,
  type WebFetchOutput,
} from './generated/web_fetch.js'
import { fetchText } from '../workspace/fetch-text.js'

export default defineTypedTool<WebFetchArgs, WebFetchOutput>({
  ...webFetchDeclaration,
  output: {
    schema: webFetchOutputSpec,
    render: (_args, value) => [
      {
        type: 'text',
        text: `${value.statusCode} ${value.url} (${value.contentType})\n\n${value.body}${value.truncated ? '\n(body truncated)' : ''}`,
      },
    ],
    presentationMeta: (args, value) =>
      ({
        card: 'web',
        kind: 'fetch',
        title: args.url,
        url: value.url,
        statusCode: value.statusCode,
        truncated: value.truncated,
      }) satisfies ToolResultView,
  },
  async execute(args: WebFetchArgs, { signal }): Promise<WebFetchOutput> {
    return fetchText(args, signal)
  },
  presentCall: (args) => ({ card: 'generic', title: args.url, kind: 'fetch' }),
  presentResult: (_args, result) => (result.isError ? undefined : resultViewFrom(result.meta)),
})
