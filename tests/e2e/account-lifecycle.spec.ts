import { readFileSync, writeFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expectAccessible } from './support/a11y'
import { expect, test } from './support/fixtures'
import { pushBudget, restExpense, restIncome, shot, signUp, signUpWithToken } from './support/flows'

const section = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) })

async function openData(page: Page) {
  await page.goto('/settings')
  await section(page, 'Data Management').click()
  await expect(section(page, 'Data Management')).toHaveAttribute('aria-expanded', 'true')
}

async function counts(page: Page, expenses: string, income: string, budgets: string) {
  await expect(page.getByTestId('count-expenses')).toHaveText(expenses)
  await expect(page.getByTestId('count-income')).toHaveText(income)
  await expect(page.getByTestId('count-budgets')).toHaveText(budgets)
}

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const waiting = page.waitForEvent('download')
  await page.getByRole('button', { name: button }).click()
  const file = await waiting
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') }
}

const importFile = (page: Page, path: string) => page.getByLabel('Backup file to import').setInputFiles(path)

for (const look of [
  { name: 'dark-390', colorScheme: 'dark' as const, viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: 'light-1280', colorScheme: 'light' as const, viewport: { width: 1280, height: 900 }, hasTouch: false },
]) {
  test.describe(`leaving with your data (${look.name})`, () => {
    test.use({ colorScheme: look.colorScheme, viewport: look.viewport, hasTouch: look.hasTouch })

    test('export JSON and CSV → clear → import restores all; twice adds nothing; a bad file changes nothing', async ({
      page,
      server,
    }, info) => {
      const { token, userId } = await signUpWithToken(page, server, `export${look.name.replace('-', '')}`)
      const note = 'Annual school fees for both kids, paid in one go, receipt in the blue folder (term 1 and 2)'
      await restExpense(server, token, {
        amount: 9876543.21,
        category: 'Education',
        date: '2026-11-02',
        description: note,
      })
      await restExpense(server, token, { amount: 120.5, category: 'Food & Dining', date: '2026-11-03' })
      await restIncome(server, token, { amount: 85000, source: 'Salary', date: '2026-11-01' })
      await pushBudget(server, { token, userId }, { category: 'Education', rupees: 50000, createdAt: Date.now() })
      await openData(page)
      await counts(page, '2', '1', '1')
      await expectAccessible(page, `data transfer ${look.name}`, { within: '.data-transfer' })
      await expectAccessible(page, `delete account ${look.name}`, { within: '.account-delete' })
      await shot(page, `test-results/data-management-${look.name}.png`)

      const backup = await download(page, 'Export Data')
      const csv = await download(page, 'Export as CSV')
      expect(csv.name).toMatch(/^hisaab-transactions-\d{4}-\d{2}-\d{2}\.csv$/)
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
      expect(lines[0]).toBe('Date,Type,Category/Source,Description,Amount,Currency,Rate,Amount (INR)')
      expect(lines.slice(1)).toEqual([
        '2026-11-01,Income,Salary,,85000.00,INR,,85000.00',
        `2026-11-02,Expense,Education,"${note}",9876543.21,INR,,9876543.21`,
        '2026-11-03,Expense,Food & Dining,,120.50,INR,,120.50',
      ])

      await page.getByRole('button', { name: 'Clear All Data' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Clear All Data' }).click()
      await counts(page, '0', '0', '0')

      const bad = info.outputPath('bad.json')
      writeFileSync(bad, '{"version":"1.0.0","expenses":[{"amount":"lots","category":"Food","date":"2026-01-01"}]}')
      await importFile(page, bad)
      await expect(
        page.getByText('❌ This backup cannot be imported: in expense 1, amount must be a number above zero'),
      ).toBeVisible()
      const notJson = info.outputPath('photo.json')
      writeFileSync(notJson, 'GIF89a')
      await importFile(page, notJson)
      await expect(
        page.getByText('❌ This file is not a JSON backup. Choose a file made by Export Data.'),
      ).toBeVisible()
      await counts(page, '0', '0', '0')

      const good = info.outputPath(backup.name)
      writeFileSync(good, backup.text)
      await importFile(page, good)
      await expect(page.getByText('✅ Imported 4 new records; 0 were already here.')).toBeVisible()
      await counts(page, '2', '1', '1')
      await importFile(page, good)
      await expect(page.getByText('✅ Imported 0 new records; 4 were already here.')).toBeVisible()
      await counts(page, '2', '1', '1')
      await shot(page, `test-results/data-imported-${look.name}.png`)

      // Restored on the server too, with the same amounts and notes.
      await expect
        .poll(async () =>
          (await server.api<{ amount: number; description: string }[]>('GET', '/expenses', token)).body
            .map((e) => [e.amount, e.description])
            .sort(),
        )
        .toEqual([
          [120.5, ''],
          [9876543.21, note],
        ])
      await page.goto('/home')
      await expect(page.getByText(note)).toBeVisible()
    })

    test('Delete Account: typed confirmation and password; afterwards the account is gone everywhere', async ({
      page,
      server,
    }) => {
      const { user, token, userId } = await signUpWithToken(page, server, `leaver${look.name.replace('-', '')}`)
      await restExpense(server, token, { amount: 500, category: 'Food & Dining', date: '2026-11-02' })
      // The home screen this device saved for the next cold start goes with the account.
      const savedHome = () => page.evaluate((key) => localStorage.getItem(key), `hisaab.views.${userId}`)
      await expect.poll(savedHome).not.toBeNull()
      await openData(page)
      await counts(page, '1', '0', '0')
      await page.getByRole('button', { name: 'Delete Account' }).click()
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' })
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: 'Delete Account' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('Type DELETE to confirm')
      await dialog.getByLabel('Type DELETE to confirm').fill('DELETE')
      await dialog.getByRole('button', { name: 'Delete Account' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('Please enter your password')
      await dialog.getByLabel('Your password').fill('not-my-password')
      await dialog.getByRole('button', { name: 'Delete Account' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('Password is incorrect')
      await expectAccessible(page, `delete dialog ${look.name}`, { within: '.modal' })
      await shot(page, `test-results/delete-account-${look.name}.png`)
      expect((await server.api('GET', '/auth/me', token)).status).toBe(200)

      await dialog.getByLabel('Your password').fill(user.password)
      await dialog.getByRole('button', { name: 'Delete Account' }).click()
      await expect(page).toHaveURL(/\/\?account=deleted$/)
      await expect(page.getByText('Your account and all its data were deleted.')).toBeVisible()
      expect((await server.api('GET', '/auth/me', token)).status).toBe(401)
      expect(await page.evaluate(() => localStorage.getItem('hisaab.token'))).toBeNull()
      expect(await savedHome()).toBeNull()
      const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''))
      expect(databases.filter((name) => name.includes(userId.toLowerCase().replace(/-/g, '_')))).toEqual([])

      // The e-mail registers again, as a new and empty account.
      await signUp(page, user)
      await openData(page)
      await counts(page, '0', '0', '0')
      expect((await server.api('POST', '/auth/login', undefined, user)).status).toBe(200)
    })
  })
}
