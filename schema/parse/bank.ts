/**
 * What only bank and UPI messages have: messages that are not a transaction (OTPs, balance
 * alerts, mandates, offers, failures), the direction in the bank's words ("debited", "credited",
 * ICICI's "debited … SWIGGY credited"), the merchant or VPA, and which bank or app wrote it.
 */
import { GATEWAYS, MERCHANTS, type MerchantRow } from './merchants'
import { anyOf, PhraseIndex, titleCase, toWordText } from './text'

/** Messages that book nothing, and why. */
export const NOTICE_KINDS = [
  'otp',
  'request',
  'failed',
  'mandate',
  'pending-refund',
  'reminder',
  'card-payment',
  'promotion',
  'balance',
] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

const OTP = /(?<![a-z])(?:otp|one[- ]time (?:password|pin|passcode)|verification code|secure code)(?![a-z])/
const REQUEST = anyOf([
  'has requested',
  'is requesting',
  'requested (?:money|payment|rs|inr|₹)',
  'collect request',
  'payment request',
  'money request',
])
const REVERSAL = /(?<![a-z])(?:refund(?:ed)?|revers(?:al|ed)|reverted|cashback|cash back)(?![a-z])/
const FAILED = anyOf([
  'failed',
  'failure',
  'declined',
  'unsuccessful',
  'not successful',
  'could not be (?:processed|completed)',
  '(?:was|is|has been) rejected',
  'insufficient (?:funds|balance)',
  'txn (?:was )?not (?:processed|completed)',
])
const FUTURE_DEBIT = anyOf([
  'will be (?:auto[- ]?)?(?:debited|deducted|charged|paid|processed|presented)',
  'to be (?:debited|deducted)',
  'scheduled (?:for|on)',
  'is scheduled',
  'upcoming (?:debit|payment|mandate|autopay)',
  String.raw`(?:mandate|autopay|e-?mandate|standing instruction|si)\b(?:[^.]|\.\d){0,80}?` +
    '(?:created|registered|set up|setup|activated|successfully)',
])
const FUTURE_CREDIT = anyOf([
  'will be (?:credited|refunded|reversed)',
  'refund (?:has been |is )?initiated',
  'initiated (?:a |the )?refund',
  'will reflect',
])
const REMINDER = anyOf([
  '(?:total|min(?:imum)?|minimum amount|amt) (?:amt |amount )?due',
  'due date',
  'payment due',
  'is due',
  'statement (?:for|of|generated)',
  'bill (?:is )?generated',
  'pay (?:by|before)',
])
/** Up to `n` characters of one sentence ("Rs.12,450.00" keeps its dots). */
const SENTENCE = (n: number) => String.raw`(?:[^.]|\.\d){0,${n}}`
const CARD_PAYMENT = anyOf([
  `(?:payment|pymt) (?:of ${SENTENCE(30)})?(?:has been |is )?(?:received|credited)${SENTENCE(40)}card`,
  `received (?:your |the )?(?:payment|pymt) (?:of ${SENTENCE(30)})?towards ${SENTENCE(30)}card`,
  'thank you for (?:the |your )?payment',
])
const PROMO_WORDS = anyOf(
  [
    'offer',
    'apply now',
    'pre-?approved',
    'eligible for',
    'get up ?to',
    'win',
    'congratulations',
    't&c',
    'tnc',
    'click',
    'hurry',
    'limited period',
    'exclusive',
    'discount',
    'personal loan',
    'instant loan',
    'loan of up ?to',
    'invest now',
    'download',
    'voucher',
    'coupon',
    'upgrade now',
    'lowest emi',
    'zero fee',
    'lifetime free',
  ],
  'g',
)

/**
 * Why a message is not a transaction, or null when it may be one. `hasAmount`: an amount was
 * found (a balance alert has none once the balance is blanked out); `linked`: the message names
 * an account, card or reference (offers never do).
 */
export function detectNotice(lower: string, hasAmount: boolean, linked: boolean): NoticeKind | null {
  if (OTP.test(lower)) return 'otp'
  if (REQUEST.test(lower)) return 'request'
  if (FAILED.test(lower) && !(REVERSAL.test(lower) && /credited/.test(lower))) return 'failed'
  if (FUTURE_DEBIT.test(lower)) return 'mandate'
  if (FUTURE_CREDIT.test(lower)) return 'pending-refund'
  if (CARD_PAYMENT.test(lower)) return 'card-payment'
  if (REMINDER.test(lower) && !/(?<![a-z])(?:debited|credited|spent|paid to|sent)(?![a-z])/.test(lower))
    return 'reminder'
  const promo = lower.match(PROMO_WORDS)?.length ?? 0
  if (!linked && (promo >= 2 || (promo === 1 && /https?:|www\.|\.com|\.in\b/.test(lower)))) return 'promotion'
  if (!hasAmount && /(?<![a-z])(?:bal(?:ance)?|avl|avbl|available)(?![a-z])/.test(lower)) return 'balance'
  return null
}

/** How often a mandate repeats, from its words (monthly when it does not say). */
export function mandateFrequency(lower: string): 'daily' | 'weekly' | 'monthly' | 'yearly' {
  if (/(?<![a-z])(?:yearly|annual(?:ly)?|per year|every year|p\.a\.)(?![a-z])/.test(lower)) return 'yearly'
  if (/(?<![a-z])(?:weekly|every week|per week)(?![a-z])/.test(lower)) return 'weekly'
  if (/(?<![a-z])(?:daily|every day|per day)(?![a-z])/.test(lower)) return 'daily'
  return 'monthly'
}

/** Card names contain "credit"/"debit" without saying which way money went. */
const CARD_NAMES = /(?<![a-z])(?:credit|debit)\s*card|credit\s*limit|(?:credit|debit)\s*(?:card)?\s*member/g
const DEBIT_WORD = anyOf(
  'debited debit dr spent spend sent paid withdrawn withdrawal wdl transferred trf deducted charged purchase purchased'
    .split(' ')
    .concat(['using', 'used', 'txn of', 'transaction of']),
)
const CREDIT_WORD = anyOf(
  'credited credit cr deposited deposit received added refunded refund reversed reversal reverted cashback'
    .split(' ')
    .concat(['transferred to your']),
)
const CASH = /(?<![a-z])(?:atm|cash withdrawal|withdrawn|withdrawal|wdl|cash w\/?d)(?![a-z])/
const CASH_DEPOSIT = /(?<![a-z])(?:cash dep(?:osit(?:ed)?)?|deposited (?:in )?cash|by cash|cdm)(?![a-z])/

export interface BankDirection {
  type: 'expense' | 'income'
  refund: boolean
  cash: boolean
  deposit: boolean
}

/**
 * The direction in the bank's words: the first that says which way money went wins (ICICI's
 * "Acct XX123 debited …; SWIGGY credited" is a debit); a refund or reversal is money in.
 * `masked` is the lowercase text with balances blanked ("Bal … CR" is not a credit).
 */
export function bankDirection(masked: string): BankDirection | null {
  const text = masked.replace(CARD_NAMES, (m) => ' '.repeat(m.length))
  const debit = DEBIT_WORD.exec(text)
  const credit = CREDIT_WORD.exec(text)
  const refund = REVERSAL.test(text)
  const deposit = CASH_DEPOSIT.test(text)
  if (!debit && !credit) return null
  const isDebit = !refund && !deposit && debit !== null && (credit === null || debit.index < credit.index)
  return {
    type: isDebit ? 'expense' : 'income',
    refund: !isDebit && refund,
    cash: isDebit && CASH.test(text),
    deposit: !isDebit && deposit,
  }
}

/** A spend on a card that names no direction ("… Card ending 1234 for Rs 2499 at AMAZON"). */
export function isCardSpend(lower: string): boolean {
  return /(?<![a-z])card(?![a-z])/.test(lower) && /(?<![a-z])at\s+[a-z0-9]/.test(lower)
}

// ---------------------------------------------------------------------------------------------
// Merchant or counterparty
// ---------------------------------------------------------------------------------------------

const STOP_WORDS = 'on from ref\\w* upi via using avl avbl bal for thru txn is has was dt at towards by as with under'
/** Where a name ends: a word that starts the next part, punctuation, a dash, the end. */
const STOP = String.raw`(?=\s+(?:${STOP_WORDS.replaceAll(' ', '|')})\b|[.;,()\n:]|\s+-|$)`
const NAME = String.raw`([a-z][a-z0-9 &'*@._\/-]{1,48}?)`
/** A name in a dash-separated field ("UPI-433012345678-SWIGGY-…"). */
const DASHLESS = String.raw`([a-z][a-z0-9 &'*@._\/]{1,48}?)`
const PAYMENT_VERBS = 'trf|transferred|transfer|sent|paid|payment|spent|money sent'
const TITLE = String.raw`(?:(?:mr|mrs|ms|miss|shri|smt|dr)\.?\s+)?`
const VPA_AFTER =
  /(?:^|\s)(?:to|from|by|vpa)\s*:?\s*(?:vpa\s+)?([a-z0-9][a-z0-9._-]*@[a-z][a-z0-9]*)(?![a-z0-9@]|\.[a-z])/g
const MERCHANT_PATTERNS: readonly RegExp[] = [
  VPA_AFTER,
  // UPI/P2M/433012345678/SWIGGY, BIL/ONL/000987654321/TATA POWER, IMPS/433012345678/RAHUL KUMAR
  new RegExp(
    String.raw`(?:upi|imps|neft|rtgs|bil)/(?:(?:p2m|p2a|p2p|dr|cr|onl|rev)/)?[a-z0-9]*\d[a-z0-9]*/${NAME}${STOP}`,
    'g',
  ),
  // UPI-433012345678-SWIGGY, NEFT-HDFCN52026103155501-ORBIT TECH SOLUTIONS-SALARY
  new RegExp(String.raw`(?:upi|imps|neft|rtgs)-[a-z0-9]*\d[a-z0-9]*-${DASHLESS}(?=-|${STOP.slice(3, -1)})`, 'g'),
  // NEFT Cr-ICIC0000123-ACME PVT LTD-…
  /neft\s*cr-[a-z0-9]+-([^-\n]{2,48})-/g,
  // ICICI: "…; SWIGGY credited"
  new RegExp(String.raw`;\s*${TITLE}${NAME}\s+credited`, 'g'),
  new RegExp(String.raw`(?:^|\s)info\s*:?\s*${NAME}${STOP}`, 'g'),
  new RegExp(String.raw`(?:billpay|bill pay(?:ment)?)\s+(?:for|of|to)\s+${NAME}${STOP}`, 'g'),
  new RegExp(String.raw`(?:recharge|bill payment)[^\n]{0,30}?\s(?:of|for)\s+${NAME}${STOP}`, 'g'),
  new RegExp(String.raw`refund[^\n]{0,25}?\s(?:from|for(?:\s+your)?)\s+${NAME}${STOP}`, 'g'),
  new RegExp(String.raw`(?:${PAYMENT_VERBS})\s+to\s+(?:vpa\s+)?${TITLE}${NAME}${STOP}`, 'g'),
  new RegExp(String.raw`(?:^|\s)to:?\s+(?:vpa\s+)?${TITLE}${NAME}${STOP}`, 'g'),
  new RegExp(String.raw`(?:^|\s)at\s+\+?${NAME}${STOP}`, 'g'),
  new RegExp(String.raw`(?:received|credited)[^\n]{0,40}?\s(?:from|by)\s+(?:vpa\s+)?${TITLE}${NAME}${STOP}`, 'g'),
  new RegExp(String.raw`(?:^|\s)(?:from|by)\s+(?:vpa\s+)?${TITLE}${NAME}${STOP}`, 'g'),
  new RegExp(String.raw`towards\s+${NAME}${STOP}`, 'g'),
  // ICICI card: "… on 25-Nov-26 on AMAZON."
  new RegExp(String.raw`\son\s+\d{1,2}[-/ ][a-z0-9]{2,9}[-/ ]\d{2,4}\s+on\s+${NAME}(?=[.\n]|\s+avl|$)`, 'g'),
  // Axis cards: the merchant has its own line, after the date's.
  /\n\d{1,2}-\d{1,2}-\d{2,4}[^\n]*\n([a-z][a-z0-9 &'*._-]{1,48})\n/g,
]

/** Words that follow "to", "from" or "at" without naming anyone. */
const NOT_A_NAME_WORDS = [
  ...'your you ur a/c ac account acct block report dispute cancel stop check know avoid view pay us be'.split(' '),
  ...'mobile linked self beneficiary card our this date unblock reactivate raise register'.split(' '),
  ...'upi imps neft rtgs bank wallet clearing realisation interest refund reversal failed charges'.split(' '),
  ...['the bank', 'hdfc bank', 'icici bank', 'sbi', 'axis bank', 'kotak', 'paytm balance', 'paytm wallet'],
  ...['monthly interest', 'billpay', 'bill pay', 'atm', 'retailer point', 'rs', 'inr'],
].map((w) => w.replace('/', '\\/'))
const NOT_A_NAME = new RegExp(String.raw`^(?:(?:${NOT_A_NAME_WORDS.join('|')})(?![a-z0-9])|[x*\d₹]|(?:rs|inr)\.?\s*\d)`)
/** "SALARY OCT KERALA HOSPITALS" → "kerala hospitals": what the payment was for, not who. */
const NAME_HEAD = new RegExp(
  String.raw`^(?:(?:salary|sal|payroll|wages)\s+)+` +
    String.raw`(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\s+)?(?:\d{2,4}\s+)?`,
)
const TAIL_WORDS = 'pvt private ltd limited llp inc india in co on ref the booking bill prepaid refill salary sal'
const NAME_TAIL = new RegExp(
  String.raw`\s+(?:${TAIL_WORDS.replaceAll(' ', '|')})\.?$|\s+(?:pvt\.?\s+ltd|private limited)\.?$`,
)

/** The merchant or counterparty as the message prints it (lowercase), or null. */
export function merchantText(lower: string, vpas: readonly string[]): string | null {
  for (const pattern of MERCHANT_PATTERNS) {
    for (const match of lower.matchAll(pattern)) {
      const name = match[1]?.trim()
      if (!name || NOT_A_NAME.test(name)) continue
      const cleaned = cleanName(name)
      if (cleaned) return cleaned
    }
  }
  return vpas[0] ?? null
}

/** "RAZORPAY*SWIGGY" → "swiggy", "InfoBIL*BESCOM" → "bescom", "ACME PVT LTD" → "acme". */
function cleanName(name: string): string | null {
  if (name.includes('@')) return /^[a-z0-9._-]+@[a-z][a-z0-9]*$/.test(name) ? name : null
  const parts = name.split('*').map((p) => p.trim())
  const real = parts.filter((p) => p && !GATEWAYS.includes(p))
  let cleaned = (real.at(-1) ?? '').replace(/[/_]+/g, ' ').replace(/\s+/g, ' ').replace(NAME_HEAD, '').trim()
  for (let i = 0; i < 3; i++) cleaned = cleaned.replace(NAME_TAIL, '').trim()
  if (cleaned.length < 2 || !/[a-z]/.test(cleaned) || GATEWAYS.includes(cleaned)) return null
  return cleaned
}

/** Every alias of the merchant table, whole words (plurals are not names). */
const ALIAS_INDEX = new PhraseIndex(
  MERCHANTS.flatMap((row) => row[2].map((alias) => [alias, row] as const)),
  false,
)
/** Aliases of four letters or more without spaces, longest first, for UPI handles ("netflixupi"). */
const HANDLE_PREFIXES = MERCHANTS.flatMap((row) => row[2].map((alias) => [alias.replace(/ /g, ''), row] as const))
  .filter(([compact]) => compact.length >= 4)
  .sort((a, b) => b[0].length - a[0].length)

/**
 * The well-known merchant that `text` names (whole words; the longest alias wins), or whose
 * UPI handle starts with its name ("netflixupi@hdfcbank"). Null when none.
 */
export function knownMerchant(text: string): MerchantRow | null {
  const handle = text.includes('@') ? text.split('@')[0]! : null
  const words = toWordText(handle === null ? text : handle.replace(/[._\-\d]+/g, ' '))
  const named = ALIAS_INDEX.find(words)
  if (named) return named.value
  const compactHandle = handle?.replace(/[^a-z0-9]/g, '') ?? ''
  if (compactHandle.length < 4) return null
  return HANDLE_PREFIXES.find(([compact]) => compactHandle.startsWith(compact))?.[1] ?? null
}

/** How the merchant is shown: the table's name, the VPA as it is, or the name in title case. */
export function merchantDisplay(text: string, known: MerchantRow | null): string {
  if (known) return known[0]
  return text.includes('@') ? text : titleCase(text)
}

const SOURCES: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['Paytm Payments Bank', /paytm payments bank|paytm bank/],
  ['Airtel Payments Bank', /airtel payments bank|airtel bank/],
  ['HDFC Bank', /hdfc\s*bank|hdfcbk/],
  ['ICICI Bank', /icici\s*bank|icici/],
  ['SBI Card', /sbi (?:credit )?card|sbicard/],
  ['SBI', /(?<![a-z])sbi(?![a-z])|state bank/],
  ['Axis Bank', /axis\s*bank/],
  ['Kotak', /kotak/],
  ['PNB', /(?<![a-z])pnb(?![a-z])|punjab national/],
  ['Bank of Baroda', /bank of baroda|(?<![a-z])bob(?![a-z])/],
  ['Canara Bank', /canara/],
  ['IDFC First', /idfc/],
  ['Yes Bank', /yes\s*bank/],
  ['IndusInd', /indusind/],
  ['American Express', /amex|american express/],
  ['Google Pay', /google pay|gpay/],
  ['PhonePe', /phonepe/],
  ['BHIM', /(?<![a-z])bhim(?![a-z])/],
  ['Paytm', /paytm/],
]

/** The bank or app that wrote the message, when it says. */
export function sourceOf(lower: string): string | undefined {
  return SOURCES.find(([, pattern]) => pattern.test(lower))?.[0]
}
