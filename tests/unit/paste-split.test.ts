import { describe, expect, it } from 'vitest'
import { splitMessages } from '../../schema/parse/split'

const HDFC = 'Sent Rs.450.00\nFrom HDFC Bank A/C *4821\nTo SWIGGY\nOn 24/11/26\nRef 433018765432'
const GPAY = 'You paid ₹280.00 to Zepto\nUPI transaction ID: 433299887766'

describe('splitMessages', () => {
  it('keeps a bank SMS whole across its own line breaks', () => {
    expect(splitMessages(HDFC)).toEqual([HDFC])
  })

  it('splits on blank lines (Windows line ends too) and drops empty ones', () => {
    expect(splitMessages(`\n${HDFC}\r\n\r\n  \n${GPAY}\n\n\n`)).toEqual([HDFC, GPAY])
  })

  it('splits a copied WhatsApp chat at each message head and leaves the heads out', () => {
    const chat = `[24/11/26, 9:30 pm] HDFC Bank: ${HDFC}\n[25/11/26, 10:02 am] GPay: ${GPAY}`
    expect(splitMessages(chat)).toEqual([HDFC, GPAY])
    expect(splitMessages(`24/11/26, 9:30 pm - VM-HDFCBK: ${HDFC}`)).toEqual([HDFC])
  })
})
