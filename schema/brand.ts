// zod/mini: the app's frame checks the cached brand before its first paint, before classic zod loads.
import * as z from 'zod/mini'

/**
 * Brand settings (spec part 2 §2, §3): one record for the whole product, kept on the server and
 * applied for every user and visitor. The default colours are the app's own palette (the
 * spec's #667eea / #764ba2 belong to the original's purple theme, not ours).
 */
export const DEFAULT_BRAND = {
  appName: 'Hisaab',
  tagline: 'Your Personal Finance Companion',
  primaryColor: '#10b981',
  secondaryColor: '#047857',
} as const

export const BRAND_MESSAGES = {
  appNameRequired: 'App name is required',
  colorInvalid: 'Colours must be hex values like #10b981',
} as const

const HexColor = z
  .string({ error: BRAND_MESSAGES.colorInvalid })
  .check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, BRAND_MESSAGES.colorInvalid), z.toLowerCase())

export const BrandInput = z.object({
  appName: z
    .string({ error: BRAND_MESSAGES.appNameRequired })
    .check(
      z.trim(),
      z.minLength(1, BRAND_MESSAGES.appNameRequired),
      z.maxLength(40, 'App name must be at most 40 characters'),
    ),
  tagline: z._default(z.string().check(z.trim(), z.maxLength(100, 'Tagline must be at most 100 characters')), ''),
  primaryColor: HexColor,
  secondaryColor: HexColor,
})
export type BrandInput = z.infer<typeof BrandInput>

/** The stored record as the API returns it (no transforms: it is also a response schema). */
export const Brand = z.object({
  appName: z.string(),
  tagline: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  /** ms since the epoch of the last change; 0 for the defaults. */
  updatedAt: z.int().check(z.minimum(0)),
})
export type Brand = z.infer<typeof Brand>

export const DEFAULT_BRAND_RECORD: Brand = { ...DEFAULT_BRAND, updatedAt: 0 }

export function isDefaultBrand(brand: BrandInput): boolean {
  return (
    brand.appName === DEFAULT_BRAND.appName &&
    brand.tagline === DEFAULT_BRAND.tagline &&
    brand.primaryColor === DEFAULT_BRAND.primaryColor &&
    brand.secondaryColor === DEFAULT_BRAND.secondaryColor
  )
}
