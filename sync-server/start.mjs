// `npm start`: build the client when dist/ is missing or older than its sources, then serve
// app + API from one process (sync-server/main.ts).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCES = ['src', 'schema', 'public', 'index.html', 'vite.config.ts']

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((max, entry) => Math.max(max, newestMtime(join(path, entry))), 0)
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
if (built < Math.max(...SOURCES.map(newestMtime))) {
  console.log('Building the client…')
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// The IPC channel closes when this wrapper dies, however it dies (even SIGKILL): the server
// watches it and shuts down instead of holding the port.
const server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
