import { expectAccessible } from './support/a11y'
import { expect, newUser, test } from './support/fixtures'
import { shot, signIn, signUp } from './support/flows'

const SHOTS = '.tmp/shots-sign-in'

/**
 * Every browser here reaches the server from the same address (127.0.0.1), like a stranger on the
 * owner's Wi-Fi or carrier NAT: the stranger's wrong passwords make that address wait for her
 * account, and the owner's browser, remembered by its device cookie since she signed up in it,
 * still signs in.
 */
for (const look of [
  { name: 'dark-390', colorScheme: 'dark' as const, viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: 'light-1280', colorScheme: 'light' as const, viewport: { width: 1280, height: 900 }, hasTouch: false },
]) {
  test.describe(`sign-in throttle (${look.name})`, () => {
    test.use({ colorScheme: look.colorScheme, viewport: look.viewport, hasTouch: look.hasTouch })

    test("a stranger's wrong passwords make the stranger wait, not the owner's browser", async ({
      page,
      browser,
      server,
    }) => {
      const owner = newUser(`owner-${look.name}`)
      await signUp(page, owner)
      const cookies = await page.context().cookies()
      expect(cookies.find((c) => c.name.startsWith('hisaab_device_'))).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/auth',
      })
      await page.getByRole('button', { name: 'Logout' }).click()
      await expect(page).toHaveURL(/\/login$/)

      const stranger = await browser.newContext({
        baseURL: server.url,
        colorScheme: look.colorScheme,
        viewport: look.viewport,
        hasTouch: look.hasTouch,
      })
      try {
        const guesser = await stranger.newPage()
        await guesser.goto('/login')
        await guesser.getByLabel('Email').fill(owner.email)
        for (let i = 0; i < 5; i++) {
          await guesser.getByLabel('Password', { exact: true }).fill(`guess-number-${i}`)
          await guesser.getByRole('button', { name: 'Sign In', exact: true }).click()
          await expect(guesser.getByRole('alert')).toHaveText('Invalid email or password')
        }
        // Even the right password waits now, from the stranger's browser.
        await guesser.getByLabel('Password', { exact: true }).fill(owner.password)
        await guesser.getByRole('button', { name: 'Sign In', exact: true }).click()
        // The wait counts down from 30 seconds; a slow machine may show the next second already.
        await expect(guesser.getByRole('alert')).toHaveText(
          /^Too many wrong passwords\. Try again in (30|29) seconds\.$/,
        )
        await expect(guesser).toHaveURL(/\/login$/)
        await expectAccessible(guesser, `/login waiting ${look.name}`)
        await shot(guesser, `${SHOTS}/login-waiting-${look.name}.png`)
      } finally {
        await stranger.close()
      }

      await signIn(page, owner)
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    })
  })
}
