// Build step (after tsc): writes dist/plan/template/precompiled-templates.js, the shipped templates precompiled, so a
// run fills them with Handlebars' runtime instead of compiling them (see precompiledTemplatesModule in template-set.ts).
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { precompiledTemplatesModule, TEMPLATE_FILES } from '../dist/plan/template/template-set.js'

const templates = new URL('../../templates/', import.meta.url)
const sources = new Map(TEMPLATE_FILES.map((file) => [file, readFileSync(new URL(file, templates), 'utf8')]))
writeFileSync(fileURLToPath(new URL('../dist/plan/template/precompiled-templates.js', import.meta.url)), await precompiledTemplatesModule(sources))
