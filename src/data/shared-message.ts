/**
 * A message shared to Hisaab from Android's share sheet: the service worker keeps the text in the
 * 'hisaab-share' cache (vite.config.ts, share_target) and opens /add-expense?shared=1, which takes
 * it from there once. Works offline: neither step touches the network.
 */
const CACHE = 'hisaab-share'
const KEY = '/shared-message'

/** The shared text, removed as it is read (a reload does not fill the form twice); null when none. */
export async function takeSharedMessage(): Promise<string | null> {
  if (typeof caches === 'undefined') return null
  const cache = await caches.open(CACHE)
  const response = await cache.match(KEY)
  if (!response) return null
  await cache.delete(KEY)
  const text = (await response.text()).trim()
  return text || null
}
