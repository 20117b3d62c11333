// Web Push in Hisaab's service worker, loaded by the generated sw.js (vite.config.ts,
// workbox.importScripts). The server sends {title, body, url, tag} (PushPayload in
// sync-server/modules/notifications/channels.ts); a tap opens `url` in the app, offline too:
// the service worker serves the app shell from its precache.
/* global self, clients */

const FALLBACK_PATH = '/home'

/** The payload, or null when it is not the server's JSON. */
function readPayload(event) {
  try {
    const data = event.data ? event.data.json() : null
    return data && typeof data.title === 'string' ? data : null
  } catch {
    return null
  }
}

/** A path inside the app: a payload can never send the user to another site. */
function appPath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : FALLBACK_PATH
}

self.addEventListener('push', (event) => {
  const data = readPayload(event)
  // Every push must show a notification (the subscription is userVisibleOnly).
  const title = data ? data.title : 'Hisaab'
  const options = {
    body: data && typeof data.body === 'string' ? data.body : 'Open Hisaab to see what is new.',
    // The same event sent twice (a retry) replaces its notification instead of adding one.
    tag: data && typeof data.tag === 'string' ? data.tag : undefined,
    data: { url: appPath(data && data.url) },
    icon: '/icons/icon-192.png',
    badge: '/icons/favicon-32.png',
    lang: 'en-IN',
  }
  event.waitUntil(self.registration.showNotification(title, options))
})

/** Shows `path` in an open window of the app (focused), else in a new one. */
async function openApp(path) {
  const target = new URL(path, self.location.origin).href
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
  if (open) {
    try {
      await open.focus()
    } catch {
      // Focusing needs the tap's user activation; navigating does not.
    }
    try {
      return await open.navigate(target)
    } catch {
      // Not controlled by this worker (a page opened before it): open a window instead.
    }
  }
  return clients.openWindow(target)
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const done = openApp(appPath(event.notification.data && event.notification.data.url))
  try {
    event.waitUntil(done)
  } catch {
    // An event dispatched by script cannot be extended; the navigation still runs.
  }
})
