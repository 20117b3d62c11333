import { toPaise } from '../../../schema/money/money'
import { NetworkError } from '../../data/http'

/** REST money is rupees; screens show paise through <Amount>. */
export const rupeesToPaise = (rupees: number): number => toPaise(rupees) ?? 0

const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
const DATE_TIME = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' })

export const formatDate = (iso: string): string => DATE.format(new Date(iso))
export const formatDateTime = (iso: string): string => DATE_TIME.format(new Date(iso))

export const OFFLINE_TEXT = 'You are offline. The back office needs a connection to the server.'

/** The message for a failed admin action: offline says so, else the server's message. */
export function actionError(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return OFFLINE_TEXT
  return error instanceof Error && error.message && !/^HTTP \d+$/.test(error.message) ? error.message : fallback
}

/** 'waiting' → 'Waiting'. */
export const titleCase = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1)

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`

/**
 * What "Total Users" counts: accounts with the user role; admin accounts are left out (the user
 * list shows them too, so the two figures are told apart).
 */
export function usersCounted(figures: { totalAdmins: number; newUsers: number }, withNew = true): string {
  const admins = figures.totalAdmins > 0 ? ` (${count(figures.totalAdmins, 'admin', 'admins')} not counted)` : ''
  return `User accounts${admins}${withNew ? ` · ${figures.newUsers.toLocaleString('en-IN')} new today` : ''}`
}

/** "3 accounts: 2 users, 1 admin": the list holds both roles. */
export function accountsListed(accounts: readonly { role: string }[]): string {
  const admins = accounts.filter((a) => a.role === 'admin').length
  const users = accounts.length - admins
  const total = count(accounts.length, 'account', 'accounts')
  return admins === 0 ? total : `${total}: ${count(users, 'user', 'users')}, ${count(admins, 'admin', 'admins')}`
}
