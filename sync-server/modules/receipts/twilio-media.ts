/**
 * The photo of a WhatsApp message: fetched from Twilio's MediaUrl with the account's credentials,
 * only from the configured origins (api.twilio.com unless set), read no further than the receipt
 * cap. Twilio answers with a redirect to a short-lived signed address; that hop is followed
 * without the credentials.
 */
export interface MediaFetchOptions {
  origins: readonly string[]
  accountSid: string | undefined
  authToken: string | undefined
  /** Bytes read at most: more than this is refused without reading the rest. */
  maxBytes: number
  timeoutMs?: number
  fetchImpl?: typeof fetch
}

export type MediaResult = { ok: true; bytes: Buffer } | { ok: false; reason: 'origin' | 'too-large' | 'failed' }

const MAX_REDIRECTS = 3

/** True when `url` is on one of `origins` (exact origin match, so no look-alike host passes). */
export function isAllowedMediaUrl(url: string, origins: readonly string[]): boolean {
  try {
    return origins.includes(new URL(url).origin)
  } catch {
    return false
  }
}

export async function fetchTwilioMedia(url: string, options: MediaFetchOptions): Promise<MediaResult> {
  if (!isAllowedMediaUrl(url, options.origins)) return { ok: false, reason: 'origin' }
  const doFetch = options.fetchImpl ?? fetch
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000)
  const basic = Buffer.from(`${options.accountSid ?? ''}:${options.authToken ?? ''}`).toString('base64')
  let next = url
  let headers: Record<string, string> = { authorization: `Basic ${basic}` }
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const response = await doFetch(next, { headers, redirect: 'manual', signal })
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        const target = new URL(location, next)
        if (target.protocol !== 'https:' && !options.origins.includes(target.origin))
          return { ok: false, reason: 'origin' }
        // The signed address needs no credentials, and they never leave the configured origins.
        if (!options.origins.includes(target.origin)) headers = {}
        next = target.toString()
        await response.body?.cancel()
        continue
      }
      if (!response.ok || !response.body) return { ok: false, reason: 'failed' }
      return await readCapped(response.body, options.maxBytes)
    }
  } catch {
    return { ok: false, reason: 'failed' }
  }
  return { ok: false, reason: 'failed' }
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<MediaResult> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.length
    if (total > maxBytes) {
      await reader.cancel()
      return { ok: false, reason: 'too-large' }
    }
    chunks.push(value)
  }
  return { ok: true, bytes: Buffer.concat(chunks) }
}
