import type { ObjectExpression, ObjectMember, OpaqueExpression, Program } from '../../model/typescript-tree.js'
import { stringLiteralRaw } from './literals.js'
import { printPropertyKey, unquotable } from './print-ts-types.js'
import type { TsLayoutContext } from './ts-layout-context.js'

/** An object member whose value the printers do not mirror (an arrow function). */
export type OpaqueMember = ObjectMember & { kind: 'property'; value: OpaqueExpression }

/** Formats a probe source with prettier, with the options of the file being laid out. */
export type ProbeFormatter = (source: string) => Promise<string>

// The member that stands for "more members follow" in a probe.
const PROBE_END = 'toolsmith__probe_end: 0'

interface Probe {
  readonly member: OpaqueMember
  readonly source: string
  readonly prefix: string
  readonly suffix: string
  readonly indent: string
  readonly followed: boolean
}

/**
 * The lines prettier gives each opaque member, from a probe holding it alone in its place: in a broken object its
 * layout depends on its own text only (prettier's fits stops at the line break). `undefined` where that fails.
 */
export async function layOutOpaqueMembers(
  program: Program,
  context: TsLayoutContext,
  format: ProbeFormatter,
): Promise<Map<OpaqueMember, string[]> | undefined> {
  const probes = findProbes(program, context)
  if (probes === undefined) return undefined
  const layouts = new Map<OpaqueMember, string[]>()
  for (const probe of probes) {
    // A probe prettier cannot parse (the member is not valid code) leaves the whole file to prettier, which reports it.
    const formatted = await format(probe.source).catch(() => undefined)
    const lines = formatted === undefined ? undefined : memberLines(probe, formatted, context)
    if (lines === undefined) return undefined
    layouts.set(probe.member, lines)
  }
  return layouts
}

function findProbes(program: Program, context: TsLayoutContext): Probe[] | undefined {
  const probes: Probe[] = []
  const { semi } = context.options
  for (const statement of program.statements) {
    let object: ObjectExpression | undefined
    let open: string
    let close: string
    if (statement.kind === 'const') {
      const init = statement.init.kind === 'as-const' ? statement.init.expression : statement.init
      if (init.kind !== 'object') continue
      object = init
      open = `${statement.exported ? 'export ' : ''}const ${statement.name} = `
      close = `${statement.init.kind === 'as-const' ? ' as const' : ''}${semi ? ';' : ''}`
    } else if (statement.kind === 'export-default' && statement.expression.kind === 'call' && statement.expression.args.length === 1) {
      const arg = statement.expression.args[0]
      if (arg?.kind !== 'object') continue
      object = arg
      if (statement.expression.callee.kind !== 'identifier') continue
      // The probe hugs the object to the call's parentheses; a head too wide for that breaks the arguments out.
      const typeArgs = statement.expression.typeArgs.length === 0 ? '' : `<${statement.expression.typeArgs.join(', ')}>`
      if (`export default ${statement.expression.callee.name}${typeArgs}({`.length > context.options.printWidth) return undefined
      open = `export default ${statement.expression.callee.name}(`
      close = `)${semi ? ';' : ''}`
    } else {
      continue
    }
    if (!collect(object, [], { open, close }, probes, context, true)) return undefined
  }
  return probes
}

interface Level {
  readonly key: string
  readonly printedKey: string
}

function collect(
  object: ObjectExpression,
  path: readonly Level[],
  head: { open: string; close: string },
  probes: Probe[],
  context: TsLayoutContext,
  outerBroken: boolean,
): boolean {
  const { members } = object
  const broken = outerBroken && object.broken
  for (const [index, member] of members.entries()) {
    if (member.kind !== 'property') continue
    const { value } = member
    const key = member.key.kind === 'identifier' ? member.key.name : stringLiteralRaw(member.key)
    if (value.kind === 'object') {
      const level = { key, printedKey: printPropertyKey(member.key, [member.key], context) }
      if (!collect(value, [...path, level], head, probes, context, broken)) return false
      continue
    }
    if (value.kind !== 'opaque') continue
    // Only in a broken object (and broken ancestors) is a member laid out on lines of its own.
    if (!broken || context.options.objectWrap !== 'preserve' || (context.options.quoteProps === 'consistent' && quotedSibling(members, context))) return false
    probes.push(probe(member as OpaqueMember, path, head, index < members.length - 1, context))
  }
  return true
}

function probe(member: OpaqueMember, path: readonly Level[], head: { open: string; close: string }, followed: boolean, context: TsLayoutContext): Probe {
  const { options } = context
  const unit = options.useTabs ? '\t' : ' '.repeat(options.tabWidth)
  const comma = options.trailingComma === 'none' ? '' : ','
  let body = `{\n${member.value.memberText},\n${followed ? `${PROBE_END},\n` : ''}}`
  for (const level of [...path].reverse()) body = `{\n${level.key}: ${body},\n}`
  const prefix = [`${head.open}{`, ...path.map((level, index) => `${unit.repeat(index + 1)}${level.printedKey}: {`)].join('\n')
  const depth = path.length + 1
  const closing = path.map((_level, index) => `${unit.repeat(index + 1)}}${comma}`).reverse()
  const suffix = [...(followed ? [`${unit.repeat(depth)}${PROBE_END}${comma}`] : []), ...closing, `}${head.close}`].join('\n')
  return { member, source: `${head.open}${body}${head.close}\n`, prefix, suffix, indent: unit.repeat(depth), followed }
}

function memberLines(probe: Probe, formatted: string, context: TsLayoutContext): string[] | undefined {
  const { prefix, suffix } = probe
  if (!formatted.startsWith(`${prefix}\n`) || !formatted.endsWith(`\n${suffix}\n`)) return undefined
  let member = formatted.slice(prefix.length + 1, formatted.length - suffix.length - 2)
  // The separator after the member is printed by the object around it.
  const separator = probe.followed || context.options.trailingComma !== 'none' ? ',' : ''
  if (!member.endsWith(separator)) return undefined
  member = member.slice(0, member.length - separator.length)
  const lines = member.split('\n')
  const stripped: string[] = []
  for (const line of lines) {
    if (line === '' && stripped.length > 0) stripped.push('')
    else if (line.startsWith(probe.indent)) stripped.push(line.slice(probe.indent.length))
    else return undefined
  }
  return stripped
}

// Under `quoteProps: consistent` a sibling can force quotes, which the probe (without siblings) would not show.
function quotedSibling(members: readonly ObjectMember[], context: TsLayoutContext): boolean {
  return members.some((member) => (member.kind === 'property' || member.kind === 'method') && member.key.kind === 'string' && !unquotable(member.key, context))
}
