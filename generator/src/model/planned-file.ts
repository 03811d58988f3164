/** Who owns a planned file: the generator rewrites its own files; author stubs are created once, then merged. */
export type FileOwner = 'generator' | 'author'

/** One output file planned in memory, before it is compared with disk or written. */
export interface PlannedFile {
  /** Path relative to the working directory, with `/` separators. */
  readonly path: string
  /** The complete, formatted content. */
  readonly content: string
  readonly owner: FileOwner
}
