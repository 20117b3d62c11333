import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { COLLECTION_NAMES, readByFirstScreen, type CollectionName } from '../../schema/collections'
import type { UserData } from '../../src/data/database'
import { openCollection } from '../../src/data/open-collection'

/**
 * A device opens the first screen's collections, and the others a moment later: a read of one of
 * the others waits for them instead of meeting a collection that is not there.
 */

/** A database whose collections are stand-ins named after themselves. */
const named = (names: readonly CollectionName[]) => Object.fromEntries(names.map((name) => [name, { name }]))

function opening() {
  let open = (_: unknown) => undefined as unknown
  const whole = new Promise((resolve) => {
    open = resolve
  })
  const first = named(COLLECTION_NAMES.filter(readByFirstScreen))
  const data = { db: first, whole } as unknown as Pick<UserData, 'db' | 'whole'>
  return { data, openTheRest: () => open(named(COLLECTION_NAMES)) }
}

const settled = async (promise: Promise<unknown>) => {
  let done = false
  void promise.then(() => (done = true))
  for (let i = 0; i < 5; i++) await Promise.resolve()
  return done
}

describe('opening a collection', () => {
  it('gives the first screen’s at once and every other one only once the rest are open', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...COLLECTION_NAMES), async (name) => {
        const { data, openTheRest } = opening()
        const opened = openCollection(data, name)
        expect(await settled(opened)).toBe(readByFirstScreen(name))
        openTheRest()
        expect(await opened).toEqual({ name })
      }),
    )
  })

  it('counts what /home reads among the first: transactions, profile, budgets, recurring payments', () => {
    expect(COLLECTION_NAMES.filter(readByFirstScreen).sort()).toEqual(
      ['budgets', 'profile', 'recurring_payments', 'transactions'].sort(),
    )
  })
})
