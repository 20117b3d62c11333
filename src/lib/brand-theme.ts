import { DEFAULT_BRAND, type BrandInput } from '../../schema/brand'
import { heroColors, readableTextOn, shadeForContrast } from '../../schema/calc/contrast'

/** The surfaces brand colours must read on (theme.css: light surface-2, dark surface-2). */
const LIGHT_SURFACE = '#f0f4f3'
const DARK_SURFACE = '#1a2623'

function themeVars(primary: string, secondary: string, surface: string): string {
  // The brand colour itself is text, a border and a fill across the app: use the nearest shade
  // of it that reads at AA on the theme's surfaces, with black or white text on top of it.
  const readable = shadeForContrast(primary, surface)
  const hero = heroColors(primary, secondary)
  return [
    `--color-primary: ${readable};`,
    `--color-primary-strong: ${shadeForContrast(readable, surface, 5.5)};`,
    `--color-primary-soft: color-mix(in srgb, ${readable} 16%, transparent);`,
    `--color-on-primary: ${readableTextOn(readable)};`,
    `--color-focus: ${readable};`,
    `--color-link: ${readable};`,
    // Hero cards and primary buttons carry white text.
    `--color-primary-button: ${hero.from};`,
    `--hero-from: ${hero.from};`,
    `--hero-to: ${hero.to};`,
  ].join(' ')
}

/**
 * CSS that applies brand colours in both themes, or '' for the default colours (the designed
 * palette stays exactly as it is). Every derived text colour meets WCAG AA.
 */
export function brandThemeCss(brand: Pick<BrandInput, 'primaryColor' | 'secondaryColor'>): string {
  const { primaryColor, secondaryColor } = brand
  if (primaryColor === DEFAULT_BRAND.primaryColor && secondaryColor === DEFAULT_BRAND.secondaryColor) return ''
  return [
    `:root { ${themeVars(primaryColor, secondaryColor, LIGHT_SURFACE)} }`,
    `:root[data-theme='dark'] { ${themeVars(primaryColor, secondaryColor, DARK_SURFACE)} }`,
  ].join('\n')
}
