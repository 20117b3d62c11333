/**
 * RxDB's open-core Dexie storage prints a premium-plugins advertisement with console.warn on the
 * first write of every page load (rxdb/plugins/storage-dexie). RxDB has no option to turn it off
 * short of a premium licence (`setPremiumFlag()` from rxdb-premium, which we do not have and must
 * not fake: the same flag lifts the open-core collection limit). So this one message, matched by
 * its fixed first line, is dropped; every other warning still reaches the console.
 */
const NOTICE_FIRST_LINE = '-------------- RxDB Open Core RxStorage'

let installed = false

export function muteRxdbStorageNotice(): void {
  if (installed) return
  installed = true
  const warn = console.warn.bind(console)
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(NOTICE_FIRST_LINE)) return
    warn(...args)
  }
}
