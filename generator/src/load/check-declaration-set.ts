import type { Diagnostic } from '../model/diagnostic.js'
import { pascalCaseName } from '../model/tool-name.js'

/** One valid declaration's name and where it is written. */
export interface DeclaredName {
  readonly name: string
  readonly file: string
  readonly line: number
  readonly column: number
}

/**
 * Checks the names across files (given in file order): the same name twice, two names that give the
 * same TypeScript identifier (`read-file` and `read_file` both give `ReadFile`), and two names that
 * differ only in letter case (their stubs would clash on case-insensitive file systems). Each error
 * is placed at the later name and names the earlier file.
 */
export function checkDeclarationSet(names: readonly DeclaredName[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  const byName = new Map<string, DeclaredName>()
  const byIdentifier = new Map<string, DeclaredName>()
  const byFileName = new Map<string, DeclaredName>()
  for (const entry of names) {
    const at = (code: string, message: string): void => {
      diagnostics.push({ severity: 'error', code, message, file: entry.file, line: entry.line, column: entry.column })
    }
    const quoted = JSON.stringify(entry.name)
    const sameName = byName.get(entry.name)
    if (sameName !== undefined) {
      at('duplicate-name', `duplicate tool name ${quoted}: also declared in ${where(sameName)}`)
      continue
    }
    byName.set(entry.name, entry)
    const identifier = pascalCaseName(entry.name)
    const sameIdentifier = byIdentifier.get(identifier)
    if (sameIdentifier !== undefined) {
      at(
        'name-collision',
        `tool name ${quoted} and ${JSON.stringify(sameIdentifier.name)} (${where(sameIdentifier)}) both become the TypeScript name ${identifier}`,
      )
      continue
    }
    byIdentifier.set(identifier, entry)
    const fileName = entry.name.toLowerCase()
    const sameFileName = byFileName.get(fileName)
    if (sameFileName !== undefined) {
      at(
        'name-collision',
        `tool name ${quoted} and ${JSON.stringify(sameFileName.name)} (${where(sameFileName)}) differ only in letter case; their files would clash on case-insensitive file systems`,
      )
      continue
    }
    byFileName.set(fileName, entry)
  }
  return diagnostics
}

function where(entry: DeclaredName): string {
  return `${entry.file}:${entry.line}:${entry.column}`
}
