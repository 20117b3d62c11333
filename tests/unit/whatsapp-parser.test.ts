import { describe, expect, it } from 'vitest'
import {
  MAX_AMOUNT_PAISE,
  parseMessage,
  resolveEntryDate,
  type EntryDate,
  type ParseOptions,
  type ParsedMessage,
} from '../../schema/parse/message'

// Expected results leave out the description: it is always the cleaned message (checked in `check`).
type Expected =
  Exclude<ParsedMessage, { kind: 'entry' }> | Omit<Extract<ParsedMessage, { kind: 'entry' }>, 'description'>
type Case = readonly [message: string, expected: Expected]

const TODAY: EntryDate = { daysAgo: 0 }
const ex = (amount: number, category: string, date: EntryDate = TODAY): Expected => ({
  kind: 'entry',
  type: 'expense',
  amount,
  category,
  date,
})
const inc = (amount: number, category: string, date: EntryDate = TODAY): Expected => ({
  kind: 'entry',
  type: 'income',
  amount,
  category,
  date,
})
const cmd = (command: 'help' | 'undo' | 'summary' | 'budget'): Expected => ({ kind: 'command', command })
const UNKNOWN: Expected = { kind: 'unknown' }

const cleaned = (message: string) => message.replace(/\s+/g, ' ').trim()

function check(message: string, expected: Expected, options?: ParseOptions) {
  const result = parseMessage(message, options)
  expect(result).toEqual(expected.kind === 'entry' ? { ...expected, description: cleaned(message) } : expected)
}

const AMOUNT_CASES: Case[] = [
  ['500 food', ex(50000, 'Food & Dining')],
  ['Spent 1,25,000 on flight', ex(12500000, 'Travel')],
  ['12,500 rent', ex(1250000, 'Rent')],
  ['1,250,000 hotel', ex(125000000, 'Travel')],
  ['paid ₹250 for lunch', ex(25000, 'Food & Dining')],
  ['paid ₹ 250 for dinner', ex(25000, 'Food & Dining')],
  ['Rs 250 petrol', ex(25000, 'Transportation')],
  ['Rs. 250 uber', ex(25000, 'Transportation')],
  ['rs.99.50 chai', ex(9950, 'Food & Dining')],
  ['INR 1200 electricity bill', ex(120000, 'Bills & Utilities')],
  ['250rs auto', ex(25000, 'Transportation')],
  ['250 rupees parking', ex(25000, 'Transportation')],
  ['500 rupaye dawai', ex(50000, 'Healthcare')],
  ['Rs 500/- medicine', ex(50000, 'Healthcare')],
  ['₹500.50 pizza', ex(50050, 'Food & Dining')],
  ['1.5k shopping', ex(150000, 'Shopping')],
  ['2k groceries', ex(200000, 'Groceries')],
  ['2K zomato', ex(200000, 'Food & Dining')],
  ['0.5k tea', ex(50000, 'Food & Dining')],
  ['₹2k movie', ex(200000, 'Entertainment')],
  ['2 lakh car repair', ex(20000000, 'Others')],
  ['1.2 lakhs hospital', ex(12000000, 'Healthcare')],
  ['1.255 lakh college', ex(12550000, 'Education')],
  ['2 lac school fees', ex(20000000, 'Education')],
  ['1 crore flat', ex(1000000000, 'Others')],
  ['paid 1 cr to builder', ex(1000000000, 'Others')],
  ['10 crore property', ex(MAX_AMOUNT_PAISE, 'Others')],
  // An L glued to the number is lakh, as Indians write it (this was refused before).
  ['2L salary', inc(20000000, 'Salary')],
]

const EXPENSE_FORM_CASES: Case[] = [
  ['Spent 500 on food', ex(50000, 'Food & Dining')],
  ['paid 300 for dinner', ex(30000, 'Food & Dining')],
  ['pay 1200 wifi', ex(120000, 'Bills & Utilities')],
  ['bought shoes 2000', ex(200000, 'Shopping')],
  ['buy milk 60', ex(6000, 'Groceries')],
  ['gave 100 to watchman', ex(10000, 'Others')],
  ['spend 450 on snacks', ex(45000, 'Food & Dining')],
  ['800 for gym', ex(80000, 'Personal Care')],
  ['300 on netflix', ex(30000, 'Entertainment')],
  ['expense 700 books', ex(70000, 'Education')],
  ['300 groceries', ex(30000, 'Groceries')],
  ['groceries 300', ex(30000, 'Groceries')],
  ['debited 649 spotify', ex(64900, 'Entertainment')],
  ['car repair 3000', ex(300000, 'Others')],
  ['paid maid salary 5000', ex(500000, 'Others')],
  ['paid interest on loan 2000', ex(200000, 'Others')],
  ['got new shoes 2000', ex(200000, 'Shopping')],
  ['got haircut 300', ex(30000, 'Personal Care')],
  ['got shoes from myntra 1800', ex(180000, 'Shopping')],
  ['credit card bill 15000', ex(1500000, 'Bills & Utilities')],
  ['income tax 5000', ex(500000, 'Others')],
]

const CATEGORY_CASES: Case[] = [
  // Food & Dining
  ['breakfast 120', ex(12000, 'Food & Dining')],
  ['swiggy 450', ex(45000, 'Food & Dining')],
  ['zomato order 380', ex(38000, 'Food & Dining')],
  ['coffee 180', ex(18000, 'Food & Dining')],
  ['restaurant bill 1800', ex(180000, 'Food & Dining')],
  ['biryani 250', ex(25000, 'Food & Dining')],
  ['cafe 340', ex(34000, 'Food & Dining')],
  ['snacks 90', ex(9000, 'Food & Dining')],
  // Transportation
  ['uber 320', ex(32000, 'Transportation')],
  ['ola 150', ex(15000, 'Transportation')],
  ['rapido 60', ex(6000, 'Transportation')],
  ['cab to airport 900', ex(90000, 'Transportation')],
  ['taxi 400', ex(40000, 'Transportation')],
  ['metro 40', ex(4000, 'Transportation')],
  ['bus 25', ex(2500, 'Transportation')],
  ['train ticket 15', ex(1500, 'Transportation')],
  ['diesel 2000', ex(200000, 'Transportation')],
  ['fuel 1500', ex(150000, 'Transportation')],
  ['toll 120', ex(12000, 'Transportation')],
  ['fastag recharge 500', ex(50000, 'Transportation')],
  // Bills & Utilities
  ['electricity 1800', ex(180000, 'Bills & Utilities')],
  ['bijli ka bill 900', ex(90000, 'Bills & Utilities')],
  ['broadband 799', ex(79900, 'Bills & Utilities')],
  ['internet 600', ex(60000, 'Bills & Utilities')],
  ['mobile recharge 299', ex(29900, 'Bills & Utilities')],
  ['mobile bill 499', ex(49900, 'Bills & Utilities')],
  ['gas cylinder 1100', ex(110000, 'Bills & Utilities')],
  ['water bill 300', ex(30000, 'Bills & Utilities')],
  ['dth 350', ex(35000, 'Bills & Utilities')],
  // Rent
  ['rent 15000', ex(1500000, 'Rent')],
  ['kiraya 8000', ex(800000, 'Rent')],
  ['paid rent 15000', ex(1500000, 'Rent')],
  // Groceries
  ['bigbasket 1200', ex(120000, 'Groceries')],
  ['blinkit 340', ex(34000, 'Groceries')],
  ['zepto 220', ex(22000, 'Groceries')],
  ['dmart 2500', ex(250000, 'Groceries')],
  ['vegetables 150', ex(15000, 'Groceries')],
  ['sabzi 80', ex(8000, 'Groceries')],
  ['doodh 60', ex(6000, 'Groceries')],
  ['kirana 900', ex(90000, 'Groceries')],
  ['grocery shopping 2000', ex(200000, 'Groceries')],
  // Healthcare
  ['medicine 350', ex(35000, 'Healthcare')],
  ['medicines 700', ex(70000, 'Healthcare')],
  ['dawai 200', ex(20000, 'Healthcare')],
  ['doctor fees 500', ex(50000, 'Healthcare')],
  ['hospital 5000', ex(500000, 'Healthcare')],
  ['pharmacy 240', ex(24000, 'Healthcare')],
  ['apollo 600', ex(60000, 'Healthcare')],
  ['medical 150', ex(15000, 'Healthcare')],
  ['1mg order 450', ex(45000, 'Healthcare')],
  // Entertainment
  ['movie 300', ex(30000, 'Entertainment')],
  ['movies 600', ex(60000, 'Entertainment')],
  ['hotstar 299', ex(29900, 'Entertainment')],
  ['prime 1499', ex(149900, 'Entertainment')],
  ['amazon prime 1499', ex(149900, 'Entertainment')],
  ['concert 2500', ex(250000, 'Entertainment')],
  ['game 999', ex(99900, 'Entertainment')],
  // Education
  ['school fees 12000', ex(1200000, 'Education')],
  ['college 50000', ex(5000000, 'Education')],
  ['course 3000', ex(300000, 'Education')],
  ['tuition 2000', ex(200000, 'Education')],
  ['udemy 499', ex(49900, 'Education')],
  ['fees 1500', ex(150000, 'Education')],
  // Travel
  ['flight 5400', ex(540000, 'Travel')],
  ['hotel 3200', ex(320000, 'Travel')],
  ['trip 8000', ex(800000, 'Travel')],
  ['makemytrip 7600', ex(760000, 'Travel')],
  ['irctc 1450', ex(145000, 'Travel')],
  ['goibibo 4300', ex(430000, 'Travel')],
  ['vacation 20000', ex(2000000, 'Travel')],
  // Personal Care
  ['salon 600', ex(60000, 'Personal Care')],
  ['haircut 150', ex(15000, 'Personal Care')],
  ['parlour 800', ex(80000, 'Personal Care')],
  ['spa 2500', ex(250000, 'Personal Care')],
  ['gym fees 1000', ex(100000, 'Personal Care')],
  // Shopping
  ['amazon 1299', ex(129900, 'Shopping')],
  ['flipkart 2199', ex(219900, 'Shopping')],
  ['myntra 1599', ex(159900, 'Shopping')],
  ['clothes 3000', ex(300000, 'Shopping')],
  ['meesho 450', ex(45000, 'Shopping')],
  ['shopping 5000', ex(500000, 'Shopping')],
  // Whole words only: "bus" inside "business", "ola" inside "cola", "tea" inside "team"
  ['business lunch 800', ex(80000, 'Food & Dining')],
  ['cola 40', ex(4000, 'Others')],
  ['team outing 1500', ex(150000, 'Others')],
]

const INCOME_CASES: Case[] = [
  ['Received 50000 salary', inc(5000000, 'Salary')],
  ['got 2000 from freelance', inc(200000, 'Freelance')],
  ['salary credited 45000', inc(4500000, 'Salary')],
  ['credited salary 52,000', inc(5200000, 'Salary')],
  ['earned 3000 freelancing', inc(300000, 'Freelance')],
  ['salary 60000', inc(6000000, 'Salary')],
  ['payroll 75000', inc(7500000, 'Salary')],
  ['tankhwah 30000 mili', inc(3000000, 'Salary')],
  ['received 15000 rent', inc(1500000, 'Rental')],
  ['rent received 15000', inc(1500000, 'Rental')],
  ['kiraya mila 12000', inc(1200000, 'Rental')],
  ['15000 rent from tenant', inc(1500000, 'Rental')],
  ['received 5000 from client', inc(500000, 'Freelance')],
  ['project payment received 25000', inc(2500000, 'Freelance')],
  ['business income 20000', inc(2000000, 'Business')],
  ['dividend 800', inc(80000, 'Investment')],
  ['interest credited 1200', inc(120000, 'Investment')],
  ['interest on fd 3400', inc(340000, 'Investment')],
  ['received 10000 from mutual fund', inc(1000000, 'Investment')],
  ['got 1000 gift', inc(100000, 'Gift')],
  ['received 2000 shagun', inc(200000, 'Gift')],
  ['refund 1200 from amazon', inc(120000, 'Refund')],
  ['cashback 50 on swiggy', inc(5000, 'Refund')],
  ['got 500', inc(50000, 'Others')],
  ['received 500 from papa', inc(50000, 'Others')],
  ['income 5000', inc(500000, 'Others')],
  ['receive 300 from friend', inc(30000, 'Others')],
  ['bonus 1.5 lakh', inc(15000000, 'Salary')],
]

const HINGLISH_CASES: Case[] = [
  ['500 ka khana', ex(50000, 'Food & Dining')],
  ['auto 80 diye', ex(8000, 'Transportation')],
  ['200 ka petrol dala', ex(20000, 'Transportation')],
  ['kharcha 300 chai', ex(30000, 'Food & Dining')],
  ['1000 mile salary', inc(100000, 'Salary')],
  ['chai 20 diya', ex(2000, 'Food & Dining')],
  ['doodh 60 de diya', ex(6000, 'Groceries')],
  ['5000 aaye freelance se', inc(500000, 'Freelance')],
  ['papa se 2000 mile', inc(200000, 'Others')],
  ['dmart se 500 ka saaman', ex(50000, 'Groceries')],
  ['bijli 1200 bhara', ex(120000, 'Bills & Utilities')],
  ['dawai me 350 lage', ex(35000, 'Healthcare')],
  ['kal 300 ka sabzi', ex(30000, 'Groceries', { daysAgo: 1 })],
  ['parso 150 ka nashta', ex(15000, 'Food & Dining', { daysAgo: 2 })],
]

const DATE_CASES: Case[] = [
  ['Spent 500 on food yesterday', ex(50000, 'Food & Dining', { daysAgo: 1 })],
  ['yesterday 200 uber', ex(20000, 'Transportation', { daysAgo: 1 })],
  ['kal 500 petrol', ex(50000, 'Transportation', { daysAgo: 1 })],
  ['day before yesterday 300 movie', ex(30000, 'Entertainment', { daysAgo: 2 })],
  ['parso 900 salon', ex(90000, 'Personal Care', { daysAgo: 2 })],
  ['today 120 chai', ex(12000, 'Food & Dining', TODAY)],
  ['aaj 60 metro', ex(6000, 'Transportation', TODAY)],
  ['3 days ago 400 dinner', ex(40000, 'Food & Dining', { daysAgo: 3 })],
  ['lunch 250 on 12/11', ex(25000, 'Food & Dining', { day: 12, month: 11 })],
  ['12-11 lunch 250', ex(25000, 'Food & Dining', { day: 12, month: 11 })],
  ['12/11/2026 hotel 4500', ex(450000, 'Travel', { day: 12, month: 11, year: 2026 })],
  ['5/1/25 metro 60', ex(6000, 'Transportation', { day: 5, month: 1, year: 2025 })],
  ['29/02 dinner 800', ex(80000, 'Food & Dining', { day: 29, month: 2 })],
  ['received 45000 salary on 1/3', inc(4500000, 'Salary', { day: 1, month: 3 })],
  ['31/02 dinner 800', UNKNOWN],
  ['29/02/2026 dinner 800', UNKNOWN],
  ['45/13 lunch 250', UNKNOWN],
  ['yesterday 12/11 lunch 250', UNKNOWN],
  ['today yesterday lunch 250', UNKNOWN],
  ['12/11 250', UNKNOWN],
]

const COMMAND_CASES: Case[] = [
  ['help', cmd('help')],
  ['HELP', cmd('help')],
  ['/help', cmd('help')],
  ['help?', cmd('help')],
  ['hi', cmd('help')],
  ['Hello', cmd('help')],
  ['hi!', cmd('help')],
  ['menu', cmd('help')],
  ['?', cmd('help')],
  ['undo', cmd('undo')],
  ['/undo', cmd('undo')],
  ['delete last', cmd('undo')],
  ['Galti', cmd('undo')],
  ['summary', cmd('summary')],
  ['/summary', cmd('summary')],
  ['balance', cmd('summary')],
  ['balance?', cmd('summary')],
  ['report', cmd('summary')],
  ['hisaab', cmd('summary')],
  ['budget', cmd('budget')],
  ['Budgets', cmd('budget')],
  ['  budget  ', cmd('budget')],
  ['help me with food 500', ex(50000, 'Food & Dining')],
]

const JOIN_CASES: Case[] = [
  ['join xyz-abc', { kind: 'join', phrase: 'xyz-abc' }],
  ['Join Bright-Sun', { kind: 'join', phrase: 'bright-sun' }],
  ['join shadow cat', { kind: 'join', phrase: 'shadow cat' }],
  ['join gym 500', ex(50000, 'Personal Care')],
]

const UNKNOWN_CASES: Case[] = [
  ['', UNKNOWN],
  ['   ', UNKNOWN],
  ['hello there', UNKNOWN],
  ['food', UNKNOWN],
  ['spent on food', UNKNOWN],
  ['asdfgh', UNKNOWN],
  ['🍕🍔', UNKNOWN],
  ['Rs', UNKNOWN],
  ['₹', UNKNOWN],
  ['500', UNKNOWN],
  ['₹500', UNKNOWN],
  ['500 yesterday', UNKNOWN],
  ['0 food', UNKNOWN],
  ['spent 0 on food', UNKNOWN],
  ['spent 0.00 on chai', UNKNOWN],
  ['Spent -500 on food', UNKNOWN],
  ['lunch -200', UNKNOWN],
  ['Rs -300 chai', UNKNOWN],
  ['500 and 300 food', UNKNOWN],
  ['500, 300 groceries', UNKNOWN],
  ['500-600 dinner', UNKNOWN],
  ['11 crore flat', UNKNOWN],
  ['100000001 food', UNKNOWN],
  ['9876543210 phone', UNKNOWN],
  ['99.999 chai', UNKNOWN],
  ['1,25,0000 rent', UNKNOWN],
  ['1.2.3 petrol', UNKNOWN],
  ['received 500 and spent it', UNKNOWN],
  ['mila 500 kharcha', UNKNOWN],
  ['iphone15', UNKNOWN],
  ['5g recharge', UNKNOWN],
  ['10:30 meeting', UNKNOWN],
  ['lunch at 1:30', UNKNOWN],
]

const FORMATTING_CASES: Case[] = [
  ['Spent ₹500 on food 🍕', ex(50000, 'Food & Dining')],
  ['SPENT 500 ON FOOD', ex(50000, 'Food & Dining')],
  ['  spent    500   on   food  ', ex(50000, 'Food & Dining')],
  ['Paid Rs.250 for Uber!!!', ex(25000, 'Transportation')],
  ['Lunch - 200', ex(20000, 'Food & Dining')],
  ['lunch-200', ex(20000, 'Food & Dining')],
  ['Groceries: 1,200', ex(120000, 'Groceries')],
  ['Swiggy (dinner) ₹650', ex(65000, 'Food & Dining')],
  ['₹300 🚕 cab', ex(30000, 'Transportation')],
  ['Petrol ⛽ 500', ex(50000, 'Transportation')],
  ['chai☕20', ex(2000, 'Food & Dining')],
  ['Movie night 🎬 ₹1,200!', ex(120000, 'Entertainment')],
  ['"uber" 230', ex(23000, 'Transportation')],
  ['spent 500 on food.', ex(50000, 'Food & Dining')],
  ['Rs 250/- parking.', ex(25000, 'Transportation')],
  ['Spent 500\non food', ex(50000, 'Food & Dining')],
  ['bought 2 kg sabzi 120', ex(12000, 'Groceries')],
  ['2 plate biryani 360', ex(36000, 'Food & Dining')],
  ['1 l milk 64', ex(6400, 'Groceries')],
]

const USER_OPTIONS: ParseOptions = {
  userCategories: ['Pets', 'Kids School', 'Coffee', 'Home & Garden'],
  incomeSources: ['Tuition', 'YouTube'],
}

const USER_CASES: Case[] = [
  ['pets 1200', ex(120000, 'Pets')],
  ['PETS 1200 vet', ex(120000, 'Pets')],
  ['Kids School 5000', ex(500000, 'Kids School')],
  ['coffee 180', ex(18000, 'Coffee')],
  ['home & garden 400', ex(40000, 'Home & Garden')],
  ['chai 20 and coffee', ex(2000, 'Coffee')],
  ['school 3000', ex(300000, 'Education')],
  ['received 3000 tuition', inc(300000, 'Tuition')],
  ['youtube 4500 received', inc(450000, 'YouTube')],
  ['received 50000 salary today', inc(5000000, 'Salary')],
]

const TABLES = {
  amounts: AMOUNT_CASES,
  'expense forms': EXPENSE_FORM_CASES,
  categories: CATEGORY_CASES,
  income: INCOME_CASES,
  hinglish: HINGLISH_CASES,
  dates: DATE_CASES,
  commands: COMMAND_CASES,
  join: JOIN_CASES,
  unknown: UNKNOWN_CASES,
  'punctuation, emoji, case and spacing': FORMATTING_CASES,
}

const ALL_DEFAULT_CASES = Object.values(TABLES).flat()
const ALL_MESSAGES = [...ALL_DEFAULT_CASES, ...USER_CASES].map(([m]) => m)

describe('parseMessage', () => {
  for (const [name, cases] of Object.entries(TABLES)) {
    describe(name, () => {
      it.each(cases)('%j', (message, expected) => check(message, expected))
    })
  }

  describe('user categories and income sources', () => {
    it.each(USER_CASES)('%j', (message, expected) => check(message, expected, USER_OPTIONS))
  })

  it('covers at least 150 distinct messages', () => {
    expect(new Set(ALL_MESSAGES).size).toBeGreaterThanOrEqual(150)
  })

  it('user categories only apply when given', () => {
    check('pets 1200', ex(120000, 'Others'))
    check('coffee 180', ex(18000, 'Food & Dining'))
    check('received 3000 tuition', inc(300000, 'Others'))
  })

  it('computes multipliers exactly in integer paise', () => {
    const amountOf = (m: string) => {
      const r = parseMessage(m)
      return r.kind === 'entry' ? r.amount : null
    }
    expect(amountOf('1.5k food')).toBe(150000)
    expect(amountOf('0.1k food')).toBe(10000)
    expect(amountOf('1.23456k food')).toBe(123456)
    expect(amountOf('1.234567k food')).toBeNull()
    expect(amountOf('2.7 lakh flight')).toBe(27000000)
    expect(amountOf('1.01 crore flat')).toBe(1010000000)
  })

  it('keeps the original wording in a description of at most 100 characters', () => {
    const r = parseMessage('  Spent   500 on FOOD 🍕  ')
    expect(r).toMatchObject({ kind: 'entry', description: 'Spent 500 on FOOD 🍕' })

    const long = `lunch 250 ${'with the whole team after the quarterly review '.repeat(4)}`
    const parsed = parseMessage(long)
    expect(parsed.kind).toBe('entry')
    if (parsed.kind === 'entry') expect(Array.from(parsed.description)).toHaveLength(100)

    // An emoji straddling the cut is dropped whole, never split into a lone surrogate.
    const emoji = parseMessage(`lunch 250 ${'x'.repeat(89)}🍕🍕`)
    if (emoji.kind !== 'entry') throw new Error('expected an entry')
    expect(emoji.description.endsWith('🍕')).toBe(true)
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(emoji.description)).toBe(false)
  })
})

describe('parseMessage invariants', () => {
  const withOptions = (m: string) => (USER_CASES.some(([u]) => u === m) ? USER_OPTIONS : undefined)
  /** Everything but the description, which keeps the user's own casing. */
  const essence = (r: ParsedMessage) => (r.kind === 'entry' ? { ...r, description: r.description.toLowerCase() } : r)

  it.each(ALL_MESSAGES)('an entry amount is a positive integer within range: %j', (message) => {
    const r = parseMessage(message, withOptions(message))
    if (r.kind === 'entry') {
      expect(Number.isSafeInteger(r.amount)).toBe(true)
      expect(r.amount).toBeGreaterThan(0)
      expect(r.amount).toBeLessThanOrEqual(MAX_AMOUNT_PAISE)
    }
  })

  it.each(ALL_MESSAGES)('is deterministic and leaves options alone: %j', (message) => {
    const options = withOptions(message)
    const snapshot = JSON.stringify(options)
    expect(parseMessage(message, options)).toEqual(parseMessage(message, options))
    expect(JSON.stringify(options)).toBe(snapshot)
  })

  it.each(ALL_MESSAGES)('ignores casing and extra whitespace: %j', (message) => {
    const options = withOptions(message)
    const base = essence(parseMessage(message, options))
    const spaced = `\t ${message.split(' ').join('   ')} \n`
    for (const variant of [message.toUpperCase(), message.toLowerCase(), spaced]) {
      expect(essence(parseMessage(variant, options))).toEqual(base)
    }
  })

  it('never throws and keeps every invariant on generated messages', () => {
    // A fixed-seed generator: the same messages on every run.
    let seed = 42
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const pool = [
      'spent',
      'paid',
      'got',
      'received',
      'salary',
      'food',
      'uber',
      'rent',
      'kal',
      'yesterday',
      '₹',
      'Rs.',
      'k',
      'lakh',
      'cr',
      '-',
      '/',
      ',',
      '.',
      '500',
      '1,25,000',
      '1.5',
      '0',
      '12/11',
      '99.999',
      '🍕',
      'se',
      'diye',
      'mila',
      'help',
      'join',
      'x-y',
    ]
    for (let n = 0; n < 2000; n++) {
      const length = 1 + Math.floor(next() * 6)
      const message = Array.from({ length }, () => pool[Math.floor(next() * pool.length)] ?? '').join(
        next() < 0.5 ? ' ' : '',
      )
      const r = parseMessage(message)
      expect(parseMessage(message)).toEqual(r)
      if (r.kind === 'entry') {
        expect(Number.isSafeInteger(r.amount) && r.amount > 0 && r.amount <= MAX_AMOUNT_PAISE).toBe(true)
        expect(Array.from(r.description).length).toBeLessThanOrEqual(100)
        expect(['expense', 'income']).toContain(r.type)
        expect(r.category).not.toBe('')
      }
    }
  })
})

describe('resolveEntryDate (Asia/Kolkata)', () => {
  const now = new Date(2026, 0, 15, 14, 30, 5).getTime()

  it.each<[string, EntryDate, number]>([
    ['today keeps the time of day', { daysAgo: 0 }, now],
    ['yesterday is its local midnight', { daysAgo: 1 }, new Date(2026, 0, 14).getTime()],
    ['crosses the month and year boundary', { daysAgo: 20 }, new Date(2025, 11, 26).getTime()],
    ['a past day this year', { day: 10, month: 1 }, new Date(2026, 0, 10).getTime()],
    ['today by date is today', { day: 15, month: 1 }, new Date(2026, 0, 15).getTime()],
    ['a later day this year means last year', { day: 12, month: 11 }, new Date(2025, 10, 12).getTime()],
    ['tomorrow by date means a year ago', { day: 16, month: 1 }, new Date(2025, 0, 16).getTime()],
    ['29 February without a year is the last leap day', { day: 29, month: 2 }, new Date(2024, 1, 29).getTime()],
    ['an explicit year is kept', { day: 12, month: 11, year: 2024 }, new Date(2024, 10, 12).getTime()],
  ])('%s', (_name, date, expected) => {
    expect(resolveEntryDate(date, now)).toBe(expected)
  })

  it('resolves a parsed message end to end', () => {
    const r = parseMessage('kal 500 petrol')
    if (r.kind !== 'entry') throw new Error('expected an entry')
    expect(new Date(resolveEntryDate(r.date, now)).toISOString()).toBe('2026-01-13T18:30:00.000Z')
  })
})
