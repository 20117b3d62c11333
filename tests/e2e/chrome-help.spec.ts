import type { Page } from '@playwright/test'
import { expect, newUser, test } from './support/fixtures'
import { shot, signUp } from './support/flows'

const SHOTS = '.tmp/shots-chrome'

const helpButton = (page: Page) => page.getByRole('button', { name: 'Help', exact: true })
const helpPanel = (page: Page) => page.getByRole('dialog', { name: 'Help & Support' })

/** Each quick-help question and a phrase its answer must contain. */
const FAQS: [string, RegExp][] = [
  ['How do I add an expense?', /pick a category/],
  ['How do I change my currency?', /Settings.*Currency/],
  ['How do I link WhatsApp?', /Connect WhatsApp/],
  ['How do I change my password?', /at least 6 characters/],
  ['How do I export my data as JSON?', /Export Data/],
]

test.describe('help widget', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('opens, answers all five questions with Back, and links to tickets and e-mail', async ({ page }) => {
    await signUp(page, newUser('help'))
    await expect(helpButton(page)).toBeVisible()
    await expect(helpPanel(page)).toHaveCount(0)

    await helpButton(page).click()
    const panel = helpPanel(page)
    await expect(panel).toBeVisible()
    await expect(helpButton(page)).toHaveAttribute('aria-expanded', 'true')
    await expect(panel.getByRole('list').first().getByRole('button')).toHaveText(FAQS.map(([q]) => q))
    await expect(panel.getByRole('link', { name: /Create Support Ticket/ })).toHaveAttribute(
      'href',
      '/support/tickets/new',
    )
    await expect(panel.getByRole('link', { name: /Create Support Ticket/ })).toContainText('24 hours')
    await expect(panel.getByRole('link', { name: /My Tickets/ })).toHaveAttribute('href', '/support/tickets')
    await expect(panel.getByRole('link', { name: 'support@hisaab.app' })).toHaveAttribute(
      'href',
      'mailto:support@hisaab.app',
    )
    await shot(page, `${SHOTS}/desktop-help-light.png`)

    for (const [question, answer] of FAQS) {
      await panel.getByRole('button', { name: question }).click()
      const view = panel.getByTestId('help-answer')
      await expect(view.getByRole('heading', { name: question })).toBeVisible()
      await expect(view).toContainText(answer)
      await expect(view.getByRole('link', { name: /Create Support Ticket/ })).toHaveAttribute(
        'href',
        '/support/tickets/new',
      )
      await expect(panel.getByRole('button', { name: /My Tickets/ })).toHaveCount(0)
      if (question === FAQS[0]![0]) await shot(page, `${SHOTS}/desktop-help-answer-light.png`)
      await panel.getByRole('button', { name: 'Back' }).click()
      await expect(view).toHaveCount(0)
      // Back returns to the list with focus on the question just read.
      await expect(panel.getByRole('button', { name: question })).toBeFocused()
    }

    // Esc closes and gives focus back to the Help button.
    await page.keyboard.press('Escape')
    await expect(panel).toHaveCount(0)
    await expect(helpButton(page)).toBeFocused()

    // A click elsewhere closes too.
    await helpButton(page).click()
    await expect(panel).toBeVisible()
    await page.mouse.click(200, 400)
    await expect(panel).toHaveCount(0)

    // Following a link closes the panel and opens the ticket form's address in the app (no full
    // page load: the paths the app visits are recorded, as /support may redirect until it exists).
    await page.evaluate(() => {
      const w = window as unknown as { __paths: string[]; __loaded: boolean }
      w.__paths = []
      w.__loaded = true
      const original = history.pushState.bind(history)
      history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url)
        w.__paths.push(location.pathname)
      }
    })
    await helpButton(page).click()
    await panel.getByRole('button', { name: FAQS[1]![0] }).click()
    await panel.getByRole('link', { name: /Create Support Ticket/ }).click()
    await expect(panel).toHaveCount(0)
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __paths: string[] }).__paths[0]))
      .toBe('/support/tickets/new')
    expect(await page.evaluate(() => (window as unknown as { __loaded?: boolean }).__loaded)).toBe(true)
    await expect(helpButton(page)).toBeVisible()
  })

  test('is hidden on the login and signup pages', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
    await expect(helpButton(page)).toHaveCount(0)
    await page.goto('/signup')
    await expect(page.getByRole('heading', { name: 'Welcome to Hisaab' })).toBeVisible()
    await expect(helpButton(page)).toHaveCount(0)
  })
})

test.describe('help widget on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' })

  test('sits in the top bar, over no content, and its panel fits the screen', async ({ page }) => {
    await signUp(page, newUser('helpphone'))
    // In the top bar (one tap from any screen), not floating over the page's amounts and buttons.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Help', exact: true })).toBeVisible()
    const fab = await helpButton(page).boundingBox()
    const bar = await page.locator('header.topbar').boundingBox()
    expect(fab && bar).toBeTruthy()
    expect(fab!.y + fab!.height).toBeLessThanOrEqual(bar!.y + bar!.height)
    expect(fab!.x + fab!.width).toBeLessThanOrEqual(390)

    await helpButton(page).click()
    const panel = helpPanel(page)
    await expect(panel).toBeVisible()
    const box = await panel.boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    expect(box!.y).toBeGreaterThanOrEqual(0)
    await shot(page, `${SHOTS}/phone-help-dark.png`)
    await panel.getByRole('button', { name: FAQS[2]![0] }).click()
    await expect(panel.getByTestId('help-answer')).toContainText("'Expense Added'")
    await shot(page, `${SHOTS}/phone-help-answer-dark.png`)
  })
})

test.describe('a first visit with no service worker yet', () => {
  // Once the worker holds the chunks it serves them, and no request reaches the network (or the route).
  test.use({ serviceWorkers: 'block' })

  test('a widget whose chunk cannot load (offline before the page was idle) is left out, not the whole app', async ({
    page,
  }) => {
    const user = newUser('helpoffline')
    await signUp(page, user)
    // As a first visit that loses its connection before the idle-time chunks arrive (no service
    // worker holds them yet): the help widget's and the update prompt's requests fail.
    const failed: string[] = []
    page.on('requestfailed', (request) => failed.push(request.url()))
    await page.route(/\/assets\/(help-widget|pwa-update-prompt)-[^/]+\.js$/, (route) =>
      route.abort('internetdisconnected'),
    )
    await page.goto('/settings')
    await expect(page.getByTestId('settings-email')).toHaveText(user.email)
    await expect.poll(() => failed.some((url) => url.includes('/help-widget-'))).toBe(true)
    await expect.poll(() => failed.some((url) => url.includes('/pwa-update-prompt-'))).toBe(true)
    // The page is still there and still works; only the widget is missing.
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toHaveCount(0)
    await expect(helpButton(page)).toHaveCount(0)
    await expect(page.getByTestId('settings-email')).toHaveText(user.email)
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByTestId('month-expenses')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toHaveCount(0)
  })
})
