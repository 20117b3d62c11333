import type { Page } from '@playwright/test'
import { expectAccessible, LOOKS } from './support/a11y'
import { expect, test } from './support/fixtures'
import { shot } from './support/flows'
import { device, person } from './support/people'

/**
 * Pasted bank messages in another currency: one fills Add Expense in that currency with the last
 * rate the user gave for the pair; a list saves each in its own currency, at that rate or not
 * converted when there is none (never 1:1).
 */

test.use({ timezoneId: 'Asia/Kolkata' })

const SHOTS = 'test-results/paste-currency'

/** dd-Mon-yy of yesterday in India, as ICICI prints it. */
function iciciDay(): string {
  const d = new Date(Date.now() - 86_400_000)
  return d.toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: '2-digit' })
}

const cardSpend = (amount: string, merchant: string) =>
  `${amount} spent using ICICI Bank Card XX1234 on ${iciciDay().replaceAll(' ', '-')} at ${merchant}. ` +
  'Avl Lmt: INR 1,23,456.00.'

const pasteBox = (page: Page) => page.getByRole('textbox', { name: 'Paste a bank message' })

async function readMessage(page: Page, text: string) {
  await pasteBox(page).fill(text)
  await page.getByRole('button', { name: 'Read message' }).click()
}

interface Pulled {
  documents: { description: string; amount: number; currency?: string; fxRate?: number | null; fxHome?: string }[]
}

test('a dollar card spend pasted: filled in dollars at the last rate; a list books each in its currency', async ({
  browser,
  server,
}) => {
  test.setTimeout(240_000)
  const who = await person(server, 'pastefx')
  const page = await device(browser, server, who, LOOKS[0])

  // A rate for dollars, given once by hand.
  await page.goto('/add-expense')
  await page.getByLabel('Amount').fill('5')
  await page.getByLabel('Currency').selectOption('USD')
  await page.getByLabel('Rate: 1 USD in INR').fill('83.25')
  await page.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
  await page.getByLabel('Description').fill('Coffee in Dubai')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page).toHaveURL(/\/home$/)

  await page.goto('/add-expense')
  await readMessage(page, cardSpend('USD 11.80', 'AMAZON WEB SERVICES'))
  await expect(page.getByText(/Filled in from the message: Expense of \$11\.80/)).toBeVisible()
  await expect(page.getByLabel('Amount')).toHaveValue('11.80')
  await expect(page.getByLabel('Currency')).toHaveValue('USD')
  await expect(page.getByLabel('Rate: 1 USD in INR')).toHaveValue('83.25')
  await page.getByRole('button', { name: 'Add Expense' }).click()
  await expect(page).toHaveURL(/\/home$/)

  await page.goto('/add-expense')
  await readMessage(page, [cardSpend('USD 20.00', 'STARBUCKS'), cardSpend('EUR 12.50', 'CAFE DE FLORE')].join('\n\n'))
  const rows = page.getByRole('list', { name: 'Pasted messages' }).getByRole('listitem')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Expense of $20')
  await expect(rows.nth(1)).toContainText('Expense of €12.50')
  await page.getByRole('button', { name: 'Add 2 entries' }).click()
  await expect(page).toHaveURL(/\/home$/)

  // Four entries' pushes from a busy CI machine may take longer than one screen's wait.
  await expect
    .poll(
      async () => {
        const pulled = await server.api<Pulled>('GET', '/sync/transactions/pull', who.token)
        return pulled.body.documents
          .map((d) => [d.amount, d.currency, d.fxRate ?? null, d.fxHome ?? null])
          .sort((a, b) => Number(a[0]) - Number(b[0]))
      },
      { timeout: 30_000 },
    )
    .toEqual([
      [500, 'USD', 83.25, 'INR'],
      [1180, 'USD', 83.25, 'INR'],
      [1250, 'EUR', null, null],
      [2000, 'USD', 83.25, 'INR'],
    ])
  await page.context().close()
})

test('a pasted foreign amount and list in both themes at 390 and 1280 px, axe clean', async ({ browser, server }) => {
  test.setTimeout(300_000)
  const who = await person(server, 'pastefxlooks')
  for (const look of LOOKS) {
    const page = await device(browser, server, who, look)
    await page.goto('/add-expense')
    await readMessage(page, cardSpend('USD 98,76,543.21', 'A'.repeat(40)))
    await expect(page.getByLabel('Currency')).toHaveValue('USD')
    await expect(page.getByLabel('Amount')).toHaveValue('9876543.21')
    await expectAccessible(page, `paste fx filled ${look.name}`)
    // The amount and its currency in view, with the rate field beside them.
    await page.getByLabel('Currency').evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await shot(page, `${SHOTS}/filled-${look.name}.png`)
    await pasteBox(page).fill('')
    await readMessage(page, [cardSpend('USD 98,76,543.21', 'STARBUCKS'), cardSpend('JPY 1200', 'ICHIRAN')].join('\n\n'))
    await expect(page.getByRole('list', { name: 'Pasted messages' }).getByRole('listitem')).toHaveCount(2)
    await expectAccessible(page, `paste fx list ${look.name}`)
    await shot(page, `${SHOTS}/list-${look.name}.png`)
    await page.context().close()
  }
})
