import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const API_TARGET = process.env.HISAAB_API ?? 'http://localhost:8080'

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/

/**
 * Writes .br and .gz next to every text file of the build, once (at build time, at the best level), so
 * the server sends them as they are (@fastify/static `preCompressed`): a slow phone downloads a third.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? walk(path) : [path]
    })
  return {
    name: 'hisaab-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    // After vite-plugin-pwa wrote sw.js (it is listed before this plugin).
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
          const data = readFileSync(file)
          if (data.length < 1024) continue
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
          const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          writeFileSync(`${file}.br`, br)
        }
      },
    },
  }
}

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // A new service worker waits for the user's Reload in the update prompt.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/icon.svg', 'icons/favicon-32.png', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Hisaab — Money Tracker',
        short_name: 'Hisaab',
        description: 'Track expenses and income, offline first.',
        theme_color: '#10b981',
        background_color: '#f4f7f6',
        display: 'standalone',
        orientation: 'portrait',
        scope: '/',
        start_url: '/home',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: everything the build emits, so every route opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // No runtime caching: /api is never cached, data lives in IndexedDB.
        runtimeCaching: [],
      },
    }),
    precompress(),
  ],
  server: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
  },
})
