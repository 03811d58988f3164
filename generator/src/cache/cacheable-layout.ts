/**
 * Whether output formatted with these resolved prettier options may be cached under their key. Not with plugins:
 * the options name a plugin, not its code, so an upgraded plugin would leave the key as it was.
 */
export function isCacheableLayout(options: { readonly plugins?: readonly unknown[] }): boolean {
  return options.plugins === undefined || options.plugins.length === 0
}
