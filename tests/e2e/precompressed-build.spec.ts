import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { ServerProcess } from './support/server'

const DIST = process.env.E2E_STATIC_DIR ?? 'dist'

/** The raw bytes and Content-Encoding the server answers `url` with (not decoded). */
function get(url: string, encoding: string): Promise<{ status: number; encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

let server: ServerProcess
test.beforeAll(async () => {
  server = await ServerProcess.create({ LOG_LEVEL: 'warn' })
})
test.afterAll(async () => {
  await server.dispose()
})

// The build's precompression (vite.config.ts) covers the files vite-plugin-pwa writes after the
// bundle too: the service worker and its workbox runtime, downloaded on every install.
test('the build writes brotli and gzip copies the server sends: entry script, service worker, workbox', async () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8')
  const entry = /src="\/(assets\/index-[\w-]+\.js)"/.exec(html)?.[1]
  const workbox = /\.\/(workbox-[\w]+)"/.exec(readFileSync(join(DIST, 'sw.js'), 'utf8'))?.[1]
  expect(entry).toBeTruthy()
  expect(workbox).toBeTruthy()
  for (const path of [entry!, 'sw.js', `${workbox}.js`, 'sw-push.js']) {
    const plain = readFileSync(join(DIST, path))
    const br = await get(`${server.url}/${path}`, 'gzip, br')
    expect({ path, status: br.status, encoding: br.encoding }).toEqual({ path, status: 200, encoding: 'br' })
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true)
    expect(br.body.length).toBeLessThan(plain.length / 2)
    const gz = await get(`${server.url}/${path}`, 'gzip')
    expect({ path, encoding: gz.encoding }).toEqual({ path, encoding: 'gzip' })
    expect(gunzipSync(gz.body).equals(plain)).toBe(true)
  }
})
