/** @toolsmith/ai-sdk: placeholder barrel; the package is being built. */
export {}
