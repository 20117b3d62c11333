import { describe, expect, it } from 'vitest'
import { lastWriterWins, toWire } from '../../src/data/conflict'

const doc = (updatedAt: number, amount: number) => ({ id: 't1', ownerId: 'u1', updatedAt, amount, _deleted: false })
const resolve = (local: ReturnType<typeof doc>, master: ReturnType<typeof doc>) =>
  lastWriterWins.resolve({ newDocumentState: local, realMasterState: master, assumedMasterState: undefined }, 'test')

describe('last-writer-wins conflict handler', () => {
  it('keeps the newer edit, whichever side it is on', async () => {
    expect(await resolve(doc(20, 200), doc(10, 100))).toEqual(doc(20, 200))
    expect(await resolve(doc(10, 100), doc(20, 200))).toEqual(doc(20, 200))
  })
  it('lets the server win a tie, so devices converge', async () => {
    expect(await resolve(doc(10, 100), doc(10, 999))).toEqual(doc(10, 999))
  })
  it('is commutative in outcome: both devices end with the same document', async () => {
    for (const [a, b] of [
      [1, 2],
      [5, 5],
      [9, 3],
    ] as const) {
      const x = doc(a, a * 10)
      const y = doc(b, b * 100)
      expect(await resolve(x, y)).toEqual(b >= a ? y : x)
      // The other device sees the same pair the other way round: same winner unless tied.
      if (a !== b) expect(await resolve(y, x)).toEqual(await resolve(x, y))
    }
  })
  it('compares documents without RxDB’s own fields', () => {
    const withMeta = { ...doc(10, 100), _rev: '1-abc', _meta: { lwt: 5 }, _attachments: {} }
    expect(toWire(withMeta)).toEqual(doc(10, 100))
    expect(lastWriterWins.isEqual(withMeta, doc(10, 100), 'test')).toBe(true)
    expect(lastWriterWins.isEqual(doc(10, 100), doc(10, 101), 'test')).toBe(false)
    expect(lastWriterWins.isEqual(doc(10, 100), { ...doc(10, 100), _deleted: true }, 'test')).toBe(false)
  })
})
