import { readBlockYaml } from '../load/block-yaml.js'
import { decodeSource } from '../load/decode-source.js'
import { readYamlJson } from '../load/read-yaml-json.js'
import type { Catalog, CatalogToolSource } from './catalog-model.js'
import type { DiffFinding } from './diff-checks.js'

/**
 * Each finding with the place it is about: the YAML node of the head side's declaration (the base side's for a
 * removed tool), located from the finding's JSON Pointer (a part that head no longer has is shown at its nearest
 * ancestor). A side read from a catalog.json gives the tool's line there. Only files with findings are parsed again.
 */
export function locateFindings(findings: readonly DiffFinding[], base: Catalog, head: Catalog): DiffFinding[] {
  const locators = new Map<string, (pointer: string) => { line: number; column: number }>()
  const texts = new Map<CatalogToolSource, string>()
  return findings.map((item) => {
    const tool = head.tools.get(item.tool) ?? base.tools.get(item.tool)
    const source = tool?.source
    if (source === undefined) return item
    const key = `${source.revision ?? ''}\0${source.file}\0${item.tool}`
    let locate = locators.get(key)
    if (locate === undefined) {
      locate = locator(source, item.tool, texts)
      locators.set(key, locate)
    }
    return { ...item, location: { file: source.file, ...locate(declarationPointer(item)), ...(source.revision === undefined ? {} : { revision: source.revision }) } }
  })
}

function locator(source: CatalogToolSource, tool: string, texts: Map<CatalogToolSource, string>): (pointer: string) => { line: number; column: number } {
  if (source.kind === 'catalog') {
    let text = texts.get(source)
    if (text === undefined) texts.set(source, (text = new TextDecoder().decode(source.bytes)))
    const index = text.indexOf(`"name": ${JSON.stringify(tool)}`)
    let line = 1
    for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line++
    return () => ({ line, column: 1 })
  }
  // The block reader's positions are the full path's (test/generator/load/block-yaml.test.ts), at a tenth of the cost.
  const decoded = decodeSource(source.bytes)
  const fast = decoded.ok ? readBlockYaml(decoded.text, true) : undefined
  if (fast?.locate !== undefined) return (pointer) => fast.locate!(pointer)
  const read = readYamlJson(source.file, source.bytes)
  if (!read.ok) return () => ({ line: 1, column: 1 })
  return (pointer) => read.diagnostics.position(read.locate(pointer))
}

/**
 * The JSON Pointer into the declaration YAML that a finding's pointer (into the compiled schema) stands for. The
 * compiled parameters are `{ type: object, properties: { … } }` where the YAML has the property map itself under
 * `parameters`; the output schema sits under `output` node for node.
 */
export function declarationPointer(item: DiffFinding): string {
  if (item.part === 'output') return `/output${item.pointer}`
  if (item.part === 'parameters') {
    const match = /^\/properties(\/.*)?$/.exec(item.pointer)
    if (match !== null) return `/parameters${match[1] ?? ''}`
    return '/parameters'
  }
  if (item.id === 'description-changed') return '/description'
  if (item.id === 'title-changed') return '/annotations/title'
  return item.pointer === '' ? '/name' : item.pointer
}
