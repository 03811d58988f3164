import { compile } from 'json-schema-to-typescript'
import { describe, expect, test } from 'vitest'
import { camelCaseName, pascalCaseName } from '../../../generator/src/model/tool-declaration.js'

describe('pascalCaseName', () => {
  test.each([
    ['read_file', 'ReadFile'],
    ['readFile', 'ReadFile'],
    ['read-file', 'ReadFile'],
    ['clear001a_runIt', 'Clear001ARunIt'],
    ['Res9patchStreamDecoder_decode', 'Res9PatchStreamDecoderDecode'],
    ['v2', 'V2'],
  ])('%s → %s', (name, want) => {
    expect(pascalCaseName(name)).toBe(want)
    expect(camelCaseName(name)).toBe(want.charAt(0).toLowerCase() + want.slice(1))
  })

  // The stub imports `<Pascal>Args` from the generated file, whose declaration json2ts names: the two must agree
  // (found by importing the BFCL corpus: "Res9patchStreamDecoder.decode" generated a stub that did not compile).
  test.each(['clear001a_runIt', 'Res9patchStreamDecoder_decode', 'a1b2c', 'read_file', 'x9_y'])('json2ts declares exactly the name for %s', async (name) => {
    const type = `${pascalCaseName(name)}Args`
    const source = await compile({ type: 'object', properties: {}, additionalProperties: false }, type, { bannerComment: '', format: false })
    expect(source).toContain(`export interface ${type} `)
  })
})
