import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { paymentReference } from '../../schema/parse/reference'
import { settlementNote, UPI_NAME_MAX, UPI_NOTE_MAX, upiAmount, upiPayLink } from '../../schema/upi'
import { isUpiId } from '../../schema/upi-id'
import { checkUpiId, UPI_MESSAGES } from '../../schema/validation/upi-input'

const validId = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,59}@[a-z][a-z0-9]{1,29}$/)
const paise = fc.integer({ min: 1, max: 10_000_000_000 })

/** The link's parameters in order, decoded. */
function params(link: string): [string, string][] {
  const url = new URL(link)
  expect(url.protocol).toBe('upi:')
  expect(url.hostname || url.pathname).toBe('pay')
  return [...url.searchParams.entries()]
}

describe('upiPayLink', () => {
  it('builds NPCI pay link with payee, name, amount to two decimals, INR and the note', () => {
    const link = upiPayLink({ payee: 'rahul.k@okaxis', name: 'Rahul K', amount: 45_050, note: 'Settle up - Flat 4B' })
    expect(link).toBe('upi://pay?pa=rahul.k%40okaxis&pn=Rahul%20K&am=450.50&cu=INR&tn=Settle%20up%20-%20Flat%204B')
  })

  it('escapes a name and a note that hold &, =, #, ?, + and non-Latin text', () => {
    const link = upiPayLink({ payee: 'a@ybl', name: 'Asha & Co=1#x', note: 'Rent?+tn=evil&am=1 किराया', amount: 1 })!
    expect(link).not.toMatch(/[ #+]/)
    expect(params(link)).toEqual([
      ['pa', 'a@ybl'],
      ['pn', 'Asha & Co=1#x'],
      ['am', '0.01'],
      ['cu', 'INR'],
      ['tn', 'Rent?+tn=evil&am=1 किराया'],
    ])
  })

  it('gives no link without a valid UPI ID or for an amount that is not a positive whole number of paise', () => {
    for (const payee of ['', 'rahul', 'rahul@', '@okaxis', 'ra hul@okaxis', 'rahul@okaxis.com', 'a@b'])
      expect(upiPayLink({ payee, name: 'R', amount: 100, note: '' }), payee).toBeNull()
    for (const amount of [0, -100, 10.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(upiPayLink({ payee: 'r@ybl', name: 'R', amount, note: '' }), String(amount)).toBeNull()
  })

  it('property: every parameter reads back as given, five of them in order, amount exact to the paisa', () => {
    fc.assert(
      fc.property(
        validId,
        fc.string({ maxLength: 80 }),
        paise,
        fc.string({ maxLength: 80 }),
        (payee, name, p, note) => {
          const link = upiPayLink({ payee, name, amount: p, note })
          expect(link).not.toBeNull()
          const read = params(link!)
          expect(read.map(([k]) => k)).toEqual(['pa', 'pn', 'am', 'cu', 'tn'])
          const value = Object.fromEntries(read)
          expect(value.pa).toBe(payee)
          expect(value.am).toMatch(/^\d+\.\d{2}$/)
          expect(BigInt(value.am!.replace('.', ''))).toBe(BigInt(p))
          expect(value.cu).toBe('INR')
          const folded = (s: string) => s.replace(/\s+/g, ' ').trim()
          expect(Array.from(value.pn!).length).toBeLessThanOrEqual(UPI_NAME_MAX)
          expect(Array.from(value.tn!).length).toBeLessThanOrEqual(UPI_NOTE_MAX)
          expect(folded(name).startsWith(value.pn!) || (folded(name) === '' && value.pn === payee)).toBe(true)
          expect(folded(note).startsWith(value.tn!)).toBe(true)
        },
      ),
    )
  })

  it('property: no link for any payee that is not name@handle', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 100 }).filter((s) => !isUpiId(s.trim().toLowerCase())),
        paise,
        (payee, p) => {
          expect(upiPayLink({ payee, name: 'x', amount: p, note: 'y' })).toBeNull()
        },
      ),
    )
  })

  it('writes rupees with two decimals from the integer', () => {
    expect([1, 99, 100, 12_345, 98_76_543_21].map(upiAmount)).toEqual(['0.01', '0.99', '1.00', '123.45', '9876543.21'])
  })

  it('names the household in the note, within the note limit', () => {
    expect(settlementNote('Flat 4B')).toBe('Settle up - Flat 4B')
    expect(Array.from(settlementNote('घर '.repeat(40))).length).toBe(UPI_NOTE_MAX)
  })
})

describe('checkUpiId', () => {
  it('keeps a UPI ID trimmed and lowercase, and an empty one (removes it)', () => {
    expect(checkUpiId('  Priya.K-1@OKAxis ')).toEqual({ ok: true, value: 'priya.k-1@okaxis' })
    expect(checkUpiId('98765 43210@ybl'.replace(' ', ''))).toEqual({ ok: true, value: '9876543210@ybl' })
    expect(checkUpiId('   ')).toEqual({ ok: true, value: '' })
  })

  it('says how to write one when it is not name@handle', () => {
    for (const bad of ['priya', 'priya@', '@okaxis', 'priya@@okaxis', 'priya@ok axis', 'priya@gmail.com', '.p@ybl'])
      expect(checkUpiId(bad), bad).toEqual({ ok: false, error: UPI_MESSAGES.upiIdInvalid })
    expect(checkUpiId(`${'a'.repeat(90)}@ybl`)).toEqual({ ok: false, error: UPI_MESSAGES.upiIdTooLong })
  })
})

describe('paymentReference', () => {
  it("reads the reference from UPI apps' and banks' confirmations", () => {
    const texts: [string, string | undefined][] = [
      ['₹450 paid to Rahul Kumar\nUPI transaction ID: 433012345678\nGoogle Pay', '433012345678'],
      ['Paid ₹1,200 to Asha. Transaction ID T2611251422101234567890 UTR: 433098765432', '433098765432'],
      ['Money sent successfully! Rs.300 to priya@okaxis UPI Ref No. 512345678901 Paytm', '512345678901'],
      ['Your a/c XX1234 debited by Rs 450.00 on 25-11-26; RRN 433012345679. -HDFC', '433012345679'],
      ['Txn ID T2611251422101234567890 successful', 'T2611251422101234567890'],
      ['Paid ₹450 to Rahul', undefined],
    ]
    for (const [text, ref] of texts) expect(paymentReference(text), text).toBe(ref)
  })
})

describe('the QR code of a link', () => {
  it('decodes back to the exact link (non-Latin note included)', async () => {
    const { default: encodeQR } = await import('qr')
    const { default: decodeQR } = await import('qr/decode.js')
    const link = upiPayLink({
      payee: 'asha.s@okaxis',
      name: 'Asha & Co',
      amount: 98_76_543_21,
      note: 'किराया Flat 4B',
    })!
    const cells = encodeQR(link, 'raw', { ecc: 'medium', border: 4 })
    const scale = 4
    const side = cells.length * scale
    const data = new Uint8Array(side * side * 3)
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++)
        data.fill(
          cells[Math.floor(y / scale)]![Math.floor(x / scale)] ? 0 : 255,
          (y * side + x) * 3,
          (y * side + x) * 3 + 3,
        )
    expect(decodeQR({ width: side, height: side, data })).toBe(link)
  })
})
