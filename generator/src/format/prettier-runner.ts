import * as prettier from 'prettier'
import type { WorkerPool } from './worker-pool.js'

/** Formats one source: in a worker of `pool` when there is one, in this thread when there is not (or it fails). */
export type PrettierRunner = (source: string, options: prettier.Options) => Promise<string>

/** A runner over `pool`, falling back to this thread. */
export function prettierRunner(pool: WorkerPool | undefined): PrettierRunner {
  if (pool === undefined) return (source, options) => prettier.format(source, options)
  return (source, options) =>
    pool.run({ kind: 'format', source, options }).catch(
      // A syntax error comes back as a message; formatting here again gives the caller prettier's own error (and
      // covers options a worker cannot receive).
      () => prettier.format(source, options),
    )
}
