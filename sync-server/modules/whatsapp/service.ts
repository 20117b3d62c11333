/**
 * What the webhook does with one verified message: find the sender's account, read the text,
 * write to the ledger through DocumentsRepository (so the entry takes a seq and reaches the
 * stream), and return the reply text. Everything here is synchronous (better-sqlite3), so two
 * deliveries of the same MessageSid can never interleave inside the process.
 */
import { budgetsSpan } from '../../../schema/calc/budget-status'
import { nextVersion } from '../../../schema/entities/common'
import { readMessage, type LearnedCategory, type MessageReading } from '../../../schema/parse/message'
import type { ParseOptions } from '../../../schema/parse/message'
import { normalizePhone } from '../../../schema/phone'
import { localMonthWindow } from '../../../schema/time'
import type { UserRow } from '../../db/tables'
import type { UsersRepository } from '../../db/users'
import { HttpError } from '../../http-error'
import { parseLinkCommand } from '../auth/phone-proof'
import type { PhoneProof } from '../auth/phone-proof'
import { MessageBooking, type BookingContext, type Outcome, type WhatsappDeps } from './booking'
import { budgetLines, liveBudgets, monthReport, readProfile, transactionsIn } from './ledger'
import type { ProfileSettings } from './ledger'
import { PendingQuestions } from './pending'
import {
  budgetReply,
  helpReply,
  joinReply,
  linkedReply,
  linkFailedReply,
  monthLabel,
  nothingToUndoReply,
  summaryReply,
  undoneReply,
  unknownReply,
  unlinkedReply,
} from './replies'

/** The Twilio fields the service reads (the route has verified the signature already). */
export interface IncomingMessage {
  messageSid: string
  from: string
  body: string
  numMedia: number
}

/** Longest message body kept in whatsapp_messages (WhatsApp allows 4096 characters). */
const MAX_STORED_BODY = 4096

export interface WhatsappServiceDeps extends WhatsappDeps {
  users: UsersRepository
  phoneProof: PhoneProof
  now: () => number
}

export class WhatsappService {
  readonly #booking: MessageBooking
  readonly #questions: PendingQuestions

  constructor(private readonly deps: WhatsappServiceDeps) {
    this.#booking = new MessageBooking(deps)
    this.#questions = new PendingQuestions(deps, this.#booking)
  }

  /**
   * The reply already given to this MessageSid (a retried delivery from the same sender), if any.
   * The reply names the first sender's amounts and categories, so the same MessageSid from another
   * number answers 409 and reveals nothing.
   */
  async storedReply(messageSid: string, from: string): Promise<string | undefined> {
    const stored = await this.deps.whatsapp.findMessage(messageSid)
    if (!stored) return undefined
    if (stored.from !== (normalizePhone(from) ?? from))
      throw new HttpError(409, 'This message was already received from another number', 'MESSAGE_SID_REUSED')
    return stored.reply
  }

  /**
   * Handles a new message and records it with its reply, as one unit of work: a crash before the
   * record leaves no entry either, so Twilio's retry books it once. A known MessageSid gets its
   * old reply.
   */
  async handle(message: IncomingMessage): Promise<string> {
    const stored = await this.storedReply(message.messageSid, message.from)
    if (stored !== undefined) return stored
    return this.deps.documents.write(async () => {
      const now = this.deps.now()
      const sender = normalizePhone(message.from)
      const { user, outcome } = await this.#answer(message, sender, now)
      await this.deps.whatsapp.insertMessage({
        messageSid: message.messageSid,
        userId: user?.id ?? null,
        from: sender ?? message.from,
        body: message.body.slice(0, MAX_STORED_BODY),
        kind: outcome.kind,
        transactionId: outcome.transactionId ?? null,
        reply: outcome.reply,
        createdAt: now,
      })
      return outcome.reply
    })
  }

  /** The sender's account (only a proven number has one) and what their message does. */
  async #answer(
    message: IncomingMessage,
    sender: string | null,
    now: number,
  ): Promise<{ user?: UserRow; outcome: Outcome }> {
    const link = sender ? parseLinkCommand(message.body) : null
    if (sender && link) {
      const linked = await this.deps.phoneProof.prove(sender, link.code)
      if (!linked) return { outcome: { kind: 'link', reply: linkFailedReply() } }
      return { user: linked, outcome: { kind: 'link', reply: linkedReply(sender, linked.name) } }
    }
    const user = sender ? await this.deps.users.findByVerifiedPhone(sender) : undefined
    const profile = user ? await readProfile(this.deps.documents, user.id) : null
    const context = user && profile ? { userId: user.id, profile, messageSid: message.messageSid, now } : null
    // A one-word answer to the question asked before ("ok", "food", "income", "no").
    const answered = context ? await this.#questions.answer(context, message.body) : null
    if (user && answered) return { user, outcome: answered }
    const options = { userCategories: profile?.customCategories ?? [] }
    const parsed = user
      ? await readWithHistory(message.body, options, (key) => this.deps.whatsapp.lastCategoryOf(user.id, key))
      : readMessage(message.body, options)
    if (parsed.kind === 'join')
      return { user, outcome: { kind: 'join', reply: joinReply(sender ?? message.from, user ? user : null) } }
    if (!user || !context) return { outcome: { kind: 'unlinked', reply: unlinkedReply(sender ?? message.from) } }
    return { user, outcome: await this.#forUser(context, parsed, message) }
  }

  async #forUser(
    context: BookingContext,
    parsed: Exclude<MessageReading, { kind: 'join' }>,
    message: IncomingMessage,
  ): Promise<Outcome> {
    const { documents } = this.deps
    const { userId, profile, now } = context
    switch (parsed.kind) {
      case 'unknown':
        return { kind: 'unknown', reply: unknownReply(message.body.trim() === '' && message.numMedia > 0) }
      case 'entry':
        return this.#booking.entry(context, parsed)
      case 'notice':
        return this.#questions.notice(context, parsed)
      case 'command':
        switch (parsed.command) {
          case 'help':
            return { kind: 'command', reply: helpReply() }
          case 'undo':
            return this.#undo(userId, profile, now)
          case 'summary': {
            const month = localMonthWindow(now)
            const report = monthReport(await transactionsIn(documents, userId, month), month, monthLabel(now), profile)
            return { kind: 'command', reply: summaryReply(report, profile.currency) }
          }
          case 'budget': {
            const budgets = await liveBudgets(documents, userId)
            const span = budgetsSpan(budgets, now)
            const lines = budgetLines(budgets, span ? await transactionsIn(documents, userId, span) : [], now, profile)
            return { kind: 'command', reply: budgetReply(lines, profile.currency) }
          }
        }
    }
  }

  async #undo(userId: string, profile: ProfileSettings, now: number): Promise<Outcome> {
    const { documents, whatsapp } = this.deps
    const last = await whatsapp.lastLedgerMessage(userId)
    const existing =
      last?.kind === 'entry' && last.transactionId
        ? await documents.getOwned('transactions', userId, last.transactionId)
        : undefined
    if (!existing || existing.deleted) return { kind: 'command', reply: nothingToUndoReply() }
    // A tombstone through the one write path: it takes a seq and reaches every device.
    const updatedAt = nextVersion(now, existing.data.updatedAt)
    await documents.write(async (unit) => unit.put('transactions', userId, { ...existing.data, updatedAt }, true))
    return { kind: 'undo', reply: undoneReply(existing.data, profile.currency, now), transactionId: existing.id }
  }
}

/**
 * The parser is synchronous and asks for the history of the merchants it finds (which depend on
 * the text alone): a first reading collects what it asks, that history is read, and the message
 * is read again with the answers.
 */
async function readWithHistory(
  body: string,
  options: ParseOptions,
  history: (merchantKey: string) => Promise<LearnedCategory | undefined>,
): Promise<MessageReading> {
  const asked = new Set<string>()
  const first = readMessage(body, { ...options, learned: (key) => void asked.add(key) })
  // Nothing asked about a merchant's past: the first reading is the answer.
  if (asked.size === 0) return first
  const known = new Map<string, LearnedCategory | undefined>()
  for (const key of asked) known.set(key, await history(key))
  return readMessage(body, { ...options, learned: (key) => known.get(key) })
}
