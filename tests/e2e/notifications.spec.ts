import type { BrowserContext, Page } from '@playwright/test'
import { TestPushService } from '../server/push-service'
import type { TestSubscription } from '../server/push-service'
import { expectAccessible, LOOKS } from './support/a11y'
import { expect, newUser, test as base } from './support/fixtures'
import { apiLogin, offlineReady, shot, signUp } from './support/flows'
import { ServerProcess } from './support/server'

// Issue "Reminders that reach you": the Push Notifications switch (permission only on a tap,
// granted and denied, iPhone outside the installed app), a reminder the server sends to a local
// push service that decrypts it, delivered to the service worker over the DevTools protocol,
// shown as a notification whose tap opens the review (offline too).

const SHOTS = '.tmp/shots-notifications'

/** The server sends reminders to a local push service and looks for them every second. */
const test = base.extend<{ push: TestPushService }, { server: ServerProcess; pushService: TestPushService }>({
  pushService: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const service = await TestPushService.start()
      await use(service)
      await service.close()
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ pushService }, use) => {
      const server = await ServerProcess.create({
        PUSH_SERVICE_ORIGINS: pushService.origin,
        REMINDER_CHECK_SECONDS: '1',
      })
      await use(server)
      await server.dispose()
    },
    { scope: 'worker' },
  ],
  push: async ({ pushService }, use) => {
    await use(pushService)
  },
})

/** A zone where it is now between 09:00 and 19:00, so no reminder is held for the quiet hours during the test. */
function daytimeZone(): string {
  const zones = ['Asia/Kolkata', 'Europe/London', 'America/New_York', 'Asia/Tokyo', 'America/Los_Angeles', 'UTC']
  const hourIn = (zone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()))
  const zone = zones.find((z) => hourIn(z) >= 9 && hourIn(z) < 19)
  if (!zone) throw new Error('no daytime zone in the list')
  return zone
}

/**
 * The browser's push service, which this machine cannot reach (Chromium's registers with Google's
 * over the network): PushManager answers with a subscription at the local push service, with keys
 * the test holds. Everything after the browser's subscribe call is real.
 */
async function localPushManager(context: BrowserContext, sub: TestSubscription) {
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const STORE = 'e2e.push-subscription'
      const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
      const fromB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
      const make = (serverKey: string) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: fromB64(serverKey).buffer },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        getKey: () => null,
        unsubscribe: () => {
          localStorage.removeItem(STORE)
          return Promise.resolve(true)
        },
      })
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        const key = toB64(new Uint8Array(options?.applicationServerKey as ArrayBuffer))
        localStorage.setItem(STORE, key)
        return Promise.resolve(make(key) as unknown as PushSubscription)
      }
      PushManager.prototype.getSubscription = function () {
        const key = localStorage.getItem(STORE)
        return Promise.resolve(key ? (make(key) as unknown as PushSubscription) : null)
      }
      // Counts the permission prompts the page asks for.
      const ask = Notification.requestPermission.bind(Notification)
      Notification.requestPermission = () => {
        const w = window as unknown as { permissionAsks?: number }
        w.permissionAsks = (w.permissionAsks ?? 0) + 1
        return ask()
      }
    },
    { endpoint: sub.endpoint, keys: sub.keys },
  )
}

async function openAppearance(page: Page) {
  await page.goto('/settings')
  await page.getByRole('button', { name: /^Appearance/ }).click()
  await expect(page.getByTestId('reminder-choices')).toBeVisible()
}

const permissionAsks = (page: Page) =>
  page.evaluate(() => (window as unknown as { permissionAsks?: number }).permissionAsks ?? 0)

/** A household of a second account that `email` joins, and an expense waiting on that member's review. */
async function reviewWaiting(server: ServerProcess, memberToken: string, memberEmail: string) {
  const payer = newUser('payer')
  await server.api('POST', '/auth/register', undefined, { ...payer })
  const { token } = await apiLogin(server, payer)
  const created = await server.api<{ household: { id: string } }>('POST', '/households', token, {
    name: 'Flat 4B',
    review_period_hours: 24,
  })
  const id = created.body.household.id
  await server.api('POST', `/households/${id}/invite`, token, { email: memberEmail })
  const list = await server.api<{ invitations: { id: string }[] }>('GET', '/households/invitations', memberToken)
  await server.api('POST', `/households/invitations/${list.body.invitations[0]!.id}/accept`, memberToken)
  const expense = await server.api('POST', `/households/${id}/expenses`, token, {
    amount: 1200,
    category: 'Groceries',
    description: 'Vegetables and milk',
  })
  expect(expense.status).toBe(201)
}

/** The service worker's registration id, for the DevTools protocol's ServiceWorker domain. */
async function registrationId(
  page: Page,
): Promise<{ id: string; cdp: Awaited<ReturnType<BrowserContext['newCDPSession']>> }> {
  const cdp = await page.context().newCDPSession(page)
  const ids: string[] = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) if (!r.isDeleted) ids.push(r.registrationId)
  })
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => ids.length).toBeGreaterThan(0)
  return { id: ids[0]!, cdp }
}

test('granted: the switch subscribes; a review reminder arrives, shows, and a tap opens the review offline', async ({
  browser,
  server,
  push,
}) => {
  const zone = daytimeZone()
  const context = await browser.newContext({ baseURL: server.url, timezoneId: zone })
  await context.grantPermissions(['notifications'], { origin: server.url })
  const device = push.subscribe(`granted-${Date.now()}`)
  await localPushManager(context, device)
  const page = await context.newPage()
  const user = newUser('reminded')
  await signUp(page, user)
  const { token } = await apiLogin(server, user)
  await reviewWaiting(server, token, user.email)
  await page.goto('/households/reviews')
  await expect(page.getByTestId('review-card').filter({ hasText: 'Vegetables and milk' })).toBeVisible()

  await openAppearance(page)
  const toggle = page.getByRole('switch', { name: /Push Notifications/ })
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  await expect(toggle).toContainText('On for this device')
  await expect(page.getByTestId('reminder-zone')).toContainText(`(${zone} time)`)
  const settings = await server.api<{ devices: number; settings: { time_zone: string } }>(
    'GET',
    '/notifications/settings',
    token,
  )
  expect(settings.body).toMatchObject({ devices: 1, settings: { time_zone: zone } })

  // The server's job finds the review and sends it; the push service decrypts it with the device's keys.
  await expect.poll(() => push.accepted(device.name).length, { timeout: 20_000 }).toBe(1)
  const payload = push.accepted(device.name)[0]!
  expect(payload).toMatchObject({ title: 'An expense waits for your review', url: '/households/reviews' })
  expect(payload.body).toContain('₹1,200 for Groceries in Flat 4B')

  await offlineReady(page)
  await page.goto('/home')
  const { id, cdp } = await registrationId(page)
  const delivery = push.deliveries.find((d) => d.subscription === device.name)!
  const shown = () =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready
      return (await reg.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      }))
    })
  // DevTools' delivery was once lost on a loaded machine (nothing shown in 10 s): it is sent again
  // until shown; the payload's tag makes a second delivery replace the first, never add to it.
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: id,
      data: delivery.payload,
    })
    await expect.poll(async () => (await shown()).length, { timeout: 5_000 }).toBe(1)
  }).toPass({ timeout: 30_000 })
  expect((await shown())[0]).toEqual({
    title: payload.title,
    body: payload.body,
    tag: payload.tag,
    data: { url: '/households/reviews' },
  })

  // Offline (the server is down), a tap on the notification opens the review from the device's data.
  await server.stop()
  const worker = context.serviceWorkers()[0]!
  await worker.evaluate(async () => {
    const sw = self as unknown as ServiceWorkerGlobalScope
    const [notification] = await sw.registration.getNotifications()
    sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }))
  })
  await expect(page).toHaveURL(/\/households\/reviews$/)
  await expect(page.getByTestId('review-card').filter({ hasText: 'Vegetables and milk' })).toBeVisible()
  expect(await shown()).toEqual([])
  await server.start()

  // Turning it off forgets the device on the server.
  await openAppearance(page)
  await page.getByRole('switch', { name: /Push Notifications/ }).click()
  await expect(page.getByRole('switch', { name: /Push Notifications/ })).toHaveAttribute('aria-checked', 'false')
  const devices = async () => (await server.api<{ devices: number }>('GET', '/notifications/settings', token)).body
  expect((await devices()).devices).toBe(0)

  // On again, then Logout: the device is forgotten on the server and in the browser.
  await page.getByRole('switch', { name: /Push Notifications/ }).click()
  await expect.poll(async () => (await devices()).devices).toBe(1)
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
  await page.getByRole('alertdialog', { name: 'Logout?' }).getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect((await devices()).devices).toBe(0)
  expect(await page.evaluate(() => localStorage.getItem('e2e.push-subscription'))).toBeNull()
  await context.close()
})

test('denied: permission is asked only on a tap; refused, the switch stays off and nothing is stored', async ({
  browser,
  server,
  push,
}) => {
  const context = await browser.newContext({ baseURL: server.url, timezoneId: 'Europe/London' })
  await localPushManager(context, push.subscribe(`denied-${Date.now()}`))
  const page = await context.newPage()
  const user = newUser('denied')
  await signUp(page, user)
  const { token } = await apiLogin(server, user)
  await openAppearance(page)
  expect(await permissionAsks(page)).toBe(0)
  const toggle = page.getByRole('switch', { name: /Push Notifications/ })
  await toggle.click()
  await expect.poll(() => permissionAsks(page)).toBe(1)
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await expect(toggle).toContainText(/Notifications are blocked for this site|Notifications were not allowed/)
  const settings = await server.api<{ devices: number }>('GET', '/notifications/settings', token)
  expect(settings.body.devices).toBe(0)

  // The account's choices are the server's: one switch saved at a time.
  const budgets = page.getByRole('switch', { name: /Budget alerts/ })
  await budgets.click()
  await expect(budgets).toHaveAttribute('aria-checked', 'false')
  const saved = await server.api<{ settings: { budgets: boolean } }>('GET', '/notifications/settings', token)
  expect(saved.body.settings.budgets).toBe(false)
  // No device subscribed, so the day is still the server's; this device's zone is one tap away.
  await expect(page.getByTestId('reminder-zone')).toContainText('(Asia/Kolkata time)')
  await page.getByRole('button', { name: 'Use this device’s time zone (Europe/London)' }).click()
  await expect(page.getByTestId('reminder-zone')).toContainText('(Europe/London time)')
  await expect(page.getByRole('button', { name: /Use this device’s time zone/ })).toHaveCount(0)
  await context.close()
})

test('iPhone Safari outside the installed app: says how to get notifications', async ({ browser, server }) => {
  const context = await browser.newContext({
    baseURL: server.url,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
      'Version/18.2 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  })
  // What a Safari tab on iOS lacks.
  await context.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager
    delete (window as { Notification?: unknown }).Notification
  })
  const page = await context.newPage()
  await signUp(page, newUser('iphone'))
  await openAppearance(page)
  const toggle = page.getByRole('switch', { name: /Push Notifications/ })
  await expect(toggle).toBeDisabled()
  await expect(toggle).toContainText('Not available in this browser.')
  const why = page.getByTestId('push-unavailable')
  await expect(why).toContainText('work only in the installed app: tap Share, then Add to Home Screen')
  await why.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await expectAccessible(page, 'appearance on iPhone Safari')
  await shot(page, `${SHOTS}/appearance-iphone-safari.png`)
  await context.close()
})

for (const look of LOOKS)
  test(`Appearance with reminders looks right and passes axe (${look.name})`, async ({ browser, server, push }) => {
    const { name, ...options } = look
    const context = await browser.newContext({ baseURL: server.url, ...options })
    await context.grantPermissions(['notifications'], { origin: server.url })
    await localPushManager(context, push.subscribe(`look-${name}-${Date.now()}`))
    const page = await context.newPage()
    await page.emulateMedia({ colorScheme: look.colorScheme })
    await signUp(page, newUser(`look-${name}`))
    await openAppearance(page)
    await page.getByRole('switch', { name: /Push Notifications/ }).click()
    await expect(page.getByRole('switch', { name: /Push Notifications/ })).toHaveAttribute('aria-checked', 'true')
    await page.getByTestId('reminder-choices').scrollIntoViewIfNeeded()
    await expectAccessible(page, `appearance ${name}`)
    await shot(page, `${SHOTS}/appearance-${name}.png`)
    await page.getByTestId('reminder-zone').evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await shot(page, `${SHOTS}/appearance-${name}-zone.png`)
    await context.close()
  })
