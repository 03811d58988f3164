// toolsmith:stub glob
// This file is yours: `toolsmith generate` keeps every line of it and only updates the wiring (the import from
// ./generated/glob.js, the `...globDeclaration` spread, `output.schema` and the `execute` annotations).
import { defineTypedTool, type ToolResultView } from '@toolsmith/runtime'
import { resultViewFrom } from './generated/_result-views.js'
import { globDeclaration, globOutputSpec, type GlobArgs, type GlobOutput } from './generated/glob.js'
import { currentWorkspace } from '../workspace/current-workspace.js'
import { globFiles } from '../workspace/glob-files.js'

export default defineTypedTool<GlobArgs, GlobOutput>({
  ...globDeclaration,
  output: {
    schema: globOutputSpec,
    render: (_args, value) => [
      {
        type: 'text',
        text: value.paths.join('\n') + (value.truncated ? `\n(${value.total - value.paths.length} more)` : ''),
      },
    ],
    presentationMeta: (args, value) =>
      ({
        card: 'search',
        shape: 'paths',
        title: args.pattern,
        truncated: value.truncated,
        total: value.total,
        paths: value.paths,
      }) satisfies ToolResultView,
  },
  async execute(args: GlobArgs, { signal }): Promise<GlobOutput> {
    return globFiles(await currentWorkspace(), args, signal)
  },
  presentCall: (args) => ({ card: 'generic', title: args.pattern, kind: 'search' }),
  presentResult: (_args, result) => (result.isError ? undefined : resultViewFrom(result.meta)),
})
