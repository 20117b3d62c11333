/**
 * Monthly report by WhatsApp (DESIGN §6): on the 1st of each month, in REPORT_TIME_ZONE, every
 * linked user who has not turned it off gets last month's summary through the twilio client.
 * Each (user, month) is claimed in `monthly_reports` before the send, so it goes out once even
 * when the server restarts on the 1st; a failed send gives the claim back for the next check.
 */
import type { FastifyBaseLogger } from 'fastify'
import { localMonthWindow, monthKey } from '../../schema/time'
import type { DocumentsRepository } from '../db/documents'
import type { UsersRepository } from '../db/users'
import type { WhatsappRepository } from '../db/whatsapp'
import { monthReport, readProfile, transactionsIn } from '../modules/whatsapp/ledger'
import { monthlyReportMessage, monthLabel } from '../modules/whatsapp/replies'
import type { WhatsappSender } from '../modules/whatsapp/twilio'
import { LeasedJob } from './job-lease'
import type { JobLease } from '../db/jobs'

export interface MonthlyReportDeps {
  users: UsersRepository
  documents: DocumentsRepository
  whatsapp: WhatsappRepository
  sender: WhatsappSender
  now: () => number
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
}

export interface MonthlyReportResult {
  /** 'YYYY-MM' of the month reported on, null when today is not the 1st. */
  month: string | null
  /** User ids sent to in this run. */
  sent: string[]
  /** Already sent (this or an earlier process), turned off, or nothing logged that month. */
  skipped: number
  failed: number
}

export const HOUR_MS = 3_600_000

/** The local month before the one containing `now`: its window and 'YYYY-MM'. */
export function previousMonth(now: number): { start: number; end: number; month: string } {
  const d = new Date(now)
  const window = localMonthWindow(new Date(d.getFullYear(), d.getMonth() - 1, 1).getTime())
  return { ...window, month: monthKey(window.start) }
}

/** One pass: sends last month's report to whoever still needs it, when `now` is on a 1st. */
export async function runMonthlyReports(deps: MonthlyReportDeps): Promise<MonthlyReportResult> {
  const now = deps.now()
  if (new Date(now).getDate() !== 1) return { month: null, sent: [], skipped: 0, failed: 0 }
  const { start, end, month } = previousMonth(now)
  const result: MonthlyReportResult = { month, sent: [], skipped: 0, failed: 0 }

  for (const user of await deps.users.listWithPhone()) {
    const phone = user.phoneNumber
    const profile = await readProfile(deps.documents, user.id)
    if (
      !phone ||
      !profile.monthlyReportByWhatsapp ||
      user.createdAt >= end ||
      (await deps.whatsapp.monthlyReportSent(user.id, month))
    ) {
      result.skipped += 1
      continue
    }
    const report = monthReport(
      await transactionsIn(deps.documents, user.id, { start, end }),
      { start, end },
      monthLabel(start),
      profile,
    )
    if (report.totals.incomeCount + report.totals.expenseCount === 0) {
      result.skipped += 1
      continue
    }
    // Claim first: the unique (user, month) key is what makes it once only.
    if (!(await deps.whatsapp.claimMonthlyReport(user.id, month, now))) {
      result.skipped += 1
      continue
    }
    try {
      await deps.sender.send(phone, monthlyReportMessage(report, profile.currency, user.name))
      result.sent.push(user.id)
    } catch (err) {
      await deps.whatsapp.releaseMonthlyReport(user.id, month)
      result.failed += 1
      deps.log?.error({ err, userId: user.id, month }, 'monthly WhatsApp report failed; will retry at the next check')
    }
  }
  if (result.sent.length > 0 || result.failed > 0)
    deps.log?.info({ month, sent: result.sent.length, failed: result.failed }, 'monthly WhatsApp reports')
  return result
}

/**
 * Checks at start and then every `intervalMs` (an unref'd timer: it never keeps the process up),
 * one instance at a time when several share the database (`lease`).
 */
export class MonthlyReportJob {
  readonly #job: LeasedJob<MonthlyReportResult>

  constructor(deps: MonthlyReportDeps, lease: JobLease, intervalMs = HOUR_MS) {
    this.#job = new LeasedJob({
      lease,
      intervalMs,
      run: () => runMonthlyReports(deps),
      idle: () => ({ month: null, sent: [], skipped: 0, failed: 0 }),
      log: deps.log,
    })
  }

  start(): void {
    void this.#job.start()
  }

  /** Runs one pass, or returns the pass already in progress. Never rejects. */
  check(): Promise<MonthlyReportResult> {
    return this.#job.check()
  }

  /** Stops the timer and waits for a pass in progress (before the database closes). */
  stop(): Promise<void> {
    return this.#job.stop()
  }
}
