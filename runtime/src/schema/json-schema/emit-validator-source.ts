import { escapeJsonPointerToken } from '../../json/json-pointer.js'
import type { JsonSchemaScalar } from './json-schema-node.js'
import type { PreparedNode } from './prepared-schema.js'
import { sourceLiteral } from './source-literal.js'
import {
  constMismatchMessage,
  enumMismatchMessage,
  MISSING_REQUIRED_MESSAGE,
  oneOfManyMessage,
  oneOfNoneMessage,
  UNEXPECTED_PROPERTY_MESSAGE,
} from './validation-messages.js'

/** Names the generated factory destructures from its single `env` parameter. */
export const VALIDATOR_ENV_NAMES = [
  'isArray',
  'getProto',
  'PROBE',
  'OP',
  'AP',
  'pie',
  'isInteger',
  'isJsonKind',
  'isJsonDeep',
  'collectJsonDeep',
  'addError',
  'finish',
  'typeMsg',
  'notJsonMsg',
  'slowIs',
  'slowValidate',
  'esc',
] as const

// Declared keys beyond this count are matched through a hoisted Set instead of a chain of ===.
const KEY_CHAIN_LIMIT = 8
// Past this many containers and array items in one call the generated code hands the value to the
// interpreter, which memoizes verdicts per (node, container): a value sharing sub-arrays (a DAG built
// in code) would otherwise be walked once per path, exponentially. Tree-shaped values this large
// are rare and still validate, only through the slower path.
const VISIT_LIMIT = 1 << 20
// Enum members beyond this count are matched through a hoisted Set.
const ENUM_CHAIN_LIMIT = 6

/**
 * Generates the body of a factory `(env) => ({ is, validate })` for one prepared schema: straight-
 * line code, one block per schema node, no per-node dispatch and no allocation on the valid `is`
 * path. `is` reads declared properties by name after one for…in pass over the keys; `validate`
 * mirrors the interpreter's reads and error order exactly. Either falls back to the interpreter
 * (`slowIs`/`slowValidate`) when a prototype is polluted or an object is exotic (a declared key
 * readable but not enumerable, an own `undefined`).
 */
export function emitValidatorSource(root: PreparedNode): string {
  const emitter = new Emitter()
  const isBody = emitter.is(root, 'v', 0, 'return false', 'return slowIs(v)')
  const validateBody = emitter.validate(root, 'v', '""', 0)
  return [
    `"use strict";`,
    `const { ${VALIDATOR_ENV_NAMES.join(', ')} } = env;`,
    ...emitter.hoisted,
    `function is(v) {`,
    `let W = 0;`,
    `try {`,
    // Any enumerable key on Object.prototype or Array.prototype would show up in for…in: hand the
    // call to the interpreter, which checks ownership of every key.
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
  // Fold into one literal only when the path is a single string literal; an expression such as
  // `"" + "/" + i3` (a path under an array index) also starts with a quote and must be concatenated.
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
    if (node.hasConst) out.push(`if (${x} !== ${sourceLiteral(node.constValue)}) ${fail};`)
    if (node.enumValues !== undefined) out.push(`if (!${this.#memberTest(x, node.enumValues)}) ${fail};`)
    if (node.oneOf !== undefined) {
      const count = this.#name('c')
      const all = this.#name('L')
      out.push(`let ${count} = 0;`)
      out.push(`${all}: {`)
      node.oneOf.forEach((branch, i) => {
        const label = this.#name('L')
        const after = i === 0 ? `${count}++;` : `if (++${count} > 1) break ${all};`
        out.push(`${label}: {`, this.is(branch, x, depth, `break ${label}`, bail), after, `}`)
      })
      out.push(`}`, `if (${count} !== 1) ${fail};`)
    }
    return out.join('\n')
  }

  #isUntyped(node: PreparedNode, x: string, depth: number, fail: string, bail: string): string {
    const scalarGuard = node.hasConst || node.enumValues !== undefined
      ? '' // const/enum pin the value to a JSON scalar already
      : ` else if (${x} !== null && typeof ${x} !== "string" && typeof ${x} !== "boolean" && (typeof ${x} !== "number" || ${x} - ${x} !== 0)) ${fail};`
    if (!node.hasObjectKeywords && node.items === undefined && node.unconstrainedContainers) {
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
    // The prototype is checked before any property is read, so a getter an exotic prototype defines
    // for a declared key never runs. Reading PROBE first (a symbol only this module holds: absent on
    // every plain object, its value ignored) gives V8 the object's map, so it folds the prototype
    // check into a map check instead of calling Object.getPrototypeOf.
    const protoCheck = `${x}[PROBE];\n{ const p = getProto(${x}); if (p !== OP && p !== null) ${fail}; }`
    if (!node.hasObjectKeywords) {
      return node.unconstrainedContainers ? `if (!isJsonDeep(${x}, ${depth}, false)) ${fail};` : protoCheck
    }
    const out: string[] = []
    const k = this.#name('k')
    const extra = node.closed ? fail : `if (!isJsonDeep(${x}[${k}], ${depth + 1}, false)) ${fail}`
    if (node.properties.length === 0) {
      out.push(protoCheck)
      out.push(node.closed ? `for (const ${k} in ${x}) ${fail};` : `for (const ${k} in ${x}) { ${extra}; }`)
      return out.join('\n')
    }
    // One for…in pass records which declared keys are own and enumerable — the only kind the
    // interpreter reads (no enumerable key is inherited: the prologue ruled out polluted prototypes)
    // — as bits in `seen` (32 keys per word). Then each declared key is read by name (a monomorphic
    // load) only if it was seen, so a non-enumerable or inherited property is never read, and a failing
    // value always fails the call. A seen key whose value is `undefined` leaves its bit out of `read`,
    // and the call goes to the interpreter, which judges an own `undefined`.
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
    return out.join('\n')
  }

  /** Checks on a value known to be an array (its prototype not yet checked). */
  #isArray(node: PreparedNode, x: string, depth: number, fail: string, bail: string): string {
    if (node.items === undefined) {
      return node.unconstrainedContainers ? `if (!isJsonDeep(${x}, ${depth}, false)) ${fail};` : `if (getProto(${x}) !== AP) ${fail};`
    }
    const length = this.#name('l')
    const i = this.#name('i')
    const y = this.#name('v')
    return [
      `const ${length} = ${x}.length;`,
      `if (getProto(${x}) !== AP) ${fail};`,
      `if ((W += ${length} + 1) > ${VISIT_LIMIT}) ${bail};`,
      `for (let ${i} = 0; ${i} < ${length}; ${i}++) {`,
      `const ${y} = ${x}[${i}];`,
      this.is(node.items, y, depth + 1, fail, bail),
      `}`,
    ].join('\n')
  }

  /** Statements that add every error of `x` (at path expression `path`) against `node`, in interpreter order. */
  validate(node: PreparedNode, x: string, path: string, depth: number): string {
    const out: string[] = []
    const type = node.type
    let typeTest: string
    let mismatch: string
    if (type === undefined) {
      typeTest = `isJsonKind(${x})`
      mismatch = `addError(E, ${path}, notJsonMsg(${x}));`
    } else {
      typeTest = this.#typeTest(type, x)
      mismatch = `addError(E, ${path}, typeMsg(${sourceLiteral(type)}, ${x}));`
    }
    out.push(`if (!(${typeTest})) ${mismatch}`, `else {`)
    if (node.hasConst) {
      out.push(`if (${x} !== ${sourceLiteral(node.constValue)}) addError(E, ${path}, ${sourceLiteral(constMismatchMessage(node.constValue))});`)
    }
    if (node.enumValues !== undefined) {
      out.push(`if (!${this.#memberTest(x, node.enumValues)}) addError(E, ${path}, ${sourceLiteral(enumMismatchMessage(node.enumValues))});`)
    }
    const arrayPart = this.#validateArray(node, x, path, depth)
    const objectPart = this.#validateObject(node, x, path, depth)
    if (type === 'object') out.push(objectPart)
    else if (type === 'array') out.push(arrayPart)
    else if (type === undefined && (arrayPart !== '' || objectPart !== '')) {
      out.push(`if (typeof ${x} === "object" && ${x} !== null) {`, `if (isArray(${x})) {`, arrayPart, `} else {`, objectPart, `}`, `}`)
    }
    if (node.oneOf !== undefined) {
      const count = this.#name('c')
      const all = this.#name('L')
      out.push(`let ${count} = 0;`, `${all}: {`)
      node.oneOf.forEach((branch, i) => {
        const label = this.#name('L')
        const after = i === 0 ? `${count}++;` : `if (++${count} > 1) break ${all};`
        out.push(`${label}: {`, this.is(branch, x, depth, `break ${label}`, 'return slowValidate(v)'), after, `}`)
      })
      out.push(`}`)
      out.push(`if (${count} === 0) addError(E, ${path}, ${sourceLiteral(oneOfNoneMessage(node.oneOf.length))});`)
      out.push(`else if (${count} > 1) addError(E, ${path}, ${sourceLiteral(oneOfManyMessage(node.oneOf.length))});`)
    }
    out.push(`}`)
    return out.join('\n')
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
    const length = this.#name('l')
    const i = this.#name('i')
    const y = this.#name('v')
    return [
      `const ${length} = ${x}.length;`,
      `if ((W += ${length} + 1) > ${VISIT_LIMIT}) return slowValidate(v);`,
      `for (let ${i} = 0; ${i} < ${length}; ${i}++) {`,
      `const ${y} = ${x}[${i}];`,
      this.validate(node.items, y, `${path} + "/" + ${i}`, depth + 1),
      `}`,
    ].join('\n')
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
      node.closed
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
