/**
 * The parser reads the currency a message names: an ISO code or a symbol, before or after the
 * amount, in either case; nothing named is the home currency (no `currency` on the reading).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CURRENCY_MARKS } from '../../schema/parse/amounts'
import { readMessage, type EntryReading } from '../../schema/parse/message'
import { amountText, currencyDigits } from '../../schema/money/currency'
import { CURRENCIES } from '../../schema/money/money'

function entry(text: string): EntryReading {
  const reading = readMessage(text)
  if (reading.kind !== 'entry') throw new Error(`"${text}" read as ${reading.kind}`)
  return reading
}

describe('a message names its currency', () => {
  it.each([
    ['Spent 20 USD on lunch', 2000, 'USD', 'Food & Dining'],
    ['spent 20 usd on lunch', 2000, 'USD', 'Food & Dining'],
    ['$20 lunch', 2000, 'USD', 'Food & Dining'],
    ['lunch 20$', 2000, 'USD', 'Food & Dining'],
    ['AED 50 taxi', 5000, 'AED', 'Transportation'],
    ['taxi 50 aed', 5000, 'AED', 'Transportation'],
    ['€12 coffee', 1200, 'EUR', 'Food & Dining'],
    ['£8 taxi', 800, 'GBP', 'Transportation'],
    ['SGD 15.50 grab', 1550, 'SGD', undefined],
    ['S$15.50 grab', 1550, 'SGD', undefined],
    ['JPY 1200 ramen', 120000, 'JPY', undefined],
    ['¥1200 ramen', 120000, 'JPY', undefined],
    ['₹500 food', 50000, 'INR', 'Food & Dining'],
    ['Rs 500 food', 50000, 'INR', 'Food & Dining'],
    ['food 500 rupees', 50000, 'INR', 'Food & Dining'],
  ])('%s → %i %s', (text, amount, currency, category) => {
    const read = entry(text)
    expect({ amount: read.amount, currency: read.currency }).toEqual({ amount, currency })
    if (category) expect(read.category).toBe(category)
  })

  it('a card spend abroad is an expense in dollars from the bank', () => {
    const read = entry('USD 11.80 spent using ICICI Bank Card XX1234 on 25-Nov-26 at AMAZON WEB SERVICES')
    expect(read).toMatchObject({ type: 'expense', amount: 1180, currency: 'USD', fromBank: true, account: '1234' })
  })

  it('the balance in rupees after a dollar spend is not the amount', () => {
    const read = entry('USD 11.80 spent using ICICI Bank Card XX1234 on 25-Nov-26. Avl Lmt: INR 1,23,456.00')
    expect({ amount: read.amount, currency: read.currency }).toEqual({ amount: 1180, currency: 'USD' })
  })

  it('"sar" after a number is a head, not Saudi riyals; before it, it is the currency', () => {
    const headache = entry('50 sar dard ki dawai')
    expect([headache.amount, headache.currency, headache.category]).toEqual([5000, undefined, 'Healthcare'])
    expect(entry('SAR 50 taxi')).toMatchObject({ amount: 5000, currency: 'SAR' })
    expect(entry('50 riyal taxi')).toMatchObject({ amount: 5000, currency: 'SAR' })
  })

  it('no currency named leaves it to the home currency', () => {
    expect(entry('Spent 500 on food').currency).toBeUndefined()
    expect(entry('2 samosa 30').currency).toBeUndefined()
  })

  it('a bare repeat of a named amount is the same amount', () => {
    expect(entry('$20 lunch, paid 20').currency).toBe('USD')
  })

  it('yen has no decimals, two currencies on one amount or two amounts in two currencies are not read', () => {
    expect(readMessage('JPY 12.50 ramen').kind).toBe('unknown')
    expect(readMessage('usd 20 inr lunch').kind).toBe('unknown')
    expect(readMessage('lunch $20 and 1600 rupees').kind).toBe('unknown')
  })
})

const codes = CURRENCIES.map((c) => c.code)
/** Every way the parser knows a currency: its code (either case) and its marks. */
const mark = fc
  .constantFrom(...codes)
  .chain((code) =>
    fc.tuple(
      fc.constant(code),
      fc.constantFrom(code, code.toLowerCase(), ...(CURRENCY_MARKS[code] ?? []).filter((m) => m !== 'rs.')),
    ),
  )

describe('property: an amount written with a currency reads back as the same units and currency', () => {
  it('any supported code or symbol, before or after, spaced or not', () => {
    const written = fc.record({
      pair: mark,
      units: fc.integer({ min: 1, max: 99_999_999 }),
      before: fc.boolean(),
      space: fc.boolean(),
      noun: fc.constantFrom('lunch', 'taxi', 'coffee', 'hotel'),
    })
    fc.assert(
      fc.property(written, ({ pair: [code, sign], units, before, space, noun }) => {
        // Stored units that the currency can hold: whole yen are multiples of 100.
        const amount = currencyDigits(code) === 0 ? units * 100 : units
        const number = amountText(amount, code)
        const gap = space || /^[a-z]/i.test(sign) ? ' ' : ''
        // "sar" names riyals only before the number (after it, it is Hindi for head).
        const first = before || sign.toLowerCase() === 'sar'
        const money = first ? `${sign}${gap}${number}` : `${number}${gap}${sign}`
        const read = entry(`${money} ${noun}`)
        expect({ amount: read.amount, currency: read.currency }).toEqual({ amount, currency: code })
      }),
      { seed: 20_261_127, numRuns: 400 },
    )
  })
})
