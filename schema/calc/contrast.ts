/** WCAG 2 colour contrast for #rrggbb colours, and readable variants of a brand colour. */

export type Rgb = readonly [number, number, number]

export function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (!m) throw new Error(`Not a #rrggbb colour: ${hex}`)
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)]
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}

function channel(c: number): number {
  const s = c / 255
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}

export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex)
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The WCAG contrast ratio, from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** WCAG AA for normal text. */
export const AA_TEXT = 4.5

/** Black or white, whichever reads better on `background` (always at least 4.5:1 on one of them). */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return contrast(background, '#ffffff') >= contrast(background, '#000000') ? '#ffffff' : '#000000'
}

function mix(color: string, toward: string, amount: number): string {
  const a = parseHex(color)
  const b = parseHex(toward)
  return toHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as unknown as Rgb)
}

/**
 * `color`, moved toward black (or white) in small steps until it reaches `ratio` against
 * `against`: the closest shade of the brand colour that is still readable. Black and white
 * always reach 4.5:1 against white and black respectively, so the loop always ends.
 */
export function shadeForContrast(color: string, against: string, ratio = AA_TEXT): string {
  const toward = luminance(against) > 0.18 ? '#000000' : '#ffffff'
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mix(color, toward, step / 20)
    if (contrast(candidate, against) >= ratio) return candidate
  }
  return toward
}

/**
 * The hero gradient (balance card, help panel, the brand preview) and primary buttons for a
 * brand's two colours: each moved to its nearest shade that carries white text at AA, so the
 * text on them is always white and always readable, whatever colours were picked (#ffff00 too).
 */
export function heroColors(primary: string, secondary: string): { from: string; to: string; text: '#ffffff' } {
  return { from: shadeForContrast(primary, '#ffffff'), to: shadeForContrast(secondary, '#ffffff'), text: '#ffffff' }
}
