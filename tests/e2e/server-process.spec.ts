import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (typeof address !== 'object' || !address) throw new Error('no port')
  return address.port
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}

// Killing the `npm start` wrapper (even with SIGKILL) must not leave the server
// child holding the port. Runs after the build, so start.mjs serves dist/ without rebuilding.
test('npm start: the server exits when its wrapper is killed', async () => {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'hisaab-start-'))
  const wrapper = spawn(process.execPath, ['sync-server/start.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  const health = `http://127.0.0.1:${port}/api/health`
  try {
    await expect.poll(() => answers(health), { timeout: 30_000 }).toBe(true)
    wrapper.kill('SIGKILL')
    await expect.poll(() => answers(health), { timeout: 15_000 }).toBe(false)
  } finally {
    wrapper.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
})
