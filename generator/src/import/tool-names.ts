import { pascalCaseName, RESERVED_TOOL_NAMES, TOOL_NAME_PATTERN } from '../model/tool-declaration.js'

/** The name an imported tool gets, and why it differs from the source's (when it does). */
export interface AssignedName {
  readonly name: string
  /** Why the name changed; `undefined` when the source's name is kept. */
  readonly reason?: string
}

const MAX_NAME = 64

/** A valid YAML tool name for `source`, changed only as far as the name rules require. */
export function sanitizeToolName(source: string): string {
  let name = source.replace(/[^A-Za-z0-9_-]+/g, '_')
  if (!/^[A-Za-z]/.test(name)) name = `t_${name}`
  name = name.slice(0, MAX_NAME)
  if (RESERVED_TOOL_NAMES.has(name) || name.toLowerCase() === 'index') name = `${name}_tool`
  return name
}

/** Assigns names in input order: the sanitized name unless taken (in any case, or as a TS name), else `_<n>`. */
export class ToolNameAssigner {
  readonly #lower = new Map<string, string>()
  readonly #pascal = new Map<string, string>()
  /** Per sanitized name that clashed: the suffix counter its search for a free name stopped after. */
  readonly #nextSuffix = new Map<string, number>()

  /** `taken`: the names already declared in the target folder, with the file declaring each. */
  constructor(taken: ReadonlyMap<string, string>) {
    for (const [name, file] of taken) this.#claim(name, `is declared in ${file}`)
  }

  assign(source: string): AssignedName {
    const base = sanitizeToolName(source)
    const changed = base !== source
    let name = base
    let clash = this.#clash(name)
    const firstClash = clash
    // Names are never released, so a base's search resumes where its last clash stopped (the same result as from 2).
    let counter = clash === undefined ? 2 : (this.#nextSuffix.get(base) ?? 2)
    for (; clash !== undefined; counter++) {
      const suffix = `_${counter}`
      name = `${base.slice(0, MAX_NAME - suffix.length)}${suffix}`
      clash = this.#clash(name)
    }
    if (firstClash !== undefined) this.#nextSuffix.set(base, counter)
    this.#claim(name, `was taken by the import of ${JSON.stringify(source)}`)
    if (!TOOL_NAME_PATTERN.test(name)) throw new Error(`internal: sanitized tool name ${JSON.stringify(name)} is invalid`)
    const reasons = [
      ...(changed ? [`${JSON.stringify(source)} is not a valid tool name (^[A-Za-z][A-Za-z0-9_-]{0,63}$, not run_code or index)`] : []),
      ...(firstClash === undefined ? [] : [`${JSON.stringify(base)} ${firstClash}`]),
    ]
    return reasons.length === 0 ? { name } : { name, reason: reasons.join('; ') }
  }

  #clash(name: string): string | undefined {
    const lower = this.#lower.get(name.toLowerCase())
    if (lower !== undefined) return lower
    const pascal = this.#pascal.get(this.#pascalOf(name))
    return pascal === undefined ? undefined : `${pascal} (the same TypeScript name)`
  }

  #claim(name: string, why: string): void {
    if (!this.#lower.has(name.toLowerCase())) this.#lower.set(name.toLowerCase(), why)
    const pascal = this.#pascalOf(name)
    if (!this.#pascal.has(pascal)) this.#pascal.set(pascal, why)
  }

  // A name is looked up (#clash) and then claimed: converting the last one once is enough.
  #lastName = ''
  #lastPascal = ''
  #pascalOf(name: string): string {
    if (name !== this.#lastName) {
      this.#lastName = name
      this.#lastPascal = pascalCaseName(name)
    }
    return this.#lastPascal
  }
}
