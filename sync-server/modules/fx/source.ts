import { checkFxDay, type FxDay } from '../../../schema/money/fx-source'

/** How long the source has to answer, and the most it may send. */
export const FX_FETCH_TIMEOUT_MS = 15_000
export const FX_MAX_BODY_BYTES = 256 * 1024

export type FxFetch = { ok: true; day: FxDay } | { ok: false; problem: string }

/**
 * One day's rates from the source, checked (schema/money/fx-source.ts), or what was wrong with
 * the answer: an HTTP error, no answer in time, too large, not JSON, or not the documented shape.
 */
export async function fetchFxDay(url: string, timeoutMs = FX_FETCH_TIMEOUT_MS): Promise<FxFetch> {
  let text: string
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
      redirect: 'follow',
    })
    if (!response.ok) {
      await response.body?.cancel()
      return { ok: false, problem: `answered HTTP ${response.status}` }
    }
    text = await readCapped(response)
  } catch (error) {
    return { ok: false, problem: networkProblem(error, timeoutMs) }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, problem: 'answered something that is not JSON' }
  }
  const checked = checkFxDay(json)
  if (!checked.ok) return { ok: false, problem: `answered the wrong shape: ${checked.field}: ${checked.error}` }
  return { ok: true, day: checked.value }
}

class TooLarge extends Error {}

async function readCapped(response: Response): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > FX_MAX_BODY_BYTES) {
      await reader.cancel()
      throw new TooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function networkProblem(error: unknown, timeoutMs: number): string {
  if (error instanceof TooLarge) return `answered more than ${FX_MAX_BODY_BYTES} bytes`
  const name = error instanceof Error ? error.name : ''
  if (name === 'TimeoutError' || name === 'AbortError') return `did not answer within ${timeoutMs / 1000} s`
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)
  return `could not be reached (${cause})`
}
