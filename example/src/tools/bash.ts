// toolsmith:stub bash
// This file is yours: `toolsmith generate` keeps every line of it and only updates the wiring (the import from
// ./generated/bash.js, the `...bashDeclaration` spread, `output.schema` and the `execute` annotations).
import { defineTypedTool, type ToolResultView } from '@toolsmith/runtime'
import { resultViewFrom } from './generated/_result-views.js'
import { bashDeclaration, bashOutputSpec, type BashArgs, type BashOutput } from './generated/bash.js'
import { currentWorkspace } from '../workspace/current-workspace.js'
import { runCommand } from '../workspace/run-command.js'

export default defineTypedTool<BashArgs, BashOutput>({
  ...bashDeclaration,
  output: {
    schema: bashOutputSpec,
    render: (_args, value) => [
      {
        type: 'text',
        text: `${value.output}${value.truncated ? '\n(output truncated)' : ''}\n[exit ${value.exitCode ?? value.signal}]`,
      },
    ],
    presentationMeta: (args, value) =>
      ({
        card: 'terminal',
        title: args.command,
        output: value.output,
        ...(typeof value.exitCode === 'number' ? { exitCode: value.exitCode } : {}),
        ...(typeof value.signal === 'string' ? { signal: value.signal } : {}),
      }) satisfies ToolResultView,
  },
  async execute(args: BashArgs, { signal }): Promise<BashOutput> {
    return runCommand(await currentWorkspace(), args, signal)
  },
  presentCall: (args) => ({
    card: 'terminal',
    title: args.command,
    ...(typeof args.cwd === 'string' ? { cwd: args.cwd } : {}),
  }),
  presentResult: (_args, result) => (result.isError ? undefined : resultViewFrom(result.meta)),
})
