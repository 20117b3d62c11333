import { buildApp } from './app'
import { loadConfig } from './config'

const config = loadConfig()
// Month windows, "yesterday" and the 1st of the month are computed in local time by the shared
// calculations: make the process's local time the configured zone (REPORT_TIME_ZONE).
process.env.TZ = config.reportTimeZone
const offset = config.clockOffsetMs
const app = await buildApp(config, offset > 0 ? { now: () => Date.now() + offset } : {})

let closing = false
function shutdown(reason: string): void {
  if (closing) return
  closing = true
  app.log.info(`${reason}, closing`)
  // In-flight requests get a grace period; then any straggling connection is cut.
  setTimeout(() => app.server.closeAllConnections(), 10_000).unref()
  app.close().then(
    () => process.exit(0),
    (err: unknown) => {
      app.log.error({ err }, 'close failed')
      process.exit(1)
    },
  )
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => shutdown(`${signal} received`))
// Started by `npm start` (sync-server/start.mjs) with an IPC channel: its end means the wrapper is gone.
if (process.send) process.once('disconnect', () => shutdown('npm start wrapper exited'))

try {
  const address = await app.listen({ port: config.port, host: config.host })
  const shown =
    config.host === '0.0.0.0' || config.host === '::' ? address.replace(/\/\/[^:/]+/, '//localhost') : address
  app.log.info(`Listening on ${shown}`)
  if (config.logLevel === 'silent') console.log(`Listening on ${shown}`)
} catch (err) {
  app.log.error({ err }, 'could not start')
  process.exit(1)
}
