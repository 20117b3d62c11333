/** Nice round axis top ≥ max: 1, 2 or 5 × 10ⁿ, and never below `least`. */
export function niceCeil(max: number, least = 1): number {
  if (max <= least) return least
  const power = 10 ** Math.floor(Math.log10(max))
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power
  return 10 * power
}
