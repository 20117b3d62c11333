import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './support/fixtures'
import { shot } from './support/flows'
import { LOOKS, untilLoaded, untilStill } from './support/a11y'
import { device, person } from './support/people'

const SHOTS = 'test-results/household-yen-split'

test.describe('a household expense in yen', () => {
  for (const look of LOOKS) {
    test(`${look.name}: an equal split is whole yen and adds up to the amount, axe clean`, async ({
      browser,
      server,
    }) => {
      test.setTimeout(180_000)
      const [asha, ravi] = [await person(server, 'asha'), await person(server, 'ravi')]
      const created = await server.api<{ household: { id: string } }>('POST', '/households', asha.token, {
        name: 'Flat 4B',
      })
      const id = created.body.household.id
      await server.api('POST', `/households/${id}/invite`, asha.token, { email: ravi.email })
      const mine = await server.api<{ invitations: { id: string }[] }>('GET', '/households/invitations', ravi.token)
      await server.api('POST', `/households/invitations/${mine.body.invitations[0]!.id}/accept`, ravi.token)

      const page = await device(browser, server, asha, look)
      await page.goto(`/households/${id}/add-expense`)
      await page.getByLabel('Currency').selectOption('JPY')
      await page.getByLabel('Amount').fill('98765431')
      // ¥98,765,431 between two: ¥49,382,716 and ¥49,382,715, never ¥49,382,715.50 each.
      const rows = page.getByTestId('split-row')
      await expect(rows).toHaveCount(2, { timeout: 30_000 })
      const shown = [await rows.nth(0).textContent(), await rows.nth(1).textContent()].join(' | ')
      expect(shown).toContain('¥49,382,716')
      expect(shown).toContain('¥49,382,715')
      expect(shown).not.toContain('.50')
      await rows.nth(1).scrollIntoViewIfNeeded()
      await untilLoaded(page)
      await untilStill(page)
      const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('.hh')
      const { violations } = await axe.analyze()
      expect(violations.map((v) => v.id)).toEqual([])
      await shot(page, `${SHOTS}/${look.name}-add-expense.png`)
      await page.context().close()
    })
  }
})
