import { parseDocument } from 'yaml'
import { expect, test } from 'vitest'
import { SourceDiagnostics } from '../../../generator/src/load/source-diagnostics.js'
import { yamlToJson } from '../../../generator/src/load/read-yaml-json.js'

// The descriptors the converter builds have a null prototype: under a polluted Object.prototype.get or .set an
// ordinary descriptor literal inherits it, and defineProperty throws on "an accessor with a value". (The yaml
// library itself breaks under that pollution, so the document is parsed before polluting.)
test.each(['get', 'set'])('keys named like prototype members convert under a polluted Object.prototype.%s', (member) => {
  const document = parseDocument('constructor: 1\ntoString: two\nget: [3]\n__proto__: { x: 4 }\n')
  Object.defineProperty(Object.prototype, member, { value: () => undefined, configurable: true, writable: true })
  let converted: ReturnType<typeof yamlToJson>
  try {
    converted = yamlToJson(document, new SourceDiagnostics('a.tool.yaml', undefined))
  } finally {
    delete (Object.prototype as Record<string, unknown>)[member]
  }
  const value = converted.value as Record<string, unknown>
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
  expect(Object.entries(value)).toEqual([['constructor', 1], ['toString', 'two'], ['get', [3]], ['__proto__', { x: 4 }]])
})
