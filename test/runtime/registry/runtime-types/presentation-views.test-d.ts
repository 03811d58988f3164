import type { FileDiff, FileLocation, ReadFileLine, ToolCallKind, ToolCallView, ToolResultView } from '@toolsmith/runtime'
import { describe, expectTypeOf, test } from 'vitest'

// "Tool presentation UI vocabulary": the pending cards (generic, terminal, diff) and the completed
// cards (generic, terminal, diff, search, read, web), discriminated by `card`.

describe('presentation vocabulary', () => {
  test('ToolCallView has the generic, terminal and diff cards', () => {
    expectTypeOf<ToolCallView['card']>().toEqualTypeOf<'generic' | 'terminal' | 'diff'>()
    const generic: ToolCallView = { card: 'generic', title: 'Read a.ts', kind: 'read', rawInput: { path: 'a.ts' }, locations: [{ path: 'a.ts', line: 3 }] }
    const terminal: ToolCallView = { card: 'terminal', title: 'npm test', description: 'Run the tests', cwd: '/repo' }
    const diff: ToolCallView = { card: 'diff', title: 'Create b.ts', diffs: [{ path: 'b.ts', oldText: null, newText: 'x' }] }
    expectTypeOf([generic, terminal, diff]).toEqualTypeOf<ToolCallView[]>()
    // @ts-expect-error a pending card always has a title
    const untitled: ToolCallView = { card: 'terminal' }
    // @ts-expect-error search has no call-time card
    const search: ToolCallView = { card: 'search', title: 'x' }
    void [untitled, search]
  })

  test('ToolResultView has the generic, terminal, diff, search, read and web cards', () => {
    expectTypeOf<ToolResultView['card']>().toEqualTypeOf<'generic' | 'terminal' | 'diff' | 'search' | 'read' | 'web'>()
    const views: ToolResultView[] = [
      { card: 'generic' },
      { card: 'terminal', output: 'ok', exitCode: 0 },
      { card: 'diff', diffs: [] },
      { card: 'search', shape: 'matches', truncated: false, total: 1, files: [{ path: 'a.ts', matches: [{ line: 1, text: 'x' }] }] },
      { card: 'search', shape: 'paths', truncated: true, total: 900, paths: ['a.ts'] },
      { card: 'read', path: 'a.ts', offset: 1, lines: [{ number: 1, text: 'x' }], totalLines: 1, lang: 'ts' },
      { card: 'web', kind: 'search', sources: [{ url: 'https://x' }], truncated: false },
      { card: 'web', kind: 'fetch', url: 'https://x', statusCode: 200, truncated: false },
    ]
    void views
    // @ts-expect-error a search card must say whether it was truncated
    const partial: ToolResultView = { card: 'search', shape: 'paths', total: 1, paths: [] }
    void partial
  })

  test('the shared file vocabulary', () => {
    expectTypeOf<ToolCallKind>().toEqualTypeOf<'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'fetch' | 'other'>()
    expectTypeOf<FileLocation>().toEqualTypeOf<{ readonly path: string; readonly line?: number }>()
    expectTypeOf<FileDiff>().toEqualTypeOf<{ readonly path: string; readonly oldText: string | null; readonly newText: string }>()
    expectTypeOf<ReadFileLine>().toEqualTypeOf<{ readonly number: number; readonly text: string }>()
  })
})
