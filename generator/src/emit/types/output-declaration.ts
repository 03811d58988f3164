/**
 * The `<Name>Output` declaration (with its JSDoc) cut from a formatted generated module, where it is always the
 * last statement; `undefined` if it cannot be found there. The catalog shows this already formatted text.
 */
export function outputDeclaration(formattedModule: string, outputType: string): string | undefined {
  const start = Math.max(
    formattedModule.lastIndexOf(`\nexport interface ${outputType} `),
    formattedModule.lastIndexOf(`\nexport type ${outputType} `),
  )
  if (start === -1) return undefined
  const before = formattedModule.slice(0, start + 1)
  // A JSDoc block directly above belongs to the declaration; `\n/**` only matches at the start of a line.
  const doc = before.endsWith('*/\n') ? before.lastIndexOf('\n/**') : -1
  return formattedModule.slice((doc === -1 ? start : doc) + 1).trimEnd()
}
