import type { Brand } from '../../../schema/brand'

export interface WebManifest {
  name?: string
  short_name?: string
  description?: string
  theme_color?: string
  [key: string]: unknown
}

/** The built manifest with the brand's name, tagline and primary colour. */
export function brandedManifest(base: WebManifest, brand: Brand): WebManifest {
  return {
    ...base,
    name: brand.appName,
    short_name: brand.appName.slice(0, 12),
    ...(brand.tagline ? { description: brand.tagline } : {}),
    theme_color: brand.primaryColor,
  }
}
