import { assignOwn } from '../../json/hostile-prototypes.js'
import { appendPointer } from '../../json/json-value.js'
import type { JsonSchemaNode, SchemaIssue } from './json-schema-node.js'
import { interpretValidate } from './interpret-json-schema.js'
import { type PreparedNode, prepareTrustedNode } from './prepared-schema.js'

// A `default`, each example, a `const` and each `enum` member must fit its own node (type and bounds). JSON Schema
// leaves them unchecked, but a model reads them as advice: the DSL and registration check them, checkJsonSchema not.

/** Most mismatches reported per declared value: the first few say what is wrong. */
const ERRORS_PER_VALUE = 3

/** The value as short JSON text for a message (the schema is lossless JSON, so this cannot throw). */
function shown(value: unknown): string {
  const text = JSON.stringify(value)
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}

/** Checks declared values node by node on trusted nodes (translated, or asserted snapshots), each prepared once. */
export class DeclaredValuesChecker {
  readonly #prepared = new Map<JsonSchemaNode, PreparedNode>()

  /** Adds an issue per declared value `node` rejects: `default`/`examples` against it, `const`/`enum` the rest. */
  checkNode(node: JsonSchemaNode, path: string, issues: SchemaIssue[]): void {
    const hasDefault = Object.hasOwn(node, 'default')
    const hasExamples = Object.hasOwn(node, 'examples')
    const hasConst = Object.hasOwn(node, 'const')
    const hasEnum = Object.hasOwn(node, 'enum')
    if (!hasDefault && !hasExamples && !hasConst && !hasEnum) return
    const check = (prepared: PreparedNode, value: unknown, at: string, what: string): void => {
      for (const error of interpretValidate(prepared, value).errors.slice(0, ERRORS_PER_VALUE)) {
        issues.push({ path: at + error.path, message: `${what} ${shown(value)} does not fit its node: ${error.message}` })
      }
    }
    if (hasDefault || hasExamples) {
      const whole = prepareTrustedNode(node, this.#prepared)
      if (hasDefault) check(whole, node.default, appendPointer(path, 'default'), 'the default')
      if (hasExamples) {
        const examples = node.examples
        const at = appendPointer(path, 'examples')
        if (Array.isArray(examples)) examples.forEach((example, i) => check(whole, example, appendPointer(at, i), 'the example'))
        else check(whole, examples, at, 'the example')
      }
    }
    if (!hasConst && !hasEnum) return
    const bare: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(node)) if (key !== 'const' && key !== 'enum') assignOwn(bare, key, value)
    // A fresh object: only it is prepared anew, its children come from the memo.
    const withoutValues = prepareTrustedNode(bare as JsonSchemaNode, this.#prepared)
    if (hasConst) check(withoutValues, node.const, appendPointer(path, 'const'), 'the const')
    node.enum?.forEach((member, i) => check(withoutValues, member, appendPointer(appendPointer(path, 'enum'), i), 'the enum value'))
  }
}

/** Every declared-value mismatch in an asserted, frozen raw schema (the registry's), at JSON Pointers into it. */
export function checkDeclaredValues(schema: JsonSchemaNode): SchemaIssue[] {
  const issues: SchemaIssue[] = []
  const checker = new DeclaredValuesChecker()
  const visit = (node: JsonSchemaNode, path: string): void => {
    checker.checkNode(node, path, issues)
    const properties = Object.hasOwn(node, 'properties') ? node.properties : undefined
    if (properties !== undefined) {
      for (const key of Object.keys(properties)) visit(properties[key] as JsonSchemaNode, appendPointer(appendPointer(path, 'properties'), key))
    }
    if (Object.hasOwn(node, 'items') && node.items !== undefined) visit(node.items, appendPointer(path, 'items'))
    const additional = Object.hasOwn(node, 'additionalProperties') ? node.additionalProperties : undefined
    if (typeof additional === 'object') visit(additional, appendPointer(path, 'additionalProperties'))
    if (Object.hasOwn(node, 'oneOf')) node.oneOf?.forEach((branch, i) => visit(branch, appendPointer(appendPointer(path, 'oneOf'), i)))
  }
  visit(schema, '')
  return issues
}
