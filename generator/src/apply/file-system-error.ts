import path from 'node:path'
import type { Diagnostic } from '../model/diagnostic.js'

/** An error the file system raised (it names the failing path), as opposed to a bug. */
export interface FileSystemError extends Error {
  readonly code: string
  readonly path?: string
  readonly syscall?: string
}

/** Whether `error` came from the file system (a Node errno error with a code). */
export function isFileSystemError(error: unknown): error is FileSystemError {
  const code: unknown = error instanceof Error ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && /^E[A-Z]+$/.test(code)
}

const ADVICE: Readonly<Record<string, string>> = {
  ELOOP: 'a symbolic link loop (or too many links) is on this path; fix or remove the link',
  EACCES: 'permission denied; make it readable and writable for this user (chmod/chown) or configure another path',
  EPERM: 'the operation is not permitted here; check the permissions and any file flags, or configure another path',
  ENAMETOOLONG: 'the path is too long for the file system; use a shorter path',
  EROFS: 'the file system is read-only; make it writable or configure another output path',
  ENOSPC: 'the disk is full; free some space and run again',
  EDQUOT: 'the disk quota is exhausted; free some space and run again',
  EIO: 'the disk reported an input/output error; check the file system',
  EMFILE: 'too many files are open; raise the limit (ulimit -n) and run again',
  ENFILE: 'too many files are open on the system; run again later',
  EBUSY: 'the file is busy; close whatever holds it and run again',
  ENOTDIR: 'a file is in the way of one of its folders; move it',
  EISDIR: 'a folder is in the way of this file; move it',
  ENXIO: 'this is not a regular file (a FIFO, socket or device); replace it with a file',
}

/** What a file-system error means for the user, in words, and what to do about it. */
export function fileSystemAdvice(error: FileSystemError): string {
  return ADVICE[error.code] ?? `the file system refused it (${error.code}); check the path and its permissions`
}

/**
 * A located diagnostic for a file-system error: the path it names, relative to the project when inside it (`fallback`
 * when it names none), with the error's code and what to do.
 */
export function fileSystemDiagnostic(cwd: string, error: FileSystemError, what: 'read' | 'write', fallback: string): Diagnostic {
  const named = error.path === undefined ? fallback : displayPath(cwd, error.path)
  return {
    severity: 'error',
    code: what === 'read' ? 'unreadable-file' : 'write-failed',
    message: `cannot ${what} ${JSON.stringify(named)} (${error.code}): ${fileSystemAdvice(error)}`,
    file: named,
    line: 1,
    column: 1,
  }
}

/** `absolute` relative to `cwd` with `/` separators when inside it, else as given. */
export function displayPath(cwd: string, absolute: string): string {
  const relative = path.relative(cwd, path.resolve(cwd, absolute))
  if (relative === '') return '.'
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative.split(path.sep).join('/')
}
