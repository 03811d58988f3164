/** @toolsmith/providers: placeholder barrel; the package is being built. */
export {}
