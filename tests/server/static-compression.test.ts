import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../sync-server/app'
import { loadConfig } from '../../sync-server/config'

// The build writes .br and .gz next to each text file (vite.config.ts); the server sends them as they are.
describe('precompressed static client', () => {
  let dir = ''
  let app: Awaited<ReturnType<typeof buildApp>>
  const script = 'console.log("hisaab");'.repeat(100)
  const shell = '<!doctype html><div id="root"></div>'

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'paisa-static-'))
    const dist = join(dir, 'dist')
    await mkdir(join(dist, 'assets'), { recursive: true })
    const files: Record<string, string> = { 'index.html': shell, 'assets/app-abc123.js': script }
    for (const [name, text] of Object.entries(files)) {
      await writeFile(join(dist, name), text)
      await writeFile(join(dist, `${name}.gz`), gzipSync(text))
      await writeFile(join(dist, `${name}.br`), brotliCompressSync(text))
    }
    await writeFile(join(dist, 'theme-init.js'), 'void 0')
    app = await buildApp({
      ...loadConfig({
        DATA_DIR: join(dir, 'data'),
        STATIC_DIR: dist,
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: 'a@x.io',
        ADMIN_PASSWORD: 'secret1',
      }),
    })
  })

  afterAll(async () => {
    await app.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toContain('javascript')
    expect(res.headers['cache-control']).toContain('immutable')
    expect(res.headers.vary).toContain('Accept-Encoding')
    expect(res.rawPayload.length).toBeLessThan(script.length / 4)
  })

  it('sends gzip where brotli is not accepted, and the plain file where neither is', async () => {
    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script)
    const plain = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('keeps the shell uncached in every encoding, on deep links too', async () => {
    for (const url of ['/', '/index.html', '/settings/profile']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe('br')
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it('sends a file without compressed copies as it is', async () => {
    const res = await app.inject({ url: '/theme-init.js', headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe('void 0')
  })
})
