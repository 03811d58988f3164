/** @toolsmith/mcp: placeholder barrel; the package is being built. */
export {}
