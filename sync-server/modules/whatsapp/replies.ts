/**
 * The words of every WhatsApp reply. Pure: amounts in paise, times in ms, the caller's clock.
 * WhatsApp renders *bold* and _italic_; the texts stay short enough to read on a lock screen.
 */
import { formatPermille } from '../../../schema/calc/shares'
import type { CategoryShare } from '../../../schema/calc/shares'
import type { Totals } from '../../../schema/calc/totals'
import type { BudgetPeriod } from '../../../schema/entities/budget'
import { inHome, moneyEntryOf, type CurrencyFields } from '../../../schema/money/currency'
import { formatMoney } from '../../../schema/money/money'
import { startOfLocalDay } from '../../../schema/time'

export const EXAMPLES = ['Spent 500 on food', 'Paid 1000 for rent', 'Received 50000 salary', '500 ka khana'] as const

const examplesList = EXAMPLES.map((e) => `• ${e}`).join('\n')

const LINK_STEPS =
  'Open Hisaab → Settings → WhatsApp Integration, save this number and send the code it shows here as *link 123456*'

/** Shown in replies as "+91 98765 43210"-ish: the stored form without the `whatsapp:` prefix. */
export function displayPhone(stored: string): string {
  return stored.replace(/^whatsapp:/i, '')
}

export function unlinkedReply(from: string): string {
  return [
    "👋 This number isn't linked to a Hisaab account yet.",
    `To log expenses by WhatsApp: ${LINK_STEPS} (${displayPhone(from)}). Then send a message like "${EXAMPLES[0]}".`,
  ].join('\n\n')
}

export function linkedReply(phone: string, name: string | null): string {
  return [
    `✅ Linked! ${displayPhone(phone)} is now connected to your Hisaab account${name ? ` (${name})` : ''}.`,
    `Log spending by sending messages like:\n${examplesList}\n\nSend *help* for all commands.`,
  ].join('\n\n')
}

export function linkFailedReply(): string {
  return [
    '❌ That code is wrong or has expired, so nothing was linked.',
    'Open Hisaab → Settings → WhatsApp Integration, save this number again for a new code, then send *link* and ' +
      'the code from this number, like *link 123456*.',
  ].join('\n\n')
}

export function unknownReply(hadMedia: boolean): string {
  const lead = hadMedia
    ? '🤔 I can only read text messages for now, not photos or voice notes.'
    : "🤔 Sorry, I couldn't understand that."
  return `${lead}\n\nTry something like:\n${examplesList}\n\nSend *help* for all commands.`
}

export function joinReply(from: string, linked: { name: string | null } | null): string {
  if (linked) {
    const name = linked.name ? `, ${linked.name}` : ''
    return (
      `👋 Welcome to Hisaab${name}! This number is linked, so just tell me what you spent:\n${examplesList}` +
      '\n\nSend *help* for all commands.'
    )
  }
  return (
    `👋 Welcome to Hisaab! One more step: ${LINK_STEPS} (${displayPhone(from)}).` +
    `\n\nThen log spending by sending messages like:\n${examplesList}`
  )
}

export function helpReply(): string {
  return [
    '*Hisaab on WhatsApp*',
    `Log an expense or income:\n${examplesList}\n• auto 80 diye yesterday`,
    'Commands:\n• *summary* – this month so far\n• *budget* – your budgets this period\n' +
      '• *undo* – remove the entry from your last message\n• *help* – this message',
  ].join('\n\n')
}

export interface EntrySummary extends CurrencyFields {
  type: 'expense' | 'income'
  /** In stored units of its own currency (`currency`, else the home currency). */
  amount: number
  category: string
  date: number
}

/**
 * An entry's amount in its own currency; in another currency than the home one, the home figure
 * beside it, or that it is not converted yet.
 */
export function entryAmount(entry: CurrencyFields & { amount: number }, home: string): string {
  const own = entry.currency ?? home
  const shown = formatMoney(entry.amount, own, { exact: true })
  if (own === home) return shown
  const converted = inHome(moneyEntryOf(entry, { currency: home }), home)
  if (converted === null) return `${shown} (${own}, not converted: add a rate in the app)`
  return `${shown} (${formatMoney(converted, home, { exact: true })})`
}

/** "12 Nov" (this year) or "12 Nov 2023", in the process's zone (REPORT_TIME_ZONE). */
export function formatDay(ms: number, now: number): string {
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear()
  return new Date(ms).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  })
}

/** `details`: lines after the category (who was paid, what a refund gives back). */
export function entryReply(
  entry: EntrySummary,
  currency: string,
  now: number,
  alerts: string[],
  details: string[] = [],
): string {
  const title = entry.type === 'expense' ? '✅ *Expense Added*' : '✅ *Income Added*'
  const label = entry.type === 'expense' ? 'Category' : 'Source'
  const lines = [title, `Amount: ${entryAmount(entry, currency)}`, `${label}: ${entry.category}`, ...details]
  if (startOfLocalDay(entry.date) !== startOfLocalDay(now)) lines.push(`Date: ${formatDay(entry.date, now)}`)
  const parts = [lines.join('\n')]
  if (alerts.length > 0) parts.push(alerts.join('\n'))
  parts.push('Reply *undo* to remove it.')
  return parts.join('\n\n')
}

export function tooLargeReply(type: 'expense' | 'income', limit: number, currency: string): string {
  return (
    `⚠️ That amount is more than the largest ${type} Hisaab accepts (${formatMoney(limit, currency)}).` +
    ' Nothing was added.'
  )
}

export function undoneReply(entry: EntrySummary, currency: string, now: number): string {
  const what = entry.type === 'expense' ? 'expense' : 'income'
  const amount = formatMoney(entry.amount, entry.currency ?? currency, { exact: true })
  return `↩️ *Undone*: removed the ${what} of ${amount} (${entry.category}, ${formatDay(entry.date, now)}).`
}

export function nothingToUndoReply(): string {
  return "Nothing to undo: your last message didn't add an entry, or it was already removed."
}

export interface BudgetLine {
  category: string
  period: BudgetPeriod
  spent: number
  limit: number
  percent: number
}

const PERIOD_WORD: Record<BudgetPeriod, string> = {
  daily: 'today',
  weekly: 'this week',
  monthly: 'this month',
  yearly: 'this year',
  'one-time': 'so far',
}

/** Alert added to an entry reply when the expense took a budget across 70 %, 90 % or 100 %. */
export function budgetAlert(line: BudgetLine, level: 70 | 90 | 100, currency: string): string {
  const limit = formatMoney(line.limit, currency)
  const used = `${formatMoney(line.spent, currency)} of ${limit} ${PERIOD_WORD[line.period]}`
  if (level === 100) return `🚨 *${line.category}* budget exceeded: ${used} (${line.percent}%).`
  return `⚠️ *${line.category}* budget past ${level}%: ${used} (${line.percent}%).`
}

export function budgetReply(lines: BudgetLine[], currency: string): string {
  if (lines.length === 0)
    return 'You have no budgets yet. Add one in the app under Budgets, then send *budget* to see how you are doing.'
  const rows = lines.map((l) => {
    const mark = l.spent > l.limit ? '🔴' : l.percent >= 70 ? '🟡' : '🟢'
    const amounts = `${formatMoney(l.spent, currency)} / ${formatMoney(l.limit, currency)}`
    return `${mark} ${l.category}: ${amounts} ${PERIOD_WORD[l.period]} (${l.percent}%)`
  })
  return `*Your budgets*\n${rows.join('\n')}`
}

export interface MonthReport {
  /** e.g. "November 2024". */
  label: string
  totals: Totals
  top: CategoryShare[]
}

export function monthLabel(ms: number): string {
  return new Date(ms).toLocaleDateString('en-IN', { month: 'long', year: 'numeric' })
}

function reportBody(report: MonthReport, currency: string): string {
  const { totals, top } = report
  const lines = [
    `Income: ${formatMoney(totals.income, currency)}`,
    `Expenses: ${formatMoney(totals.expenses, currency)}`,
    `Balance: ${formatMoney(totals.balance, currency)}`,
  ]
  if (totals.notConverted > 0) {
    const entries =
      totals.notConverted === 1
        ? '1 entry in another currency is'
        : `${totals.notConverted} entries in another currency are`
    lines.push(`(${entries} not converted to ${currency} and not counted: add a rate in the app.)`)
  }
  const parts = [lines.join('\n')]
  if (top.length > 0)
    parts.push(
      'Top categories:\n' +
        top
          .map((c, i) => {
            const share = formatPermille(c.permille)
            return `${i + 1}. ${c.category} – ${formatMoney(c.amount, currency)} (${share})`
          })
          .join('\n'),
    )
  return parts.join('\n\n')
}

export function summaryReply(report: MonthReport, currency: string): string {
  if (report.totals.incomeCount + report.totals.expenseCount === 0) {
    return `📊 *${report.label}*\nNothing logged yet this month. Send "${EXAMPLES[0]}" to add your first entry.`
  }
  return `📊 *${report.label} so far*\n${reportBody(report, currency)}`
}

export function monthlyReportMessage(report: MonthReport, currency: string, name: string | null): string {
  const greeting = name ? `Hi ${name}, here` : 'Here'
  const closing =
    report.totals.balance >= 0
      ? 'Nice work staying in surplus! 🎉'
      : 'You spent more than you earned; send *budget* to see where it went.'
  return (
    `📅 ${greeting} is your Hisaab report for *${report.label}*:\n\n${reportBody(report, currency)}\n\n${closing}` +
    '\n(Turn these reports off in Settings → WhatsApp Integration.)'
  )
}
