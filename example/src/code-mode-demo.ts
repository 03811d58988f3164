// The Code Mode part of `npm run demo`, a module of its own so test/example/code-mode-demo.test.ts runs the same program.
import { createCodeMode } from '@toolsmith/code-mode'
import type { ToolExecutionResult, ToolRuntime } from '@toolsmith/runtime'

/** One sub-dispatch of the program, as the durable `tool/code-dispatch` event reports it. */
export interface DemoDispatch {
  readonly subCallId: string
  readonly name: string
  readonly isError: boolean
  readonly text: string
}

/** The program the demo's `coder` agent runs: find the TODO, read the file, edit it, return what changed. */
export const CODE_MODE_PROGRAM = [
  "const found = await tools.grep({ pattern: 'TODO' })",
  'const file = found.files[0].path',
  'const before = await tools.read_file({ path: file })',
  "const edit = await tools.edit_file({ path: file, oldText: 'TODO: say hello.', newText: 'Hello from Code Mode.' })",
  "console.log('edited', edit.path, 'lines before:', before.lines.length)",
  'return { file, replacements: edit.replacements, after: edit.after }',
].join('\n')

/**
 * Code Mode: an agent whose tools are presented as code calls them from one program in a QuickJS sandbox (run_code);
 * every sub-dispatch still runs through the same pipeline, and each is reported to `onDispatch` as it ends.
 */
export async function runCodeModeDemo(runtime: ToolRuntime, onDispatch: (dispatch: DemoDispatch) => void): Promise<ToolExecutionResult> {
  const coder = { id: 'coder' }
  runtime.forAgent(coder).presentAs('code')
  runtime.register(createCodeMode(runtime))
  runtime.on('tool/code-dispatch', (event) => {
    const text = event.content.map((block) => (block.type === 'text' ? block.text : '[image]')).join(' ')
    onDispatch({ subCallId: event.subCallId, name: event.name, isError: event.isError, text })
  })
  return runtime.execute({ callId: 'code-1', name: 'run_code', arguments: { code: CODE_MODE_PROGRAM }, agent: coder, signal: AbortSignal.timeout(30_000) })
}
