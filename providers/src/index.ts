/** @toolsmith/providers: placeholder barrel; the package is being built. */
export { CONSTRAINT_TEXT_KEYWORDS, constraintPhrases, constraintText } from './constraint-text.js'
