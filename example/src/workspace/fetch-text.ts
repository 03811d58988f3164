/** A fetched response, body capped. */
export interface FetchOutcome {
  url: string
  statusCode: number
  contentType: string
  body: string
  truncated: boolean
}

/** The most of a body any call reads, whatever `maxBytes` asks for. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024

/** Fetches an http(s) URL and reads at most `maxBytes` of its body as UTF-8 text. */
export async function fetchText(request: { url: string; maxBytes?: number }, signal: AbortSignal): Promise<FetchOutcome> {
  const url = new URL(request.url)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Only http and https URLs can be fetched, not ${url.protocol}`)
  }
  // The model may ask for more; the host keeps a ceiling (the whole body is held in memory as text).
  const cap = Math.min(MAX_BODY_BYTES, Math.max(0, request.maxBytes ?? 100_000))
  const response = await fetch(url, { signal, redirect: 'follow' })
  const chunks: Uint8Array[] = []
  let size = 0
  let truncated = false
  if (response.body !== null) {
    const reader = response.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (size + value.length > cap) {
        chunks.push(value.subarray(0, cap - size))
        size = cap
        truncated = true
        await reader.cancel()
        break
      }
      chunks.push(value)
      size += value.length
    }
  }
  return {
    url: response.url,
    statusCode: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: new TextDecoder('utf-8').decode(Buffer.concat(chunks)),
    truncated,
  }
}
