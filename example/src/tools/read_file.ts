// toolsmith:stub read_file
// This file is yours: `toolsmith generate` keeps every line of it and only updates the wiring (the import from
// ./generated/read_file.js, the `...readFileDeclaration` spread, `output.schema` and the `execute` annotations).
import { defineTypedTool, type ToolResultView } from '@toolsmith/runtime'
import { resultViewFrom } from './generated/_result-views.js'
import {
  readFileDeclaration,
  readFileOutputSpec,
  type ReadFileArgs,
  type ReadFileOutput,
} from './generated/read_file.js'
import { currentWorkspace } from '../workspace/current-workspace.js'
import { readWindow } from '../workspace/read-window.js'

export default defineTypedTool<ReadFileArgs, ReadFileOutput>({
  ...readFileDeclaration,
  output: {
    schema: readFileOutputSpec,
    render: (_args, value) => [
      {
        type: 'text',
        text:
          value.lines.map((line) => `${String(line.number).padStart(6)}\t${line.text}`).join('\n') +
          (value.truncated ? `\n… ${value.totalLines - value.offset - value.lines.length + 1} more lines` : ''),
      },
    ],
    presentationMeta: (args, value) =>
      ({
        card: 'read',
        title: args.path,
        path: value.path,
        offset: value.offset,
        lines: value.lines.map((line) => ({ number: line.number, text: line.text })),
        totalLines: value.totalLines,
      }) satisfies ToolResultView,
  },
  async execute(args: ReadFileArgs, { signal }): Promise<ReadFileOutput> {
    return readWindow(await currentWorkspace(), args, signal)
  },
  presentCall: (args) => ({ card: 'generic', title: args.path, kind: 'read', locations: [{ path: args.path }] }),
  presentResult: (_args, result) => (result.isError ? undefined : resultViewFrom(result.meta)),
})
