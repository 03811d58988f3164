import { posix } from 'node:path'
import { isGeneratedText, type PlanOptions, STUB_MARKER } from '../model/plan.js'
import { byCodeUnit, GENERATED_FOLDER, normalizePath } from './output-paths.js'

/** Files in the output folders that this plan does not produce. */
export interface Leftovers {
  /** Generator-owned files (they start with the header): `generate` deletes them. */
  readonly deletions: readonly string[]
  /** Author stubs: reported, never deleted. */
  readonly orphans: readonly string[]
}

// A stub carries the marker or (marker deleted) imports a `<camel>Declaration` value from a generated module; an
// author's helper importing only generated types or specs is not one.
async function isStub(path: string, text: string): Promise<boolean> {
  if (text.includes(STUB_MARKER)) return true
  // Lazy: ts-morph loads only for a leftover module without the marker.
  const { withParsedStub } = await import('./stub/find-stub-wiring.js')
  const found = withParsedStub(path, text, (file) => ({
    ok: true,
    value: file
      .getImportDeclarations()
      .some(
        (declaration) =>
          declaration.getModuleSpecifierValue().startsWith(`./${GENERATED_FOLDER}/`) &&
          !declaration.isTypeOnly() &&
          declaration.getNamedImports().some((specifier) => !specifier.isTypeOnly() && specifier.getName().endsWith('Declaration')),
      ),
  }))
  return found.ok && found.value
}

/** The unplanned `.ts` files directly in `<out>` and `<out>/generated`; an author's other modules are not reported. */
export async function findLeftovers(options: Pick<PlanOptions, 'out' | 'readFile' | 'listFiles'>, planned: ReadonlySet<string>): Promise<Leftovers> {
  const out = normalizePath(options.out)
  const generated = posix.join(out, GENERATED_FOLDER)
  const deletions: string[] = []
  const orphans: string[] = []
  const inspect = async (folder: string, stubsToo: boolean): Promise<void> => {
    for (const name of await options.listFiles(folder)) {
      const path = posix.join(folder, name)
      if (!name.endsWith('.ts') || name.endsWith('.d.ts') || planned.has(path)) continue
      const text = await options.readFile(path)
      if (text === undefined) continue
      // Stub first: a stub whose first line looks like a header is still the author's.
      if (stubsToo && (await isStub(path, text))) orphans.push(path)
      else if (isGeneratedText(text)) deletions.push(path)
    }
  }
  await inspect(out, true)
  await inspect(generated, false)
  return { deletions: deletions.sort(byCodeUnit), orphans: orphans.sort(byCodeUnit) }
}
