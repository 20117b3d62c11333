/**
 * The figures in a bank or UPI message that are never the amount: references (UPI RRN, UTR,
 * IMPS/NEFT numbers, authorisation codes), account and card digits, the balance, limit or dues
 * with their figure, phone numbers, links and percentages. Each is blanked out (positions kept,
 * so what is left reads the same) and the references, accounts and VPAs are kept.
 */
import { CURRENCY_MARK } from './amounts'

export interface Noise {
  /** References in the order they appear ("433012345678", "t2611251422101234567890"). */
  refs: string[]
  /** Account or card digits as printed after the mask ("1234"). */
  accounts: string[]
  /** UPI addresses (lowercase, "swiggy@icici"). */
  vpas: string[]
}

const blank = (s: string) => ' '.repeat(s.length)

const URL = /\bhttps?:\/\/\S+|\bwww\.\S+|\b[a-z0-9-]+\.(?:com|in|co\.in|net|org|app)(?:\/\S*)?/g
const EMAIL = /[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/g
/** A UPI address: handle@psp (no dot after the @, unlike an e-mail). */
const VPA = /(?<![a-z0-9._-])[a-z0-9][a-z0-9._-]{0,60}@[a-z][a-z0-9]{1,30}(?![a-z0-9@]|\.[a-z])/g

/** A label that names a reference, with at least four characters after it (a digit among them). */
const REF_LABELS = [
  String.raw`ref(?:erence)?\.?\s*(?:no|num|number|id)?\.?`,
  'refno',
  String.raw`rrn(?:\s*no)?\.?`,
  String.raw`utr(?:\s*no)?\.?`,
  String.raw`txn\.?\s*(?:id|no|ref(?:\s*no)?|#)\.?`,
  String.raw`trxn\.?\s*(?:id|no)\.?`,
  String.raw`transaction\s*(?:id|number|no|ref(?:erence)?(?:\s*no)?)\.?`,
  String.raw`auth(?:ori[sz]ation)?\.?\s*(?:code|id)`,
  String.raw`approval\s*code`,
  String.raw`order\s*id`,
]
const STRONG_REF = new RegExp(
  String.raw`(?<![a-z])(?:${REF_LABELS.join('|')})\s*[:.\-#]*\s*([a-z0-9]*\d[a-z0-9]{3,34})(?![a-z0-9])`,
  'g',
)
/** "UPI:433012345678", "UPI/P2M/433012345678/…", "IMPS-433012345678": six characters at least. */
const CHANNEL_REF = new RegExp(
  String.raw`(?<![a-z])(?:upi|imps|neft|rtgs|ift|nach|ach|mmt|bil|pos)` +
    String.raw`(?:\s*(?:ref|txn|transaction)\.?\s*(?:no|id)?\.?)?\s*[/:\-#]?\s*` +
    String.raw`(?:(?:p2m|p2a|p2p|dr|cr|in|out|ib|onl|rev)[/-])?([a-z0-9]*\d[a-z0-9]{5,34})(?![a-z0-9])`,
  'g',
)

/**
 * Account or card digits: "A/c XX1234", "A/cX1234", "AC X1234", "a/c ...1234", "Card ending
 * 1234", "card no. XX1234", "A/C 2XXXXX1234"; plain digits after a label only when four.
 */
const LABELLED_ACCOUNT = new RegExp(
  String.raw`(?<![a-z])(?:a\/c|acct|account|acc|card|ac(?=\s*[x*]))(?:\s*(?:no|number|num)\.?)?` +
    String.raw`(?:\s*(?:ending(?:\s*(?:with|in))?|end))?\s*[:.\-#]?\s*` +
    String.raw`((?:[x*#.]+\s?)\d{2,6}|\d[x*]{2,}\d{3,6}|\d{4})(?![\d])`,
  'g',
)
/** A masked number anywhere: "XX1234", "**1234", "...1234", "9XXXXXX123". */
const MASKED_NUMBER = /(?<![a-z0-9])(?:[x*]{2,}|\.{2,}|x)(\d{3,6})(?!\d)|(?<![a-z0-9])\d[x*]{3,}(\d{3,6})(?!\d)/g

const BALANCE_WORDS = 'avl|avbl|avlbl|avail|available|total|new|updated|current|clear|closing|ledger|net|a\\/c|acct|eod'
const BALANCE_LABEL =
  String.raw`(?:(?:${BALANCE_WORDS})\.?\s*)*` +
  String.raw`(?:bal(?:ance)?|lmt|limit)|(?:avl|avbl|avlbl|available|avail)\.?\s*amt|` +
  String.raw`(?:total|min(?:imum)?)\.?\s*(?:amt\.?\s*|amount\s*)?due|outstanding(?:\s*(?:amt|amount))?`
/** Right after the label: "Bal:", "Bal INR", "Avl Bal -". */
const NEAR = String.raw`[\s:=\-.(]*`
/** Further on, up to a currency mark: "in your A/c XX1234 is Rs", ": Paytm Wallet- Rs". */
const FAR = String.raw`\.?(?:(?!debited|credited|spent|sent|paid|withdrawn|received|transferred)[^\d₹\n;]){0,60}?`
const NUMBER = String.raw`-?\d[\d,]*(?:\.\d+)?(?:\s*(?:cr|dr)(?![a-z]))?`
/** A balance, limit or due with its figure: "Avl Bal INR 10,000.00", "Bal:Rs.10000.00CR". */
const CURRENCY = String.raw`(?:${CURRENCY_MARK})\s*[:.]?\s*`
const BALANCE = new RegExp(
  String.raw`(?<![a-z])(?:${BALANCE_LABEL})(?![a-z])(?:${NEAR}(?:${CURRENCY})?|${FAR}${CURRENCY})${NUMBER}`,
  'g',
)

/** Help lines and blocking instructions: "call 1800 2662", "SMS BLOCK 4321 to …". */
const HELP_NUMBER = new RegExp(
  String.raw`(?<![a-z])(?:call(?:\s*us)?|dial|helpline|customer care|toll free|contact|report)` +
    String.raw`\s*(?:at|on|to)?\s*[:-]?\s*\+?\d[\d\s\-/]{5,}\d`,
  'g',
)
const SMS_BLOCK = /(?<![a-z])sms\s+block\s*[a-z]*\s*\d+/g
/** A NEFT/RTGS UTR: the sending bank's four letters, a channel letter, then digits. */
const NEFT_UTR = /(?<![a-z0-9])([a-z]{4}[a-z]?\d{11,18})(?![a-z0-9])/g
/** Nine digits or more with no currency mark before them: phone numbers and references. */
const LONG_NUMBER = /(?<!(?:rs\.?|inr|₹)\s*)(?<![\d,.])\+?\d{9,}(?![\d])/g
const PERCENT = /\d+(?:\.\d+)?\s*%/g

function take(text: string, re: RegExp, found?: string[]): string {
  return text.replace(re, (match: string, ...args: unknown[]) => {
    // The arguments after the groups are the offset and the whole text.
    const value = args.slice(0, -2).find((g): g is string => typeof g === 'string' && g.length > 0)
    if (found && value) found.push(value.replace(/[x*#.\s]/g, ''))
    return blank(match)
  })
}

/** `text` (lowercase) with the noise blanked out, and the references, accounts and VPAs found. */
export function maskNoise(text: string): { text: string; noise: Noise } {
  const noise: Noise = { refs: [], accounts: [], vpas: [] }
  let rest = take(text, URL)
  if (rest.includes('@')) {
    rest = take(rest, EMAIL)
    rest = rest.replace(VPA, (vpa: string) => {
      noise.vpas.push(vpa)
      return blank(vpa)
    })
  }
  rest = take(rest, STRONG_REF, noise.refs)
  rest = take(rest, CHANNEL_REF, noise.refs)
  rest = take(rest, LABELLED_ACCOUNT, noise.accounts)
  rest = take(rest, MASKED_NUMBER, noise.accounts)
  rest = take(rest, BALANCE)
  rest = take(rest, HELP_NUMBER)
  rest = take(rest, SMS_BLOCK)
  rest = take(rest, NEFT_UTR, noise.refs)
  // Never references: a phone number would make every message of that bank "the same payment".
  rest = take(rest, LONG_NUMBER)
  rest = take(rest, PERCENT)
  return { text: rest, noise }
}

/**
 * The reference that identifies the payment across messages: a 12-digit UPI/IMPS reference
 * (the bank's SMS and the UPI app's message both print it) when there is one, else the first
 * with ten digits or more. Short ones (card authorisation codes, ATM serials) repeat over time,
 * so they never identify a payment.
 */
export function mainRef(refs: readonly string[]): string | undefined {
  const unique = refs.filter((r) => !IFSC.test(r) && (r.match(/\d/g)?.length ?? 0) >= 10)
  return unique.find((r) => /^\d{12}$/.test(r)) ?? unique[0]
}

/** A branch code (IFSC): the same for every payment from one sender, never a reference. */
const IFSC = /^[a-z]{4}0[a-z0-9]{6}$/
