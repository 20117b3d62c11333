import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const API_TARGET = process.env.HISAAB_API ?? 'http://localhost:8080'

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/

// Kept over vite-plugin-compression2, which skips the sw.js and workbox-*.js that vite-plugin-pwa writes last.
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

// Kept over rolldown's own groups (entriesAware): they split a first paint into a script per set of importers.
/** What rolldown's chunking tells about a module (the subset used here). */
interface GraphInfo {
  isEntry: boolean
  importers: readonly string[]
  dynamicImporters: readonly string[]
}

/** Lazily loaded modules only signed-in pages load. */
const SIGNED_IN_ENTRY = /src\/(app\/shell\/|data\/|features\/(?!public\/|auth\/|help\/|onboarding\/|admin\/))/
/** Lazily loaded modules of the public pages and /login (held to 100 KB before first paint). */
const PUBLIC_ENTRY = /src\/(features\/(public|auth|help)\/|app\/pwa-update-prompt)|schema\/api\//

/**
 * The lazily loaded modules whose static imports reach `id`, or null when the main entry's do (the
 * module is in the entry's chunk). `known` keeps each module's answer for the rest of the chunking
 * pass: a module reached on the way up contributes its whole answer, as its importers are ours too.
 */
function lazyEntriesOf(
  id: string,
  info: (id: string) => GraphInfo | null,
  known: Map<string, Set<string> | null>,
): Set<string> | null {
  const cached = known.get(id)
  if (cached !== undefined) return cached
  const entries = new Set<string>()
  const seen = new Set([id])
  const queue = [id]
  let result: Set<string> | null = entries
  while (queue.length > 0 && result) {
    const current = queue.pop()!
    const done = current === id ? undefined : known.get(current)
    if (done === null) result = null
    else if (done) for (const entry of done) entries.add(entry)
    else {
      const module = info(current)
      if (!module) continue
      if (module.isEntry) result = null
      if (module.dynamicImporters.length > 0) entries.add(current)
      for (const importer of module.importers)
        if (!seen.has(importer)) {
          seen.add(importer)
          queue.push(importer)
        }
    }
  }
  known.set(id, result)
  return result
}

/** Each chunking pass's answers of `lazyEntriesOf`. */
const passes = new WeakMap<object, Map<string, Set<string> | null>>()
function knownOf(pass: object): Map<string, Set<string> | null> {
  const known = passes.get(pass) ?? new Map<string, Set<string> | null>()
  passes.set(pass, known)
  return known
}

/**
 * The chunks a signed-in page's first paint needs, each named after the lazily loaded module it
 * starts from, in the order a cold load asks for them: a module that only signed-in pages use goes
 * to the first of these that loads it. Left to itself the bundler makes one chunk per set of
 * importing screens: /home's first paint took some 50 scripts (one per icon, one per helper), each
 * A request to the service worker on a phone's cold start.
 */
const FIRST_PAINT_GROUPS: [name: string, root: RegExp][] = [
  ['frame', /src\/app\/shell\/app-shell\.tsx$/],
  ['home-view', /src\/features\/home\/home-snapshot\.tsx$/],
  ['ledger-view', /src\/features\/transactions\/ledger-snapshot\.tsx$/],
  ['data-layer', /src\/app\/shell\/user-data-gate\.tsx$/],
]

/**
 * Icons go into two chunks (those a public page can use, kept apart so a first visit does not
 * download the app's, and the rest: 101 → 78 ms to /home's first paint offline); other modules
 * that only signed-in pages use, into the first of FIRST_PAINT_GROUPS that loads them.
 */
function chunkOf(
  id: string,
  info: (id: string) => GraphInfo | null,
  known: Map<string, Set<string> | null>,
): string | null {
  const entries = lazyEntriesOf(id, info, known)
  if (!entries || entries.size === 0) return null
  const isPublic = [...entries].some((entry) => PUBLIC_ENTRY.test(entry))
  if (/node_modules[\\/]lucide-react[\\/]/.test(id)) return isPublic ? 'icons-public' : 'icons'
  const group = FIRST_PAINT_GROUPS.find(([, root]) => [...entries].some((entry) => root.test(entry)))?.[0]
  if (isPublic || !group) return null
  // The first paint's helpers that onboarding or the back office use too go to one chunk they share.
  if (group === 'data-layer' || [...entries].every((entry) => SIGNED_IN_ENTRY.test(entry))) return group
  return 'common'
}

// Kept: without it (lazyBarrel or not) every icon lands in icons-public, which each public page downloads.
/**
 * Imports each lucide icon from its own module (`lucide-react/icons/<name>`) instead of the package's
 * index, which re-exports all 1,600 icons: every module that imports any icon then imports all of
 * them as far as the module graph tells, and `chunkOf` could not see who uses which.
 */
function lucideDirectImports(): Plugin {
  const index = join('node_modules', 'lucide-react', 'dist', 'esm', 'lucide-react.mjs')
  const fileOf = new Map<string, string>()
  const reExports = /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g
  for (const [, names, file] of readFileSync(index, 'utf8').matchAll(reExports))
    for (const name of names!.split(',')) fileOf.set(name.trim().replace(/^default as /, ''), file!)
  return {
    name: 'hisaab-lucide-direct-imports',
    // Chunks only matter to builds; in development the index stays one prebundled dependency.
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes("from 'lucide-react'")) return null
      return code.replace(/import \{([^}]*)\} from 'lucide-react'/g, (_, specifiers: string) => {
        const direct: string[] = []
        const rest: string[] = []
        for (const specifier of specifiers
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [imported, local = imported] = specifier.split(/\s+as\s+/)
          const file = fileOf.get(imported!)
          if (file) direct.push(`import ${local} from 'lucide-react/icons/${file}'`)
          else rest.push(specifier)
        }
        return [...direct, ...(rest.length > 0 ? [`import { ${rest.join(', ')} } from 'lucide-react'`] : [])].join('\n')
      })
    },
  }
}

export default defineConfig({
  plugins: [
    lucideDirectImports(),
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
        // Android lists Hisaab in the share sheet: sharing a bank SMS opens the Add Expense form
        // filled from it. The service worker answers this POST itself, so it works offline.
        share_target: {
          action: '/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { title: 'title', text: 'text', url: 'url' },
        },
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
        // No runtime caching: /api is never cached, data lives in IndexedDB. The one runtime route is
        // the share target's POST: the shared text is kept in the 'hisaab-share' cache for the form
        // (src/data/shared-message.ts) and the browser is sent on to it. Both functions are copied
        // into the service worker as they are, so they use nothing from this file.
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname === '/share-target',
            method: 'POST',
            handler: async ({ request }) => {
              const form = await request.formData()
              const field = (name: string) => {
                const value = form.get(name)
                return typeof value === 'string' ? value.trim() : ''
              }
              const text = field('text') || field('title') || field('url')
              const cache = await caches.open('hisaab-share')
              await cache.put('/shared-message', new Response(text, { headers: { 'content-type': 'text/plain' } }))
              return Response.redirect('/add-expense?shared=1', 303)
            },
          },
        ],
        // Web Push: showing reminders and opening the right screen on a tap.
        importScripts: ['sw-push.js'],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the modules named here (their dependencies stay where the bundler puts them).
          includeDependenciesRecursively: false,
          groups: [
            { name: 'entry', tags: ['$initial'], priority: 2 },
            { name: (id, ctx) => chunkOf(id, (m) => ctx.getModuleInfo(m), knownOf(ctx)), priority: 1 },
          ],
        },
      },
    },
  },
})
