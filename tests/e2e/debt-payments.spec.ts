import type { Browser, BrowserContext, Page } from '@playwright/test'
import { expectAccessible, LOOKS } from './support/a11y'
import { expect, newUser, test } from './support/fixtures'
import { apiLogin, failReadsOf, offlineReady, shot, signedInContext } from './support/flows'
import type { ServerProcess } from './support/server'

test.use({ timezoneId: 'Asia/Kolkata' })

const SHOTS = 'test-results/debt-payments'
/** Sixty characters, as long as a name gets. */
const LONG_NAME = 'Home loan for the flat in Koregaon Park, Pune — SBI MaxGain'.padEnd(60, '!')
const daysFrom = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' })

interface LoanReply {
  loan: { id: string; current_balance: number; total_paid_so_far: number }
  payments: { id: string; amount_paid: number; refused: string | null }[]
}

/** An existing ₹98,76,543.21 home loan at 8.5 % with ₹46,90,000 still owed, made over REST. */
async function owingLoan(server: ServerProcess, token: string, name = LONG_NAME): Promise<string> {
  const res = await server.api<LoanReply>('POST', '/loans', token, {
    loan_type: 'home',
    loan_name: name,
    loan_status: 'existing',
    start_date: daysFrom(-400),
    principal_amount: 9876543.21,
    interest_rate: 8.5,
    interest_type: 'emi',
    loan_duration_months: 240,
    total_paid_so_far: 5186543.21,
    current_balance: 4690000,
    emi_amount: 85714.29,
    next_due_date: daysFrom(5),
  })
  expect(res.status).toBe(201)
  return res.body.loan.id
}

const serverLoan = async (server: ServerProcess, token: string, id: string) =>
  (await server.api<LoanReply>('GET', `/loans/${id}`, token)).body

async function account(server: ServerProcess, label: string) {
  const user = newUser(label)
  expect(
    (await server.api('POST', '/auth/register', undefined, { email: user.email, password: user.password })).status,
  ).toBe(201)
  const { token } = await apiLogin(server, user)
  const me = await server.api<{ user: unknown }>('GET', '/auth/me', token)
  return { token, user: me.body.user }
}

async function device(browser: Browser, server: ServerProcess, token: string, user: unknown, url: string) {
  const context = await signedInContext(browser, server, token, user)
  const page = await context.newPage()
  await page.goto(url)
  await expect(page.getByTestId('loan-balance')).toHaveText('₹46,90,000')
  return { context, page }
}

const balance = (page: Page) => page.getByTestId('loan-balance')
const paymentDialog = (page: Page, title = 'Record Payment') => page.getByRole('dialog', { name: title })

test('more than is owed is refused with what closes the loan; a payment is edited and deleted, figures follow', async ({
  browser,
  server,
}) => {
  test.setTimeout(180_000)
  const { token, user } = await account(server, 'payments')
  const id = await owingLoan(server, token)
  const { context, page } = await device(browser, server, token, user, `/debts/${id}`)
  await page.setViewportSize({ width: 1280, height: 900 })

  // ₹9,99,99,999 as a Regular EMI: refused before saving, nothing recorded.
  await page.getByRole('button', { name: 'Record Payment' }).click()
  let dialog = paymentDialog(page)
  await dialog.getByLabel('Amount paid').fill('99999999')
  await dialog.getByRole('button', { name: 'Save Payment' }).click()
  await expect(dialog.getByText('Payment is more than what is owed: ₹47,23,220.83 closes this loan')).toBeVisible()
  await expect(dialog).toBeVisible()
  await expectAccessible(page, 'payment refused')
  await shot(page, `${SHOTS}/over-balance-1280-light.png`)
  await expect(balance(page)).toHaveText('₹46,90,000')

  // ₹1,00,000: this month's interest (₹33,220.83) first, the rest repays principal.
  await dialog.getByLabel('Amount paid').fill('100000')
  await dialog.getByRole('button', { name: 'Save Payment' }).click()
  await expect(dialog).toBeHidden()
  await expect(balance(page)).toHaveText('₹46,23,221')

  // Edit it: more than is owed without it is refused too; ₹50,000 is saved and the balance follows.
  await page.getByRole('button', { name: /^Edit payment of ₹1,00,000 on / }).click()
  dialog = paymentDialog(page, 'Edit Payment')
  await expect(dialog.getByLabel('Amount paid')).toHaveValue('100000.00')
  await dialog.getByLabel('Amount paid').fill('4723220.84')
  await dialog.getByRole('button', { name: 'Save Payment' }).click()
  await expect(dialog.getByText('Payment is more than what is owed: ₹47,23,220.83 closes this loan')).toBeVisible()
  await dialog.getByLabel('Amount paid').fill('50000')
  await expect(dialog.getByLabel('Interest part')).toHaveValue('33220.83')
  await dialog.getByRole('button', { name: 'Save Payment' }).click()
  await expect(dialog).toBeHidden()
  await expect(balance(page)).toHaveText('₹46,73,221')
  await expect(page.getByTestId('paid-so-far')).toContainText('52.37 L')
  await expect(page.getByTestId('payment-history')).toContainText('₹50,000')
  await expect
    .poll(async () => (await serverLoan(server, token, id)).loan.current_balance, { timeout: 30_000 })
    .toBe(4673220.83)

  // Delete it, after the question: back to what was owed, here and on the server.
  await page.getByRole('button', { name: /^Delete payment of ₹50,000 on / }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete payment?' })
  await expect(confirm).toContainText('will no longer count towards this loan')
  await expectAccessible(page, 'delete payment')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(balance(page)).toHaveText('₹46,90,000')
  await expect(page.getByText('No payments recorded yet.')).toBeVisible()
  await expect.poll(async () => (await serverLoan(server, token, id)).payments.length, { timeout: 30_000 }).toBe(0)
  await context.close()
})

test('two devices pay offline: the payment that no longer fits is shown as not counted and can be corrected', async ({
  browser,
  server,
}) => {
  test.setTimeout(240_000)
  const { token, user } = await account(server, 'two-devices')
  const id = await owingLoan(server, token, 'Car loan')
  const devices: { context: BrowserContext; page: Page }[] = []
  for (let i = 0; i < 2; i += 1) devices.push(await device(browser, server, token, user, `/debts/${id}`))
  for (const { page } of devices) await offlineReady(page)

  // Offline, each device records ₹30,00,000: each fits ₹46.9 L alone, not both.
  await server.stop()
  for (const { page } of devices) {
    await page.getByRole('button', { name: 'Record Payment' }).click()
    const dialog = paymentDialog(page)
    await dialog.getByLabel('Amount paid').fill('3000000')
    await dialog.getByRole('button', { name: 'Save Payment' }).click()
    await expect(dialog).toBeHidden()
    await expect(balance(page)).toHaveText('₹17,23,221')
  }
  await server.start()

  // The server counts the first to arrive and keeps the second, not counted.
  await expect
    .poll(async () => (await serverLoan(server, token, id)).payments.map((p) => p.refused).sort(), { timeout: 60_000 })
    .toEqual([null, 'over_balance'])
  expect((await serverLoan(server, token, id)).loan.current_balance).toBe(1723220.83)
  for (const { page } of devices) {
    await expect(page.getByTestId('payment-refused')).toHaveCount(1, { timeout: 45_000 })
    await expect(page.getByRole('alert').filter({ hasText: '1 payment is not counted' })).toBeVisible()
    await expect(balance(page)).toHaveText('₹17,23,221')
  }
  const [first] = devices
  await expectAccessible(first!.page, 'refused payment')
  await shot(first!.page, `${SHOTS}/refused-1280-light.png`)

  // Corrected to what is left, it counts: on this device at once, then on the server and the other device.
  const refusedRow = first!.page.getByTestId('payment-row').filter({ has: first!.page.getByTestId('payment-refused') })
  await refusedRow.getByRole('button', { name: /^Edit payment/ }).click()
  const dialog = paymentDialog(first!.page, 'Edit Payment')
  await dialog.getByLabel('Amount paid').fill('1000000')
  await dialog.getByRole('button', { name: 'Save Payment' }).click()
  await expect(dialog).toBeHidden()
  await expect(first!.page.getByTestId('payment-refused')).toHaveCount(0)
  await expect
    .poll(async () => (await serverLoan(server, token, id)).payments.map((p) => p.refused), { timeout: 30_000 })
    .toEqual([null, null])
  // ₹10,00,000 on the ₹17,23,220.83 left: ₹12,206.15 of this month's interest, the rest principal.
  expect((await serverLoan(server, token, id)).loan.current_balance).toBe(735426.98)
  for (const { page } of devices) {
    await expect(page.getByTestId('payment-refused')).toHaveCount(0, { timeout: 30_000 })
    await expect(balance(page)).toHaveText('₹7,35,427')
  }
  for (const { context } of devices) await context.close()
})

test('the payment screens in both themes, on a phone and a desktop, with a payment not counted', async ({
  browser,
  server,
}) => {
  test.setTimeout(240_000)
  const { token, user } = await account(server, 'payment-looks')
  const id = await owingLoan(server, token)
  const me = user as { id: string }
  // A payment that fits, then one pushed as another device would that no longer does.
  const doc = (n: number, rupees: number) => ({
    id: `pay-${n}-${id}`,
    ownerId: me.id,
    updatedAt: Date.now() + n,
    loanId: id,
    amount: rupees * 100,
    principalPaid: rupees * 100,
    interestPaid: 0,
    date: Date.now() - n * 86_400_000,
    type: 'extra',
    method: 'bank_transfer',
    note: 'Bonus from the annual appraisal cycle, paid straight to the lender',
  })
  for (const n of [1, 2])
    expect(
      (await server.api('POST', '/sync/loan_payments/push', token, [{ newDocumentState: doc(n, 3000000) }])).status,
    ).toBe(200)
  for (const look of LOOKS) {
    const styled = await browser.newContext({ ...look, baseURL: server.url })
    await styled.addInitScript(
      ({ token, user }) => {
        localStorage.setItem('hisaab.token', token)
        localStorage.setItem('hisaab.user', JSON.stringify(user))
      },
      { token, user },
    )
    const page = await styled.newPage()
    await page.goto(`/debts/${id}`)
    await expect(page.getByTestId('payment-refused')).toHaveCount(1)
    await expectAccessible(page, `loan with a refused payment (${look.name})`)
    await page.screenshot({ path: `${SHOTS}/detail-${look.name}.png`, fullPage: true })
    await page.getByRole('button', { name: 'Record Payment' }).click()
    const dialog = paymentDialog(page)
    await dialog.getByLabel('Amount paid').fill('98765432.1')
    await dialog.getByRole('button', { name: 'Save Payment' }).click()
    await expect(dialog.getByText(/^Payment is more than what is owed/)).toBeVisible()
    await expectAccessible(page, `payment refused (${look.name})`)
    await shot(page, `${SHOTS}/refused-dialog-${look.name}.png`)
    await styled.close()
  }
})

test('loans and payments that cannot be read show the error screen, never a paid-off or empty list', async ({
  browser,
  server,
}) => {
  const { token, user } = await account(server, 'unreadable-loans')
  const id = await owingLoan(server, token)
  const { context, page } = await device(browser, server, token, user, `/debts/${id}`)
  await failReadsOf(page, ['loans', 'loan_payments'])
  for (const path of [`/debts/${id}`, '/debts']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' }), path).toBeVisible()
    await expect(page.getByText('No loans yet'), path).toHaveCount(0)
  }
  await failReadsOf(page, [])
  await page.goto(`/debts/${id}`)
  await expect(page.getByTestId('loan-balance')).toHaveText('₹46,90,000')
  await context.close()
})
