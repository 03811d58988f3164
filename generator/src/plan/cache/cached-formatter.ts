import { type CodeFormatter, layoutKeyOf } from '../../model/code-formatter.js'
import type { PlanCache } from '../../model/plan.js'
import { cacheKey, isCacheableLayout } from './cache-key.js'
import { cachedToolValues } from './cached-values.js'

/** `formatter` with `format` results kept in the plan cache, keyed by build, layout key, parser, flags and source.
 * Errors are never kept, nor anything for options with plugins (see `isCacheableLayout`). */
export function withFormatCache(formatter: CodeFormatter, cache: PlanCache): CodeFormatter {
  const cached: CodeFormatter = {
    layoutOptions: (path) => formatter.layoutOptions(path),
    printTypeScript: (path, parts) => formatter.printTypeScript(path, parts),
    printTree: (path, program) => formatter.printTree(path, program),
    jsonPrinter: (options) => formatter.jsonPrinter(options),
    printMarkdown: (blocks) => formatter.printMarkdown(blocks),
    // Routes its prettier fallback through the cache too.
    printCodeModeSdkModule: (path, sdk, format = (source) => cached.format(path, source, { batchable: true })) => formatter.printCodeModeSdkModule(path, sdk, format),
    async format(path, source, options = {}) {
      const layout = await formatter.layoutOptions(path)
      if (!isCacheableLayout(layout)) return formatter.format(path, source, options)
      const flags = `${options.batchable === true ? 'batchable' : 'alone'} ${options.embeddedFormatting === false ? 'embedded-off' : 'embedded-on'}`
      const key = cacheKey([cache.fingerprint, 'format', layoutKeyOf(layout), path.slice(path.lastIndexOf('.')), flags, source])
      const cached = cachedToolValues.text(cache.get(key))
      if (cached !== undefined) return cached
      const text = await formatter.format(path, source, options)
      cache.set(key, text)
      return text
    },
  }
  return cached
}
