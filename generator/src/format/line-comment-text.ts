const LINE_BREAKS = /[\r\n\u2028\u2029]/g

/** Text safe inside a `//` comment: any line break (which would end the comment) becomes a visible escape. */
export function lineCommentText(text: string): string {
  return text.replace(LINE_BREAKS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
