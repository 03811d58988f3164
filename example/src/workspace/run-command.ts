import { spawn } from 'node:child_process'
import type { Workspace } from './workspace.js'

/** A finished command: exit status and interleaved output. */
export interface CommandOutcome {
  exitCode: number | null
  signal: string | null
  output: string
  truncated: boolean
}

/** How long output pipes may stay open after a killed command's shell exited. */
const GRACE_MS = 500

// Environment variables a command run for the model does not get: their names say they hold credentials.
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH)/i

/** The host environment without credentials (the model reads whatever the command prints). */
function modelSafeEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !SECRET_NAME.test(name)))
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
    const child = spawn('bash', ['-c', request.command], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: modelSafeEnvironment() })
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
    let settled = false
    let grace: ReturnType<typeof setTimeout> | undefined
    const finish = (exitCode: number | null, exitSignal: string | null): void => {
      if (settled) return
      settled = true
      clearTimeout(grace)
      signal.removeEventListener('abort', kill)
      resolve({ exitCode, signal: exitSignal, output: Buffer.concat(chunks).toString('utf8'), truncated })
    }
    const kill = (): void => {
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
      // A process that left the group (setsid) can keep the output pipes open after bash is gone: once bash has
      // exited (perhaps long before the abort), give the pipes a moment, then stop reading them and settle.
      const afterExit = (exitCode: number | null, exitSignal: string | null): void => {
        grace = setTimeout(() => {
          child.stdout.destroy()
          child.stderr.destroy()
          finish(exitCode, exitSignal)
        }, GRACE_MS)
      }
      if (exited !== undefined) afterExit(exited.code, exited.signal)
      else child.once('exit', afterExit)
    }
    let exited: { code: number | null; signal: string | null } | undefined
    child.once('exit', (code, exitSignal) => {
      exited = { code, signal: exitSignal }
    })
    signal.addEventListener('abort', kill, { once: true })
    child.on('error', (error) => {
      signal.removeEventListener('abort', kill)
      reject(error)
    })
    child.on('close', (exitCode, exitSignal) => finish(exitCode, exitSignal))
  })
}
