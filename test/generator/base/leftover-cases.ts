import { spawnSync } from 'node:child_process'
import { LEFTOVER_AGE_MS, processHost } from '../../../generator/src/base/project-files.js'

/**
 * What tells a leftover temporary from a live one: the id of a process that ended (free, as the reaping asks the
 * system) and of one alive, this host part and another, and times just past and just short of the age rule.
 */
export function leftoverCases(): { ended: string; alive: number; host: string; other: string; old: Date; fresh: Date } {
  const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout
  const host = processHost()
  return {
    ended,
    alive: process.ppid,
    host,
    other: host === 'ffffffff' ? 'eeeeeeee' : 'ffffffff',
    old: new Date(Date.now() - LEFTOVER_AGE_MS - 60_000),
    fresh: new Date(Date.now() - LEFTOVER_AGE_MS + 60_000),
  }
}
