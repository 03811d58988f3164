import { processMemo } from '../../base/bounded.js'
import { compile } from 'json-schema-to-typescript'
import { tsPropertyName, escapeControlCharacters } from '../../print/ts-literals.js'
import type { TsPart } from '../../print/typescript/lay-out-typescript.js'
import { parseTypeScriptSubset } from '../../print/typescript/parse-ts-subset.js'
import type { TypeSchema } from './type-schema.js'

const JSON2TS_OPTIONS = {
  bannerComment: '',
  format: false,
  additionalProperties: false,
  declareExternallyReferenced: true,
  strictIndexSignatures: false,
  unknownAny: true,
  ignoreMinAndMaxItems: true,
} as const

// json2ts is the slowest step after prettier; its outputs are remembered across plans in one process (keyed by
// the schema text and name, in the process memo), so regenerating unchanged declarations skips it.

const LINE_SEPARATORS = /[\u2028\u2029]/g

/**
 * The declaration of the named type `name` for `typeSchema`: json2ts's text (unformatted) with the real property
 * names put back (quoted when needed) and U+2028/U+2029 and control characters escaped (they only occur in string
 * literals and comments: a raw one would reach the catalog's code block), and that text read as the subset's tree.
 */
export function compileType(typeSchema: TypeSchema, name: string): Promise<TsPart> {
  const key = `${name}\u0000${JSON.stringify(typeSchema.schema)}\u0000${JSON.stringify(typeSchema.keys)}`
  const cached = processMemo.get<Promise<TsPart>>('json2ts', key)
  if (cached !== undefined) return cached
  const result: Promise<TsPart> = compile(typeSchema.schema, name, JSON2TS_OPTIONS).then((source) =>
    source
      .replace(typeSchema.placeholder, (_match, index: string) => tsPropertyName(typeSchema.keys[Number(index)] ?? ''))
      .replace(LINE_SEPARATORS, (char) => (char === '\u2028' ? '\\u2028' : '\\u2029'))
      .trim(),
  ).then(escapeControlCharacters).then((text): TsPart => ({ text, program: parseTypeScriptSubset(text) }))
  processMemo.set('json2ts', key, result)
  result.catch(() => processMemo.delete('json2ts', key))
  return result
}
