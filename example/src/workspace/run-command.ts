import { spawn } from 'node:child_process'
import type { Workspace } from './workspace.js'

/** A finished command: exit status and interleaved output. */
export interface CommandOutcome {
  exitCode: number | null
  signal: string | null
  output: string
  truncated: boolean
}

/** Output kept per command; the rest is dropped and reported as truncated. */
const MAX_OUTPUT_BYTES = 64 * 1024

/** Runs `command` with `bash -c` in the workspace; aborting the signal kills the process group and still waits for exit. */
export async function runCommand(
  workspace: Workspace,
  request: { command: string; cwd?: string },
  signal: AbortSignal,
): Promise<CommandOutcome> {
  const cwd = await workspace.resolve(request.cwd ?? '.')
  signal.throwIfAborted()
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', request.command], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    const chunks: Buffer[] = []
    let size = 0
    let truncated = false
    const collect = (chunk: Buffer): void => {
      if (size >= MAX_OUTPUT_BYTES) {
        truncated = true
        return
      }
      const kept = chunk.subarray(0, MAX_OUTPUT_BYTES - size)
      if (kept.length < chunk.length) truncated = true
      chunks.push(kept)
      size += kept.length
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    const kill = (): void => {
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
    }
    signal.addEventListener('abort', kill, { once: true })
    child.on('error', (error) => {
      signal.removeEventListener('abort', kill)
      reject(error)
    })
    child.on('close', (exitCode, exitSignal) => {
      signal.removeEventListener('abort', kill)
      resolve({ exitCode, signal: exitSignal, output: Buffer.concat(chunks).toString('utf8'), truncated })
    })
  })
}
