// toolsmith:stub edit_file
// This file is yours: `toolsmith generate` keeps every line of it and only updates the wiring (the import from
// ./generated/edit_file.js, the `...editFileDeclaration` spread, `output.schema` and the `execute` annotations).
import { defineTypedTool, type ToolResultView } from '@toolsmith/runtime'
import { resultViewFrom } from './generated/_result-views.js'
import {
  editFileDeclaration,
  editFileOutputSpec,
  type EditFileArgs,
  type EditFileOutput,
} from './generated/edit_file.js'
import { currentWorkspace } from '../workspace/current-workspace.js'
import { editTextFile } from '../workspace/edit-text-file.js'

export default defineTypedTool<EditFileArgs, EditFileOutput>({
  ...editFileDeclaration,
  output: {
    schema: editFileOutputSpec,
    render: (_args, value) => [
      {
        type: 'text',
        text: value.created ? `Created ${value.path}.` : `Edited ${value.path}: ${value.replacements} replacement(s).`,
      },
    ],
    presentationMeta: (args, value) =>
      ({
        card: 'diff',
        title: args.path,
        diffs: [{ path: value.path, oldText: value.before, newText: value.after }],
      }) satisfies ToolResultView,
  },
  async execute(args: EditFileArgs, { signal }): Promise<EditFileOutput> {
    return editTextFile(await currentWorkspace(), args)
  },
  presentCall: (args) => ({
    card: 'diff',
    title: args.path,
    diffs: [{ path: args.path, oldText: args.oldText ?? null, newText: args.newText }],
    locations: [{ path: args.path }],
  }),
  presentResult: (_args, result) => (result.isError ? undefined : resultViewFrom(result.meta)),
})
