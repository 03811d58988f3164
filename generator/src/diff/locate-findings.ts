import { readBlockYaml } from '../load/block-yaml.js'
import { decodeSource } from '../load/decode-source.js'
import { readYamlJson } from '../load/read-yaml-json.js'
import { lineAndColumn } from '../model/diagnostic.js'
import type { Catalog, CatalogToolSource } from './catalog-model.js'
import type { DiffFinding } from './diff-checks.js'

/** Each finding located at its YAML node on the head side (base for a removed tool; nearest ancestor if gone). */
export function locateFindings(findings: readonly DiffFinding[], base: Catalog, head: Catalog): DiffFinding[] {
  const locators = new Map<string, (pointer: string) => { line: number; column: number }>()
  const texts = new Map<CatalogToolSource, string>()
  return findings.map((item) => {
    const tool = head.tools.get(item.tool) ?? base.tools.get(item.tool)
    const source = tool?.source
    if (source === undefined) return item
    const key = `${source.revision ?? ''}\0${source.file}\0${item.tool}`
    let locate = locators.get(key)
    if (locate === undefined) locators.set(key, (locate = locator(source, item.tool, texts)))
    return { ...item, location: { file: source.file, ...locate(declarationPointer(item)), ...(source.revision === undefined ? {} : { revision: source.revision }) } }
  })
}

function locator(source: CatalogToolSource, tool: string, texts: Map<CatalogToolSource, string>): (pointer: string) => { line: number; column: number } {
  if (source.kind === 'catalog') {
    let text = texts.get(source)
    if (text === undefined) texts.set(source, (text = new TextDecoder().decode(source.bytes)))
    const { line } = lineAndColumn(text, text.indexOf(`"name": ${JSON.stringify(tool)}`))
    return () => ({ line, column: 1 })
  }
  // The block reader's positions match the full path's, for less.
  const decoded = decodeSource(source.bytes)
  const fast = decoded.ok ? readBlockYaml(decoded.text, true) : undefined
  if (fast?.locate !== undefined) return (pointer) => fast.locate!(pointer)
  const read = readYamlJson(source.file, source.bytes)
  if (!read.ok) return () => ({ line: 1, column: 1 })
  return (pointer) => read.diagnostics.position(read.locate(pointer))
}

/** The declaration YAML pointer for a finding's compiled-schema pointer (YAML `parameters` is the `properties` map). */
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
