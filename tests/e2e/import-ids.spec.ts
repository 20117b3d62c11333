import { writeFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { parseBackup } from '../../schema/backup-import'
import { invertTime } from '../../schema/entities/common'
import { expect, newUser, test } from './support/fixtures'
import { apiLogin, signUpWithToken } from './support/flows'

/**
 * Imported records get random ids; the record's key in the file stays on the document. Before,
 * a record without an id got one derived from its content, so anyone who could guess it could
 * take that id first: the owner's push was then refused as a whole, for good.
 */

const BACKUP = JSON.stringify({
  version: '1.0.0',
  expenses: [
    { amount: 349.5, category: 'Food & Dining', description: 'Thali at Sagar', date: '2026-11-04T07:30:00.000Z' },
    { amount: 1200, category: 'Transportation', description: 'Monthly metro pass', date: '2026-11-01T04:00:00.000Z' },
  ],
})

async function importFile(page: Page, path: string) {
  await page.goto('/settings')
  await page.getByRole('button', { name: /^Data Management/ }).click()
  await page.getByLabel('Backup file to import').setInputFiles(path)
}

test('an import whose content-derived ids someone took first still reaches the server; twice adds nothing', async ({
  page,
  server,
}, info) => {
  // Someone else registers first and files documents under the ids the old import derived.
  const other = newUser('squatter')
  await server.api('POST', '/auth/register', undefined, other)
  const squatter = await apiLogin(server, other)
  const parsed = parseBackup(BACKUP)
  if (!parsed.ok) throw new Error(parsed.error)
  const taken = parsed.transactions.map((t) => t.importKey)
  const date = Date.UTC(2026, 0, 1)
  const rows = taken.map((id) => ({
    newDocumentState: {
      id,
      ownerId: squatter.userId,
      updatedAt: Date.now(),
      type: 'expense',
      amount: 100,
      category: 'Other',
      description: 'squatting',
      date,
      dateDesc: invertTime(date),
      origin: 'app',
      _deleted: false,
    },
  }))
  expect((await server.api('POST', '/sync/transactions/push', squatter.token, rows)).status).toBe(200)

  const { token } = await signUpWithToken(page, server, 'importer')
  const file = info.outputPath('hisaab-backup.json')
  writeFileSync(file, BACKUP)
  await importFile(page, file)
  await expect(page.getByText('✅ Imported 2 new records; 0 were already here.')).toBeVisible()
  await expect
    .poll(async () =>
      (await server.api<{ id: string; description: string }[]>('GET', '/expenses', token)).body
        .map((e) => e.description)
        .sort(),
    )
    .toEqual(['Monthly metro pass', 'Thali at Sagar'])
  const stored = (await server.api<{ id: string }[]>('GET', '/expenses', token)).body
  for (const { id } of stored) {
    expect(taken).not.toContain(id)
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
  }
  await expect(page.getByText('Synced', { exact: true })).toBeVisible()

  await importFile(page, file)
  await expect(page.getByText('✅ Imported 0 new records; 2 were already here.')).toBeVisible()
  // After a reload too (the keys are on the documents, not in memory), and on the server.
  await page.reload()
  await importFile(page, file)
  await expect(page.getByText('✅ Imported 0 new records; 2 were already here.')).toBeVisible()
  await expect(page.getByText('Synced', { exact: true })).toBeVisible()
  expect((await server.api<unknown[]>('GET', '/expenses', token)).body).toHaveLength(2)
  // The squatter's documents are untouched.
  const theirs = (await server.api<{ description: string }[]>('GET', '/expenses', squatter.token)).body
  expect(theirs.map((e) => e.description)).toEqual(['squatting', 'squatting'])
})
