// C0/C1 controls (tab excepted), line/paragraph separators and bidi overrides: text from a YAML file
// must not move the cursor, recolour the terminal, or reorder what a reviewer sees (Trojan Source).
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g

/** Replaces every character that could steer a terminal with U+FFFD, one for one (columns stay right). */
export function terminalSafeText(text: string): string {
  return text.replace(UNSAFE, '\uFFFD')
}
