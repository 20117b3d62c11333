import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { initials } from '../../src/app/shell/initials'
import { itemsThatFit, NAV_ITEMS, navItemsFor, QUICK_ACTIONS, splitAroundAdd } from '../../src/app/shell/nav-items'
import { isHelpHidden } from '../../src/features/help/help-exclusions'

describe('initials', () => {
  it.each([
    ['Asha Rao', 'AS'],
    ['asha', 'AS'],
    ['j.doe@example.com', 'JD'],
    ['  zoë', 'ZO'],
    ['Ω', 'Ω'],
    ['', 'U'],
    [null, 'U'],
  ])('%j gives %j', (input, expected) => {
    expect(initials(input)).toBe(expected)
  })
})

describe('navigation list', () => {
  it('has one entry per route', () => {
    expect(new Set(NAV_ITEMS.map((item) => item.to)).size).toBe(NAV_ITEMS.length)
  })

  it('shows Home, Add Expense, Add Income, Reports and All Transactions on top, in that order', () => {
    // Other screens join the list with their own lines; these keep the spec's order among them.
    const labels = navItemsFor('top').map((item) => item.label)
    const spine = ['Home', 'Add Expense', 'Add Income', 'Reports', 'All Transactions']
    expect(labels.filter((l) => spine.includes(l))).toEqual(spine)
    expect(navItemsFor('bottom').map((item) => item.to)).toContain('/reports')
  })

  it('the top row keeps as many items as fit in one row, with room for More when some do not', () => {
    const width = fc.integer({ min: 1, max: 200 })
    fc.assert(
      fc.property(
        fc.array(width, { maxLength: 14 }),
        fc.integer({ min: 0, max: 1600 }),
        width,
        (widths, room, more) => {
          const gap = 2
          const shown = itemsThatFit(widths, room, more, gap)
          const row = (n: number) => widths.slice(0, n).reduce((sum, w) => sum + w + gap, 0)
          if (shown === widths.length) {
            expect(row(shown) - gap).toBeLessThanOrEqual(room)
            return
          }
          // Some go behind More: the shown ones and More fit, one more would not (none if More alone is too wide).
          if (more > room) {
            expect(shown).toBe(0)
            return
          }
          expect(row(shown) + more).toBeLessThanOrEqual(room)
          expect(row(shown + 1) + more).toBeGreaterThan(room)
        },
      ),
    )
    expect(itemsThatFit([100, 100, 100], 304, 50, 2)).toBe(3)
    expect(itemsThatFit([100, 100, 100], 303, 50, 2)).toBe(2)
  })

  it('starts the bottom bar with Home', () => {
    expect(navItemsFor('bottom')[0]?.to).toBe('/home')
  })

  it.each([
    [[], [], []],
    [['a'], ['a'], []],
    [['a', 'b'], ['a'], ['b']],
    [['a', 'b', 'c'], ['a', 'b'], ['c']],
    [
      ['home', 'reports', 'chat', 'profile'],
      ['home', 'reports'],
      ['chat', 'profile'],
    ],
  ])('puts Add in the centre of %j', (items, left, right) => {
    expect(splitAroundAdd(items)).toEqual({ left, right })
  })

  it('quick actions offer the spec’s first three, each to its own route', () => {
    expect(QUICK_ACTIONS.map((a) => a.label).slice(0, 3)).toEqual(['Add Expense', 'Add Income', 'Budgets & Goals'])
    expect(QUICK_ACTIONS.find((a) => a.label === 'Budgets & Goals')?.to).toBe('/budgets')
    expect(new Set(QUICK_ACTIONS.map((a) => a.to)).size).toBe(QUICK_ACTIONS.length)
  })
})

describe('help widget', () => {
  // The five questions, their answers and the ticket links are checked as a user sees them in
  // tests/e2e/chrome-help.spec.ts.

  it.each([
    '/login',
    '/signup',
    '/onboarding',
    '/admin',
    '/admin/login',
    '/admin/users/7',
    '/debts',
    '/debts/add',
    '/debts/42',
    '/budgets',
    '/budgets/',
  ])('is hidden on %s', (path) => {
    expect(isHelpHidden(path)).toBe(true)
  })

  it.each(['/', '/home', '/add', '/add-expense', '/transactions', '/support', '/debtsx', '/budgets-old', '/demo'])(
    'shows on %s',
    (path) => {
      expect(isHelpHidden(path)).toBe(false)
    },
  )

  it('hides under a whole subtree only with a trailing *', () => {
    expect(isHelpHidden('/x/y', ['/x*'])).toBe(true)
    expect(isHelpHidden('/x', ['/x*'])).toBe(true)
    expect(isHelpHidden('/x/y', ['/x'])).toBe(false)
  })
})
