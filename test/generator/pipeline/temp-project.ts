import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** A throwaway project folder for pipeline and CLI tests. */
export class TempProject {
  /** The folder holding the project (room for "outside" folders beside it). */
  readonly root = mkdtempSync(path.join(tmpdir(), 'toolsmith-project-'))
  /** The project folder (the cwd of a run). */
  readonly cwd = path.join(this.root, 'project')

  constructor() {
    mkdirSync(this.cwd)
  }

  /** Writes a file relative to the project, creating folders. */
  write(file: string, text: string): void {
    mkdirSync(path.dirname(path.join(this.cwd, file)), { recursive: true })
    writeFileSync(path.join(this.cwd, file), text)
  }

  /** Reads a file relative to the project; `undefined` when absent. */
  read(file: string): string | undefined {
    try {
      return readFileSync(path.join(this.cwd, file), 'utf8')
    } catch {
      return undefined
    }
  }

  /** Every file under the project (or `folder` within the root), relative, sorted, with its mtime (a link's own). */
  snapshot(folder = this.cwd): Map<string, number> {
    const out = new Map<string, number>()
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else out.set(path.relative(folder, full), lstatSync(full).mtimeMs) // a link as itself (it may lead nowhere)
      }
    }
    walk(folder)
    return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)))
  }

  /** A declaration file for `name`. */
  declare(name: string, extra = ''): void {
    this.write(`schemas/${name}.tool.yaml`, `name: ${name}\ndescription: The ${name} tool.\nparameters: {}\noutput: { type: string }\n${extra}`)
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true })
  }
}
