/**
 * The daily rate source's latest day (GET /api/fx/latest), kept in localStorage so forms offer it
 * offline too; asked again at most once a day, when signed in and online. No rxdb here.
 */
import { checkFxDay, dailyOffer, FxDayBody, type FxDay, type RateOffer } from '../../schema/money/fx-source'
import { apiFetch } from './http'
import { isDemoSession, readToken } from './session'

const CACHE_KEY = 'hisaab.fxRates'
const DAY_MS = 24 * 60 * 60 * 1000
/** After a failed try (offline, server down), the next one waits at least this long. */
const RETRY_MS = 5 * 60 * 1000

interface Cached {
  day: FxDay | null
  /** When the server last answered (ms). */
  checkedAt: number
}

function readCache(): Cached | null {
  try {
    const raw = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as unknown
    if (!raw || typeof raw !== 'object') return null
    const { day, checkedAt } = raw as { day?: unknown; checkedAt?: unknown }
    if (typeof checkedAt !== 'number') return null
    if (day === null) return { day: null, checkedAt }
    const checked = checkFxDay(day)
    return checked.ok ? { day: checked.value, checkedAt } : null
  } catch {
    return null
  }
}

function writeCache(cached: Cached): void {
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(cached))
  } catch {
    // Storage unavailable: the rates still serve this page.
  }
}

let memory: Cached | null = null
let inFlight: Promise<FxDay | null> | null = null
let failedAt = 0

/** The latest day of the rate source this device knows, or null (none configured, never fetched). */
export function cachedFxDay(): FxDay | null {
  memory ??= readCache()
  return memory?.day ?? null
}

/**
 * Asks the server for the latest rates when the copy here is a day old or missing (or `force`),
 * signed in and not in the demo; answers the copy it then holds. Never throws: offline, the
 * cached day stays.
 */
export function refreshFxRates(now = Date.now(), force = false): Promise<FxDay | null> {
  memory ??= readCache()
  const fresh = memory !== null && now - memory.checkedAt < DAY_MS
  const token = readToken()
  if (isDemoSession() || !token || (fresh && !force) || now - failedAt < RETRY_MS) {
    return Promise.resolve(cachedFxDay())
  }
  inFlight ??= apiFetch('/fx/latest', FxDayBody.nullable(), { token })
    .then((body) => {
      const checked = body === null ? null : checkFxDay(body)
      // A day the server sends that this device cannot read is no reason to drop the one it has.
      if (checked && !checked.ok) return cachedFxDay()
      memory = { day: checked ? checked.value : null, checkedAt: now }
      writeCache(memory)
      return memory.day
    })
    .catch(() => {
      failedAt = now
      return cachedFxDay()
    })
    .finally(() => {
      inFlight = null
    })
  return inFlight
}

let listening = false

/** Refreshes now (at most daily) and whenever the browser comes back online. */
export function keepFxRatesFresh(): void {
  void refreshFxRates()
  if (listening || typeof window === 'undefined') return
  listening = true
  window.addEventListener('online', () => {
    failedAt = 0
    void refreshFxRates()
  })
}

/** The source's rate for an entry in `currency` converted to `home`, with its day; null when it has none. */
export function dailyRateOffer(currency: string, home: string, day = cachedFxDay()): RateOffer | null {
  return dailyOffer(day, currency, home)
}
