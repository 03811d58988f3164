const BACKTICK_RUN = /`+/g

/** A backtick fence longer than any backtick run in `code` (at least three), so the block cannot end early. */
export function markdownFence(code: string): string {
  let longest = 0
  for (const run of code.match(BACKTICK_RUN) ?? []) longest = Math.max(longest, run.length)
  return '`'.repeat(Math.max(3, longest + 1))
}
