/**
 * Invariants of the message parser, checked with fast-check over the corpus and generated
 * messages: noise (a reference, account digits, a balance) never changes the amount found; cash
 * taken out is never income; the payment id is stable and owner-bound; nothing throws.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isCertainKey, paymentEntryId, paymentKey } from '../../schema/parse/dedupe'
import { MAX_AMOUNT_PAISE, messageAmount, readMessage, type MessageReading } from '../../schema/parse/message'
import { Id } from '../../schema/entities/common'
import { CORPUS } from './sms-corpus'

const SEED = { seed: 20_261_126, numRuns: 300 }

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''))
const rupees = fc.integer({ min: 1, max: 9_99_999 })
const withPaise = fc
  .tuple(rupees, fc.integer({ min: 0, max: 99 }))
  .map(([r, p]) => `${r}.${String(p).padStart(2, '0')}`)
const indian = (n: number) => n.toLocaleString('en-IN')

/** A reference as banks and apps print it. */
const reference = fc.oneof(
  digits(12).map((d) => `Ref No ${d}`),
  digits(12).map((d) => `UPI Ref: ${d}`),
  digits(12).map((d) => `UPI:${d}`),
  digits(12).map((d) => `RRN ${d}`),
  digits(12).map((d) => `UTR: ${d}`),
  digits(12).map((d) => `(UPI Ref No ${d})`),
  digits(12).map((d) => `UPI/P2M/${d}/SHOP`),
  digits(19).map((d) => `Transaction ID: T${d}`),
  digits(6).map((d) => `Authorization code:- ${d}`),
  digits(14).map((d) => `NEFT ref HDFCN${d}`),
)
/** Account or card digits. */
const account = fc.oneof(
  digits(4).map((d) => `A/c XX${d}`),
  digits(4).map((d) => `A/C *${d}`),
  digits(4).map((d) => `a/c ...${d}`),
  digits(4).map((d) => `Card ending ${d}`),
  digits(4).map((d) => `card no. XX${d}`),
  digits(4).map((d) => `AC X${d}`),
  digits(4).map((d) => `A/C 2XXXXX${d}`),
  digits(3).map((d) => `Acct XX${d}`),
)
/** A balance, limit or due with its figure. */
const balance = fc.oneof(
  withPaise.map((a) => `Avl Bal INR ${a}`),
  rupees.map((a) => `Avl bal: Rs.${indian(a)}.00`),
  withPaise.map((a) => `Total Bal:Rs.${a}CR`),
  rupees.map((a) => `Avl Limit: INR ${indian(a)}`),
  rupees.map((a) => `Available balance Rs ${a}`),
  rupees.map((a) => `Bal INR ${indian(a)}.50`),
  rupees.map((a) => `Updated Balance: Paytm Wallet- Rs ${indian(a)}`),
  rupees.map((a) => `Available limit INR ${indian(a)}.00`),
)
const noise = fc.oneof(reference, account, balance)

/** The amount a reading found, whatever its kind. */
const amountOf = (r: MessageReading) =>
  r.kind === 'entry' ? r.amount : r.kind === 'notice' ? (r.amount ?? null) : null

const MESSAGES = CORPUS.map((c) => c.text)
const ENTRIES = MESSAGES.filter((m) => readMessage(m).kind === 'entry')

describe('noise never changes the amount', () => {
  it('a reference, account digits or a balance added to a corpus message leaves the amount alone', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MESSAGES), noise, fc.boolean(), (message, extra, before) => {
        const noisy = before ? `${extra}. ${message}` : `${message}. ${extra}`
        expect(messageAmount(noisy)).toBe(messageAmount(message))
      }),
      SEED,
    )
  })

  it('an entry stays an entry of the same amount and direction', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ENTRIES), noise, (message, extra) => {
        const plain = readMessage(message)
        const noisy = readMessage(`${message}. ${extra}`)
        expect(amountOf(noisy)).toBe(amountOf(plain))
        expect(noisy.kind === 'entry' && plain.kind === 'entry' && noisy.type === plain.type).toBe(true)
      }),
      SEED,
    )
  })

  it('holds for generated typed messages, noise anywhere between words', () => {
    const typed = fc.tuple(
      fc.constantFrom('spent', 'paid', 'kal', '', 'bought'),
      fc.oneof(
        rupees.map((r) => [String(r), r * 100] as const),
        rupees.map((r) => [`₹${indian(r)}`, r * 100] as const),
        rupees.map((r) => [`Rs.${r}.50`, r * 100 + 50] as const),
        fc.integer({ min: 1, max: 99 }).map((k) => [`${k}k`, k * 100_000] as const),
      ),
      fc.constantFrom('on food', 'petrol', 'ka khana', 'for rent', 'groceries', 'swiggy'),
    )
    fc.assert(
      fc.property(typed, noise, fc.nat(2), ([verb, [amount, paise], rest], extra, at) => {
        const words = [verb, amount, rest].filter(Boolean)
        words.splice(Math.min(at, words.length), 0, `${extra},`)
        expect(messageAmount(words.join(' '))).toBe(paise)
      }),
      SEED,
    )
  })
})

describe('cash withdrawals', () => {
  it('are an expense filed under Cash Withdrawal, never income, typed or forwarded', () => {
    const message = fc.oneof(
      rupees.map((r) => [`Took ${r} from ATM`, r] as const),
      rupees.map((r) => [`atm se ${r} nikale`, r] as const),
      rupees.map((r) => [`withdrew ${r} cash`, r] as const),
      fc
        .tuple(rupees, digits(4))
        .map(([r, a]) => [`Rs.${r} withdrawn from A/c XX${a} at SBI ATM on 24Nov26. Avl Bal Rs.1500`, r] as const),
      fc
        .tuple(rupees, digits(4))
        .map(([r, a]) => [`INR ${indian(r)}.00 withdrawn from A/c XX${a} at ATM BANDRA on 19-NOV-2026`, r] as const),
    )
    fc.assert(
      fc.property(message, ([text, r]) => {
        const reading = readMessage(text)
        expect(reading).toMatchObject({ kind: 'entry', type: 'expense', category: 'Cash Withdrawal', amount: r * 100 })
      }),
      SEED,
    )
  })
})

describe('payment ids', () => {
  const facts = fc.record({
    type: fc.constantFrom('expense' as const, 'income' as const),
    amount: fc.integer({ min: 1, max: MAX_AMOUNT_PAISE }),
    date: fc.record({
      day: fc.integer({ min: 1, max: 28 }),
      month: fc.integer({ min: 1, max: 12 }),
      year: fc.constant(2026),
    }),
    ref: fc.option(digits(12), { nil: undefined }),
    account: fc.option(digits(4), { nil: undefined }),
    merchant: fc.option(fc.constantFrom('Swiggy', 'Rahul Kumar', 'a@b'), { nil: undefined }),
  })

  it('are valid document ids, the same for the same owner and key, different across owners', () => {
    fc.assert(
      fc.property(facts, fc.uuid(), fc.uuid(), (f, a, b) => {
        const key = paymentKey(f)
        if (!key) return
        const id = paymentEntryId(a, key)
        expect(Id.safeParse(id).success).toBe(true)
        expect(paymentEntryId(a, key)).toBe(id)
        if (a !== b) expect(paymentEntryId(b, key)).not.toBe(id)
        expect(isCertainKey(key)).toBe(f.ref !== undefined)
      }),
      SEED,
    )
  })

  it('the bank SMS and the UPI app message of one payment share a key', () => {
    const bank = readMessage(
      'Sent Rs.450.00\nFrom HDFC Bank A/C *4821\nTo SWIGGY\nOn 24/11/26\nRef 433018765432\nNot You? Call 18002586161',
    )
    const app = readMessage('You paid ₹450.00 to Swiggy\nUPI transaction ID: 433018765432\nGoogle Pay')
    if (bank.kind !== 'entry' || app.kind !== 'entry') throw new Error('expected entries')
    expect(paymentKey(bank)).toBe(paymentKey(app))
    expect(paymentKey(bank)).toBe('expense:ref:433018765432')
  })
})

describe('readMessage on anything', () => {
  it('never throws and keeps amounts in range', () => {
    const pieces = fc.constantFrom(
      ...'Rs. INR ₹ 500 1,25,000 2.5L 1.2 cr debited credited A/c XX1234 Ref UPI:'.split(' '),
      ...'433012345678 Avl Bal on 25-11-26'.split(' '),
      'ATM',
      'refund',
      'will be debited',
      'OTP',
      'swiggy@icici',
      '\n',
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 14 }), (parts) => {
        const reading = readMessage(parts.join(' '))
        if (reading.kind === 'entry') {
          expect(Number.isSafeInteger(reading.amount) && reading.amount > 0).toBe(true)
          expect(reading.amount).toBeLessThanOrEqual(MAX_AMOUNT_PAISE)
          expect(reading.description.length).toBeLessThanOrEqual(100)
        }
      }),
      { ...SEED, numRuns: 1000 },
    )
  })
})
