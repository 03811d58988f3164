// toolsmith:stub grep
// This file is yours: `toolsmith generate` keeps every line of it and only updates the wiring (the import from
// ./generated/grep.js, the `...grepDeclaration` spread, `output.schema` and the `execute` annotations).
import { defineTypedTool, type ToolResultView } from '@toolsmith/runtime'
import { resultViewFrom } from './generated/_result-views.js'
import { grepDeclaration, grepOutputSpec, type GrepArgs, type GrepOutput } from './generated/grep.js'
import { currentWorkspace } from '../workspace/current-workspace.js'
import { grepFiles } from '../workspace/grep-files.js'

export default defineTypedTool<GrepArgs, GrepOutput>({
  ...grepDeclaration,
  output: {
    schema: grepOutputSpec,
    render: (_args, value) => [
      {
        type: 'text',
        text:
          value.files
            .flatMap((file) => file.matches.map((match) => `${file.path}:${match.line}: ${match.text}`))
            .join('\n') + (value.truncated ? `\n(stopped after ${value.total} matches)` : ''),
      },
    ],
    presentationMeta: (args, value) =>
      ({
        card: 'search',
        shape: 'matches',
        title: args.pattern,
        truncated: value.truncated,
        total: value.total,
        files: value.files.map((file) => ({
          path: file.path,
          matches: file.matches.map((match) => ({ line: match.line, text: match.text })),
        })),
      }) satisfies ToolResultView,
  },
  async execute(args: GrepArgs, { signal }): Promise<GrepOutput> {
    return grepFiles(await currentWorkspace(), args, signal)
  },
  presentCall: (args) => ({ card: 'generic', title: args.pattern, kind: 'search' }),
  presentResult: (_args, result) => (result.isError ? undefined : resultViewFrom(result.meta)),
})
