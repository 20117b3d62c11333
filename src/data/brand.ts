/**
 * The product's brand (name, tagline, colours) for every user and visitor: the last known copy
 * from localStorage at once (offline too), then GET /api/brand. Applied to the page title, the
 * theme colours and the web manifest link. No rxdb here: the sign-in screens use it.
 */
import { Brand, DEFAULT_BRAND_RECORD } from '../../schema/brand'
import { brandThemeCss } from '../lib/brand-theme'
import { isDemoSession } from './session'

const CACHE_KEY = 'hisaab.brand'
const STYLE_ID = 'brand-theme'

function readCache(): Brand {
  try {
    const parsed = Brand.safeParse(JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null'))
    return parsed.success ? parsed.data : DEFAULT_BRAND_RECORD
  } catch {
    return DEFAULT_BRAND_RECORD
  }
}

let current: Brand = readCache()
let loading: Promise<void> | null = null
const listeners = new Set<() => void>()

function apply(brand: Brand): void {
  document.title = brand.appName
  let style = document.getElementById(STYLE_ID)
  const css = brandThemeCss(brand)
  if (css && !style) {
    style = document.createElement('style')
    style.id = STYLE_ID
    document.head.append(style)
  }
  if (style) style.textContent = css
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.primaryColor)
  // With a query the service worker's precached copy does not match: an install gets the current name.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest.webmanifest?v=${brand.updatedAt}`)
}

function set(brand: Brand): void {
  current = brand
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(brand))
  } catch {
    // storage unavailable: the brand still applies for this page
  }
  apply(brand)
  for (const listener of [...listeners]) listener()
}

/**
 * Fetches the brand once per page load from /brand.json (the same record as GET /api/brand);
 * offline, the cached copy stays. The demo makes no server call at all, so it keeps the cached copy.
 */
export function loadBrand(): Promise<void> {
  if (isDemoSession()) return Promise.resolve()
  loading ??= fetch('/brand.json', { headers: { Accept: 'application/json' }, cache: 'no-store' })
    .then(async (res) => {
      if (!res.ok) return
      const parsed = Brand.safeParse(await res.json())
      if (parsed.success) set(parsed.data)
    })
    .catch(() => undefined)
  return loading
}

export function getBrand(): Brand {
  return current
}

export function subscribeBrand(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** An admin saved or reset the brand: show it here at once. */
export const brandChanged = set

apply(current)
