// `npm run demo`: the example tools, generated from schemas/ and filled in by hand, run through the
// runtime on a throw-away workspace, with the cards a UI would draw for each call.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createToolRuntime, type ToolExecutionResult } from '@toolsmith/runtime'
import { CODE_MODE_PROGRAM, runCodeModeDemo } from './code-mode-demo.js'
import { tools } from './tools/index.js'
import { useWorkspace } from './workspace/current-workspace.js'

const root = await mkdtemp(path.join(tmpdir(), 'toolsmith-demo-'))
const server = createServer((_request, response) => {
  response.setHeader('content-type', 'text/plain; charset=utf-8')
  response.end('Hello from a local HTTP server.\n')
})
try {
  await mkdir(path.join(root, 'src'), { recursive: true })
  await writeFile(path.join(root, 'src/greet.ts'), 'export function greet(name: string) {\n  return `Hello, ${name}!`\n}\n')
  await writeFile(path.join(root, 'README.md'), '# demo\n\nTODO: say hello.\n')
  await useWorkspace(root)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const runtime = createToolRuntime()
  for (const tool of tools) runtime.register(tool)
  console.log(`workspace ${root}`)
  console.log(`model-facing tools: ${runtime.schemas().map((schema) => schema.name).join(', ')}\n`)

  const calls: [string, unknown][] = [
    ['read_file', { path: 'src/greet.ts' }],
    ['edit_file', { path: 'src/greet.ts', oldText: 'Hello', newText: 'Hi' }],
    ['grep', { pattern: 'Hi|TODO' }],
    ['glob', { pattern: '**/*.ts' }],
    ['bash', { command: 'ls src; exit 3' }],
    ['web_fetch', { url: `http://127.0.0.1:${port}/hello` }],
    ['read_file', { path: '../outside.txt' }],
    ['grep', { pattern: 42 }],
    ['delete_everything', {}],
  ]
  for (const [index, [name, args]] of calls.entries()) {
    console.log(`▶ ${name} ${JSON.stringify(args)}`)
    const definition = runtime.get(name)
    const pending = definition?.presentCall?.(args)
    if (pending !== undefined) console.log(`  pending card: ${JSON.stringify(pending)}`)
    const result = await runtime.execute({ callId: `call-${index}`, name, arguments: args, signal: AbortSignal.timeout(10_000) })
    console.log(indent(contentText(result)))
    const done = definition?.presentResult?.(args, result)
    if (done !== undefined) console.log(`  result card: ${clip(JSON.stringify(done), 160)}`)
    console.log()
  }

  // Code Mode (example/src/code-mode-demo.ts): the coder agent's tools are code; one program calls three of them.
  console.log(`▶ run_code (agent coder)\n${indent(CODE_MODE_PROGRAM)}`)
  const run = await runCodeModeDemo(runtime, (dispatch) => {
    console.log(`  ↳ ${dispatch.subCallId} ${dispatch.name} ${dispatch.isError ? 'failed' : 'ok'}: ${clip(dispatch.text.replaceAll('\n', ' '), 90)}`)
  })
  console.log(indent(contentText(run)))
  console.log()
} finally {
  server.close()
  await rm(root, { recursive: true, force: true })
}

function contentText(result: ToolExecutionResult): string {
  const text = result.content.map((block) => (block.type === 'text' ? block.text : `[${block.mimeType} image]`)).join('\n')
  return result.isError ? `error ${result.error.info?.code ?? ''}: ${text}` : text
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  │ ${line}`)
    .join('\n')
}

function clip(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`
}
