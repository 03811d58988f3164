// Bounds on one YAML source (a declaration or the config). Real declarations are a few KiB; the
// bounds exist so hostile or accidental inputs get a clear error instead of a long stall or a crash.

/** Largest declaration or config file read, in bytes (the YAML parser needs seconds per MiB). */
export const MAX_SOURCE_BYTES = 256 * 1024

/**
 * Deepest YAML collection nesting accepted. Checked on the syntax tree before composing, because the
 * composer recurses per level; the DSL's own bound (256 spec levels) is what declarations meet first.
 */
export const MAX_YAML_DEPTH = 600

/** Most JSON values one document may expand to, aliases counted per use (alias bombs). */
export const MAX_YAML_VALUES = 100_000

/**
 * Most problems reported for one file: the first ones (by position) and then one line counting the rest. A file of
 * 150 KB of `]` has 150,000 syntax errors; printing every one (with code frames) takes minutes and helps nobody.
 */
export const MAX_DIAGNOSTICS_PER_FILE = 50
