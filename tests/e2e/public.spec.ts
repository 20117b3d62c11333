import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS } from './support/a11y'
import { expect, newUser, test } from './support/fixtures'
import { shot, signUp } from './support/flows'

/** Script files the page itself loaded. */
function scriptsLoaded(page: Page): string[] {
  const urls: string[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') urls.push(new URL(res.url()).pathname)
  })
  return urls
}

const PUBLIC_PAGES = [
  { path: '/', heading: 'Know where every rupee goes' },
  { path: '/old', heading: 'Know where every rupee goes' },
  { path: '/how-it-works', heading: 'How it works' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Use' },
  { path: '/contact', heading: 'Contact us' },
] as const

for (const look of LOOKS) {
  test.describe(`public pages (${look.name})`, () => {
    test.use({ colorScheme: look.colorScheme, viewport: look.viewport })

    test('each page renders, passes axe, shows the current year, and loads no database code', async ({ page }) => {
      const scripts = scriptsLoaded(page)
      for (const { path, heading } of PUBLIC_PAGES) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
        await expect(page.getByText(`© ${new Date().getFullYear()} Hisaab`)).toBeVisible()
        await expectAccessible(page, `${path} ${look.name}`)
        await shot(page, `test-results/public${path === '/' ? '-landing' : path.replace('/', '-')}-${look.name}.png`)
      }
      expect(scripts.filter((s) => /database|rxdb|dexie/i.test(s))).toEqual([])
      expect(scripts.some((s) => s.includes('landing-screen'))).toBe(true)
    })
  })
}

test.describe('landing buttons', () => {
  test('the light landing leads to signup, demo, login and onboarding', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/signup')
    await expect(page.getByRole('link', { name: 'Live Demo' }).first()).toHaveAttribute('href', '/demo')
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toHaveAttribute('href', '/login')
    await expect(page.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/onboarding')
    await expect(page.getByRole('link', { name: 'Get Started', exact: true }).first()).toHaveAttribute(
      'href',
      '/onboarding',
    )
    for (const [name, href] of [
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Contact', '/contact'],
    ] as const)
      await expect(page.getByRole('contentinfo').getByRole('link', { name })).toHaveAttribute('href', href)
    await page.getByRole('link', { name: 'Get Started Free' }).click()
    await expect(page).toHaveURL(/\/onboarding$/)
    // /signup replaced its history entry: Back returns to the landing page.
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
  })

  test('the dark landing (/old): Start Your Journey, and the nav changes past 50 px of scroll', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 })
    await page.goto('/old')
    await expect(page.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/onboarding')
    const nav = page.locator('header.public-nav')
    await expect(nav).not.toHaveClass(/public-nav--scrolled/)
    await page.mouse.wheel(0, 40)
    await page.waitForTimeout(200)
    await expect(nav).not.toHaveClass(/public-nav--scrolled/)
    await page.evaluate(() => window.scrollTo(0, 120))
    await expect(nav).toHaveClass(/public-nav--scrolled/)
    await shot(page, 'test-results/public-old-scrolled.png')
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(nav).not.toHaveClass(/public-nav--scrolled/)
  })

  test('how it works: three steps, WhatsApp examples, a call to action to /signup', async ({ page }) => {
    await page.goto('/how-it-works')
    await expect(page.getByRole('heading', { level: 2, name: 'Sign up free' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Connect WhatsApp (optional)' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Start tracking' })).toBeVisible()
    await expect(page.getByText('Spent 500 on food')).toBeVisible()
    await page.getByRole('link', { name: 'Sign Up Free' }).click()
    await expect(page).toHaveURL(/\/onboarding$/)
  })

  test('the privacy policy says what stays on the device, what the server keeps and what goes to Twilio', async ({
    page,
  }) => {
    await page.goto('/privacy')
    for (const h of ['On your device', 'On our server', 'What goes to Twilio']) {
      await expect(page.getByRole('heading', { name: h })).toBeVisible()
    }
  })

  test('a signed-in visitor to / goes to /home', async ({ page }) => {
    await signUp(page, newUser('landing'))
    await page.goto('/')
    await expect(page).toHaveURL(/\/home$/)
  })
})
