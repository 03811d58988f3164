/** @toolsmith/code-mode: placeholder barrel; the package is being built. */
export {}
