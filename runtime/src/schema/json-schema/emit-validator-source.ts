import { escapeJsonPointerToken } from '../../json/json-value.js'
import { collectJsonDeep, isJsonDeep, isJsonKind } from './deep-json-check.js'
import { interpretIs, interpretValidate } from './interpret-json-schema.js'
import type { JsonSchemaScalar } from './json-schema-node.js'
import type { PreparedNode } from './prepared-schema.js'
import { FORMAT_CHECKS } from './string-formats.js'
import { codePointLength, hasDuplicateItems, isMultipleOf, MAX_PATTERN_INPUT, type PreparedConstraints } from './value-constraints.js'
import {
  addError,
  boundMessage,
  constMismatchMessage,
  DUPLICATE_ITEMS_MESSAGE,
  finishValidation,
  formatMessage,
  notJsonMessage,
  patternMessage,
  enumMismatchMessage,
  MISSING_REQUIRED_MESSAGE,
  oneOfManyMessage,
  oneOfNoneMessage,
  typeMismatchMessage,
  UNEXPECTED_PROPERTY_MESSAGE,
} from './validation-messages.js'

/** The values the generated factory for `node` destructures from its single `env` parameter. */
export function validatorEnv(node: PreparedNode) {
  return {
    isArray: Array.isArray,
    getProto: Object.getPrototypeOf,
    PROBE: Symbol('toolsmith validator probe'),
    OP: Object.prototype,
    AP: Array.prototype,
    pie: Object.prototype.propertyIsEnumerable,
    isInteger: Number.isInteger,
    isJsonKind,
    isJsonDeep,
    collectJsonDeep,
    addError,
    finish: finishValidation,
    typeMsg: typeMismatchMessage,
    notJsonMsg: notJsonMessage,
    slowIs: (value: unknown) => interpretIs(node, value),
    slowValidate: (value: unknown) => interpretValidate(node, value),
    esc: escapeJsonPointerToken,
    cpLen: codePointLength,
    isMult: isMultipleOf,
    hasDup: hasDuplicateItems,
    formats: FORMAT_CHECKS,
    keys: Object.keys,
  }
}

// Declared keys beyond this count are matched through a hoisted Set instead of a chain of ===.
const KEY_CHAIN_LIMIT = 8
// Past this many containers and items in one call the code hands over to the interpreter, whose memo keeps a value
// sharing sub-arrays (a DAG) from being walked once per path, exponentially.
const VISIT_LIMIT = 1 << 20
// Enum members beyond this count are matched through a hoisted Set.
const ENUM_CHAIN_LIMIT = 6

/**
 * The body of a factory `(env) => ({ is, validate })` for one prepared schema: straight-line code, no allocation on a
 * valid `is`; `validate` mirrors the interpreter's reads and error order. Polluted prototypes and exotic objects (a
 * declared key not enumerable, an own `undefined`) go to the interpreter.
 */
export function emitValidatorSource(root: PreparedNode, envNames: readonly string[] = Object.keys(validatorEnv(root))): string {
  const emitter = new Emitter()
  const isBody = emitter.is(root, 'v', 0, 'return false', 'return slowIs(v)')
  const validateBody = emitter.validate(root, 'v', '""', 0)
  return [
    `"use strict";`,
    `const { ${envNames.join(', ')} } = env;`,
    ...emitter.hoisted,
    `function is(v) {`,
    `let W = 0;`,
    `try {`,
    // An enumerable key on either prototype would show up in for…in: the interpreter checks ownership instead.
    `for (const _ in AP) return slowIs(v);`,
    isBody,
    `return true;`,
    `} catch { return false; }`,
    `}`,
    `function validate(v) {`,
    `for (const _ in AP) return slowValidate(v);`,
    `let W = 0;`,
    `const E = [];`,
    `try {`,
    validateBody,
    `} catch (thrown) { return finish(E, thrown, true); }`,
    `return finish(E, undefined, false);`,
    `}`,
    `return { is, validate };`,
  ].join('\n')
}

/** Joins a path expression and a static suffix, folding literals. */
function pathPlus(path: string, suffix: string): string {
  // Only a single string literal folds: `"" + "/" + i3` (under an array index) also starts with a quote.
  const literal = asStringLiteral(path)
  if (literal !== undefined) return sourceLiteral(literal + suffix)
  return `${path} + ${sourceLiteral(suffix)}`
}

function asStringLiteral(source: string): string | undefined {
  if (!source.startsWith('"')) return undefined
  try {
    const parsed: unknown = JSON.parse(source)
    return typeof parsed === 'string' ? parsed : undefined
  } catch {
    return undefined
  }
}

class Emitter {
  readonly hoisted: string[] = []
  #counter = 0

  #name(prefix: string): string {
    return `${prefix}${this.#counter++}`
  }

  #hoistSet(values: readonly (string | JsonSchemaScalar)[]): string {
    const name = this.#name('S')
    this.hoisted.push(`const ${name} = new Set([${values.map((v) => sourceLiteral(v)).join(', ')}]);`)
    return name
  }

  /** `x` is one of `values` (strict equality: JSON scalars, 0 and -0 equal). */
  #memberTest(x: string, values: readonly JsonSchemaScalar[]): string {
    if (values.length > ENUM_CHAIN_LIMIT) return `${this.#hoistSet(values)}.has(${x})`
    return `(${values.map((v) => `${x} === ${sourceLiteral(v)}`).join(' || ')})`
  }

  /** Statements that run `fail` unless `x` (at container depth `depth`) matches `node`. */
  is(node: PreparedNode, x: string, depth: number, fail: string, bail: string): string {
    const out: string[] = []
    switch (node.type) {
      case 'string':
        out.push(`if (typeof ${x} !== "string") ${fail};`)
        break
      case 'number':
        out.push(`if (typeof ${x} !== "number" || ${x} - ${x} !== 0) ${fail};`)
        break
      case 'integer':
        // NaN % 1 and Infinity % 1 are NaN, so this also rejects non-finite numbers.
        out.push(`if (typeof ${x} !== "number" || ${x} % 1 !== 0) ${fail};`)
        break
      case 'boolean':
        out.push(`if (typeof ${x} !== "boolean") ${fail};`)
        break
      case 'null':
        out.push(`if (${x} !== null) ${fail};`)
        break
      case 'object':
        out.push(`if (typeof ${x} !== "object" || ${x} === null || isArray(${x})) ${fail};`)
        out.push(this.#isObject(node, x, depth, fail, bail))
        break
      case 'array':
        out.push(`if (!isArray(${x})) ${fail};`)
        out.push(this.#isArray(node, x, depth, fail, bail))
        break
      case undefined:
        out.push(this.#isUntyped(node, x, depth, fail, bail))
        break
    }
    if (node.constraints !== undefined) out.push(this.#scalarBoundsIs(node.constraints, node.type, x, fail))
    if (node.hasConst) out.push(`if (${x} !== ${sourceLiteral(node.constValue)}) ${fail};`)
    if (node.enumValues !== undefined) out.push(`if (!${this.#memberTest(x, node.enumValues)}) ${fail};`)
    if (node.oneOf !== undefined) {
      const count = this.#countOneOf(out, node.oneOf, x, depth, bail)
      out.push(`if (${count} !== 1) ${fail};`)
    }
    return out.join('\n')
  }

  /** Pushes statements counting the `oneOf` branches `x` matches, stopping at two; returns the count's name. */
  #countOneOf(out: string[], branches: readonly PreparedNode[], x: string, depth: number, bail: string): string {
    const count = this.#name('c')
    const all = this.#name('L')
    out.push(`let ${count} = 0;`, `${all}: {`)
    branches.forEach((branch, i) => {
      const label = this.#name('L')
      const after = i === 0 ? `${count}++;` : `if (++${count} > 1) break ${all};`
      out.push(`${label}: {`, this.is(branch, x, depth, `break ${label}`, bail), after, `}`)
    })
    out.push(`}`)
    return count
  }

  #isUntyped(node: PreparedNode, x: string, depth: number, fail: string, bail: string): string {
    const scalarGuard = node.hasConst || node.enumValues !== undefined
      ? '' // const/enum pin the value to a JSON scalar already
      : ` else if (${x} !== null && typeof ${x} !== "string" && typeof ${x} !== "boolean" && (typeof ${x} !== "number" || ${x} - ${x} !== 0)) ${fail};`
    if (!node.hasObjectKeywords && node.items === undefined && node.unconstrainedContainers && node.constraints === undefined) {
      return `if (!isJsonDeep(${x}, ${depth}, false)) ${fail};`
    }
    return [
      `if (typeof ${x} === "object" && ${x} !== null) {`,
      `if (isArray(${x})) {`,
      this.#isArray(node, x, depth, fail, bail),
      `} else {`,
      this.#isObject(node, x, depth, fail, bail),
      `}`,
      `}${scalarGuard}`,
    ].join('\n')
  }

  /** Checks on a value known to be a non-null, non-array object. */
  #isObject(node: PreparedNode, x: string, depth: number, fail: string, bail: string): string {
    // The prototype is checked before any property is read, so an exotic prototype's getter never runs. Reading PROBE
    // (a private symbol, absent on plain objects) first lets V8 fold the prototype check into a map check.
    const protoCheck = `${x}[PROBE];\n{ const p = getProto(${x}); if (p !== OP && p !== null) ${fail}; }`
    const counts = this.#countBounds(node.constraints, 'object', x, () => fail)
    if (!node.hasObjectKeywords) {
      return (node.unconstrainedContainers ? `if (!isJsonDeep(${x}, ${depth}, false)) ${fail};` : protoCheck) + counts
    }
    const out: string[] = []
    const k = this.#name('k')
    let extra = node.closed ? fail : `if (!isJsonDeep(${x}[${k}], ${depth + 1}, false)) ${fail}`
    if (node.additional !== undefined) {
      const y = this.#name('v')
      extra = `const ${y} = ${x}[${k}];\n${this.is(node.additional, y, depth + 1, fail, bail)}\n`
    }
    if (node.properties.length === 0) {
      out.push(protoCheck)
      out.push(node.closed ? `for (const ${k} in ${x}) ${fail};` : `for (const ${k} in ${x}) { ${extra}; }`)
      out.push(counts)
      return out.join('\n')
    }
    // One for…in pass sets a bit in `seen` (32 keys per word) per declared key present; each is then read by name only
    // if seen, so an inherited or non-enumerable property is never read. A seen key read as `undefined` leaves its
    // bit out of `read`, and the call goes to the interpreter, which judges an own `undefined`.
    const keys = node.properties.map(([key]) => key)
    const words = Math.ceil(keys.length / 32)
    const seen = Array.from({ length: words }, () => this.#name('n'))
    const read = Array.from({ length: words }, () => this.#name('m'))
    const word = (names: readonly string[], i: number): string => names[i >> 5] as string
    const bit = (i: number): number => 1 << (i & 31)
    out.push(protoCheck)
    out.push(`if (++W > ${VISIT_LIMIT}) ${bail};`)
    out.push(`let ${seen.map((name) => `${name} = 0`).join(', ')};`)
    if (keys.length <= KEY_CHAIN_LIMIT) {
      const chain = keys.map((key, i) => `if (${k} === ${sourceLiteral(key)}) ${word(seen, i)} |= ${bit(i)};`).join(' else ')
      out.push(`for (const ${k} in ${x}) { ${chain} else { ${extra}; } }`)
    } else {
      const index = this.#name('M')
      this.hoisted.push(`const ${index} = new Map([${keys.map((key, i) => `[${sourceLiteral(key)}, ${i}]`).join(', ')}]);`)
      const at = this.#name('j')
      const set =
        words === 1
          ? `${seen[0]} |= 1 << ${at};`
          : `switch (${at} >> 5) { ${seen.map((name, w) => `case ${w}: ${name} |= 1 << (${at} & 31); break;`).join(' ')} }`
      out.push(`for (const ${k} in ${x}) { const ${at} = ${index}.get(${k}); if (${at} !== undefined) { ${set} } else { ${extra}; } }`)
    }
    out.push(`let ${read.map((name) => `${name} = 0`).join(', ')};`)
    const required = new Set(node.required)
    node.properties.forEach(([key, child], i) => {
      const y = this.#name('v')
      const present = `(${word(seen, i)} & ${bit(i)}) !== 0`
      out.push(`const ${y} = ${present} ? ${x}[${sourceLiteral(key)}] : undefined;`)
      const missing = required.has(key) ? ` else ${fail};` : ''
      out.push(`if (${y} !== undefined) { ${word(read, i)} |= ${bit(i)};`, this.is(child, y, depth + 1, fail, bail), `}${missing}`)
    })
    // Every seen key was read as defined: otherwise an own `undefined` is involved.
    out.push(`if (${seen.map((name, w) => `${read[w]} !== ${name}`).join(' || ')}) ${bail};`)
    out.push(counts)
    return out.join('\n')
  }

  /** Checks on a value known to be an array (its prototype not yet checked). */
  #isArray(node: PreparedNode, x: string, depth: number, fail: string, bail: string): string {
    const counts = this.#countBounds(node.constraints, 'array', x, () => fail)
    const unique = node.constraints?.uniqueItems === true ? `if (isJsonDeep(${x}, ${depth}, false) && hasDup(${x})) ${fail};` : ''
    if (node.items === undefined) {
      const contents = node.unconstrainedContainers ? `if (!isJsonDeep(${x}, ${depth}, false)) ${fail};` : `if (getProto(${x}) !== AP) ${fail};`
      return [contents, counts, unique].join('\n')
    }
    const items = node.items
    const loop = this.#eachItem(x, [`if (getProto(${x}) !== AP) ${fail};`, counts], bail, (y) => this.is(items, y, depth + 1, fail, bail))
    return `${loop}\n${unique}`
  }

  /** A loop over the items of array `x` after the statements `before`, handing over to `bail` past the visit limit. */
  #eachItem(x: string, before: readonly string[], bail: string, body: (item: string, index: string) => string): string {
    const length = this.#name('l')
    const i = this.#name('i')
    const y = this.#name('v')
    return [
      `const ${length} = ${x}.length;`,
      ...before,
      `if ((W += ${length} + 1) > ${VISIT_LIMIT}) ${bail};`,
      `for (let ${i} = 0; ${i} < ${length}; ${i}++) {`,
      `const ${y} = ${x}[${i}];`,
      body(y, i),
      `}`,
    ].join('\n')
  }

  /** The number and string bounds as `[condition, message]` pairs per kind, in the interpreter's order. */
  #scalarBoundChecks(c: PreparedConstraints, x: string): [kind: 'number' | 'string', checks: [string, string][]][] {
    const numeric: [string, string][] = []
    if (c.minimum !== undefined) numeric.push([`${x} < ${c.minimum}`, boundMessage('minimum', c.minimum)])
    if (c.maximum !== undefined) numeric.push([`${x} > ${c.maximum}`, boundMessage('maximum', c.maximum)])
    if (c.exclusiveMinimum !== undefined) numeric.push([`${x} <= ${c.exclusiveMinimum}`, boundMessage('exclusiveMinimum', c.exclusiveMinimum)])
    if (c.exclusiveMaximum !== undefined) numeric.push([`${x} >= ${c.exclusiveMaximum}`, boundMessage('exclusiveMaximum', c.exclusiveMaximum)])
    if (c.multipleOf !== undefined) numeric.push([`!isMult(${x}, ${c.multipleOf})`, boundMessage('multipleOf', c.multipleOf)])
    const textual: [string, string][] = []
    // A string's code points number between its UTF-16 length and half of it: count them only when that decides.
    if (c.minLength !== undefined) {
      textual.push([`(${x}.length < ${c.minLength} || (${x}.length < ${2 * c.minLength} && cpLen(${x}) < ${c.minLength}))`, boundMessage('minLength', c.minLength)])
    }
    if (c.maxLength !== undefined) {
      textual.push([`(${x}.length > ${c.maxLength} && (${x}.length > ${2 * c.maxLength} || cpLen(${x}) > ${c.maxLength}))`, boundMessage('maxLength', c.maxLength)])
    }
    if (c.pattern !== undefined) {
      const regexp = this.#name('R')
      this.hoisted.push(`const ${regexp} = new RegExp(${sourceLiteral(c.pattern)}, "u");`)
      textual.push([`!(${x}.length <= ${MAX_PATTERN_INPUT} && ${regexp}.test(${x}))`, ''])
    }
    if (c.format !== undefined) {
      const check = this.#name('F')
      this.hoisted.push(`const ${check} = formats[${sourceLiteral(c.format)}];`)
      textual.push([`!${check}(${x})`, formatMessage(c.format)])
    }
    return [['number', numeric], ['string', textual]]
  }

  /** `is` statements for the number and string bounds of a node (guarded by the value's kind when untyped). */
  #scalarBoundsIs(c: PreparedConstraints, type: PreparedNode['type'], x: string, fail: string): string {
    const out: string[] = []
    for (const [kind, checks] of this.#scalarBoundChecks(c, x)) {
      if (checks.length === 0) continue
      const guard = type === undefined ? `typeof ${x} === "${kind}" && ` : ''
      out.push(`if (${guard}(${checks.map(([test]) => test).join(' || ')})) ${fail};`)
    }
    return out.join('\n')
  }

  /** Item or property count statements for a value known to be of that kind; `act` makes the failing statement. */
  #countBounds(c: PreparedConstraints | undefined, kind: 'array' | 'object', x: string, act: (message: string) => string): string {
    if (c === undefined) return ''
    const [size, min, max] = kind === 'array' ? ([`${x}.length`, 'minItems', 'maxItems'] as const) : ([`keys(${x}).length`, 'minProperties', 'maxProperties'] as const)
    const low = c[min]
    const high = c[max]
    const out: string[] = []
    if (low !== undefined) out.push(`if (${size} < ${low}) ${act(boundMessage(min, low))};`)
    if (high !== undefined) out.push(`if (${size} > ${high}) ${act(boundMessage(max, high))};`)
    return out.join('\n')
  }

  /** Statements that add every error of `x` (at path expression `path`) against `node`, in interpreter order. */
  validate(node: PreparedNode, x: string, path: string, depth: number): string {
    const out: string[] = []
    const type = node.type
    const [typeTest, mismatch] =
      type === undefined ? [`isJsonKind(${x})`, `notJsonMsg(${x})`] : [this.#typeTest(type, x), `typeMsg(${sourceLiteral(type)}, ${x})`]
    out.push(`if (!(${typeTest})) addError(E, ${path}, ${mismatch});`, `else {`)
    if (node.hasConst) {
      out.push(`if (${x} !== ${sourceLiteral(node.constValue)}) addError(E, ${path}, ${sourceLiteral(constMismatchMessage(node.constValue))});`)
    }
    if (node.enumValues !== undefined) {
      out.push(`if (!${this.#memberTest(x, node.enumValues)}) addError(E, ${path}, ${sourceLiteral(enumMismatchMessage(node.enumValues))});`)
    }
    const c = node.constraints
    if (c !== undefined) {
      for (const [kind, checks] of this.#scalarBoundChecks(c, x)) {
        if (checks.length === 0) continue
        const lines = checks.map(([test, message]) => {
          const text = message === '' ? this.#patternMessageSource(c, x) : sourceLiteral(message)
          return `if (${test}) addError(E, ${path}, ${text});`
        })
        out.push(type === undefined ? `if (typeof ${x} === "${kind}") {\n${lines.join('\n')}\n}` : lines.join('\n'))
      }
    }
    const addFor = (message: string): string => `addError(E, ${path}, ${sourceLiteral(message)})`
    const unique = c?.uniqueItems === true ? `if (isJsonDeep(${x}, ${depth}, false) && hasDup(${x})) ${addFor(DUPLICATE_ITEMS_MESSAGE)};` : ''
    const arrayPart = [this.#countBounds(c, 'array', x, addFor), this.#validateArray(node, x, path, depth), unique].filter((part) => part !== '').join('\n')
    const objectPart = [this.#countBounds(c, 'object', x, addFor), this.#validateObject(node, x, path, depth)].filter((part) => part !== '').join('\n')
    if (type === 'object') out.push(objectPart)
    else if (type === 'array') out.push(arrayPart)
    else if (type === undefined && (arrayPart !== '' || objectPart !== '')) {
      out.push(`if (typeof ${x} === "object" && ${x} !== null) {`, `if (isArray(${x})) {`, arrayPart, `} else {`, objectPart, `}`, `}`)
    }
    if (node.oneOf !== undefined) {
      const count = this.#countOneOf(out, node.oneOf, x, depth, 'return slowValidate(v)')
      out.push(`if (${count} === 0) addError(E, ${path}, ${sourceLiteral(oneOfNoneMessage(node.oneOf.length))});`)
      out.push(`else if (${count} > 1) addError(E, ${path}, ${sourceLiteral(oneOfManyMessage(node.oneOf.length))});`)
    }
    out.push(`}`)
    return out.join('\n')
  }

  #patternMessageSource(c: PreparedConstraints, x: string): string {
    const pattern = c.pattern as string
    const short = sourceLiteral(patternMessage(pattern, false, MAX_PATTERN_INPUT))
    const long = sourceLiteral(patternMessage(pattern, true, MAX_PATTERN_INPUT))
    return `(${x}.length > ${MAX_PATTERN_INPUT} ? ${long} : ${short})`
  }

  /** The interpreter's `hasJsonType`, with the same reads in the same order. */
  #typeTest(type: NonNullable<PreparedNode['type']>, x: string): string {
    switch (type) {
      case 'string':
        return `typeof ${x} === "string"`
      case 'number':
        return `typeof ${x} === "number" && ${x} - ${x} === 0`
      case 'integer':
        return `isInteger(${x})`
      case 'boolean':
        return `typeof ${x} === "boolean"`
      case 'null':
        return `${x} === null`
      case 'object': {
        const p = this.#name('p')
        this.hoisted.push(`let ${p};`)
        return `typeof ${x} === "object" && ${x} !== null && !isArray(${x}) && ((${p} = getProto(${x})) === OP || ${p} === null)`
      }
      case 'array':
        return `isArray(${x}) && getProto(${x}) === AP`
    }
  }

  #validateArray(node: PreparedNode, x: string, path: string, depth: number): string {
    if (node.items === undefined) {
      return node.unconstrainedContainers ? `collectJsonDeep(${x}, ${path}, ${depth}, false, E);` : ''
    }
    const items = node.items
    return this.#eachItem(x, [], 'return slowValidate(v)', (y, i) => this.validate(items, y, `${path} + "/" + ${i}`, depth + 1))
  }

  #validateAdditional(additional: PreparedNode, x: string, k: string, keyPath: string, depth: number): string {
    const y = this.#name('v')
    const p = this.#name('q')
    return `{ const ${y} = ${x}[${k}]; const ${p} = ${keyPath};\n${this.validate(additional, y, p, depth + 1)}\n}`
  }

  #validateObject(node: PreparedNode, x: string, path: string, depth: number): string {
    if (!node.hasObjectKeywords) {
      return node.unconstrainedContainers ? `collectJsonDeep(${x}, ${path}, ${depth}, false, E);` : ''
    }
    const k = this.#name('k')
    const keyPath = `${path} + "/" + esc(${k})`
    const out: string[] = [`if (++W > ${VISIT_LIMIT}) return slowValidate(v);`, `for (const ${k} in ${x}) {`, `switch (${k}) {`]
    for (const [key, child] of node.properties) {
      const y = this.#name('v')
      out.push(
        `case ${sourceLiteral(key)}: {`,
        `const ${y} = ${x}[${k}];`,
        this.validate(child, y, pathPlus(path, `/${escapeJsonPointerToken(key)}`), depth + 1),
        `break;`,
        `}`,
      )
    }
    out.push(
      `default:`,
      node.additional !== undefined
        ? this.#validateAdditional(node.additional, x, k, keyPath, depth)
        : node.closed
          ? `addError(E, ${keyPath}, ${sourceLiteral(UNEXPECTED_PROPERTY_MESSAGE)});`
          : `collectJsonDeep(${x}[${k}], ${keyPath}, ${depth + 1}, false, E);`,
      `}`,
      `}`,
    )
    for (const name of node.required) {
      const missingPath = pathPlus(path, `/${escapeJsonPointerToken(name)}`)
      out.push(`if (!pie.call(${x}, ${sourceLiteral(name)})) addError(E, ${missingPath}, ${sourceLiteral(MISSING_REQUIRED_MESSAGE)});`)
    }
    return out.join('\n')
  }
}

/**
 * A JSON scalar as a JavaScript literal (U+2028/U+2029 escaped too). The only way schema text enters generated code:
 * names are counters, and keys, paths and constants pass through here.
 */
export function sourceLiteral(value: string | number | boolean | null): string {
  return JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}
