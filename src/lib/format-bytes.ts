const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const

/** A size for people: 1,024 bytes to the KB, at most one decimal ("2.4 MB", "512 bytes"). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = unit === 0 ? 0 : 1
  return `${new Intl.NumberFormat('en-IN', { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`
}
