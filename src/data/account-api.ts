import {
  MeResponse,
  SuccessToken,
  SuccessUser,
  UpdatePhoneResponse,
  type PhoneClaim,
  type PublicUser,
} from '../../schema/api/auth'
import { WhatsappStatus } from '../../schema/api/whatsapp'
import { apiFetch, ApiError, NetworkError } from './http'
import { readSession, readToken, writeSession, writeUser } from './session'

/**
 * The Settings screen's REST calls (spec part 1 §7). They need the server (DESIGN §1): each one
 * throws NetworkError when offline, ApiError with the server's message when it refuses.
 */

export type AccountUser = PublicUser

function token(): string {
  const value = readToken()
  if (!value) throw new ApiError(401, 'Not signed in')
  return value
}

/** Keeps the cached user (what the app opens with offline) in step with the server's answer. */
function remember(user: AccountUser): AccountUser {
  writeUser(user)
  return user
}

export async function fetchAccount(signal?: AbortSignal): Promise<AccountUser> {
  const { user } = await apiFetch('/auth/me', MeResponse, { token: token(), signal })
  return remember(user)
}

/** A PUT that answers with the updated user, which becomes the cached user. */
async function putUser(path: string, body: unknown): Promise<AccountUser> {
  const { user } = await apiFetch(path, SuccessUser, { method: 'PUT', token: token(), body })
  return remember(user)
}

export type { PhoneClaim }

/**
 * Claims `phone` (`+<code><number>`, stored as `whatsapp:+<code><number>`): the answer is pending
 * with the code to send from that number as `link <code>`, or not pending when it is already
 * this account's proven number. The number links only once that message arrives.
 */
export async function updatePhone(phone: string): Promise<UpdatePhoneResponse> {
  const answer = await apiFetch('/auth/update-phone', UpdatePhoneResponse, {
    method: 'PUT',
    token: token(),
    body: { phone_number: phone },
  })
  remember(answer.user)
  return answer
}

export interface ProfileFields {
  name: string
  date_of_birth: string
  nationality: string
  state_province: string
  annual_income_range: string
  /** Whole numbers as typed; '' clears. */
  family_size: string
  number_of_dependents: string
  job_title: string
  is_non_resident: boolean
  address: string
}

export function updateProfile(fields: ProfileFields): Promise<AccountUser> {
  return putUser('/auth/update-profile', fields)
}

/**
 * Changes the password. The server revokes every older token and answers with a fresh one,
 * which replaces the stored token at once so sync and later calls keep working.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const result = await apiFetch('/auth/change-password', SuccessToken, {
    method: 'PUT',
    token: token(),
    body: { currentPassword, newPassword },
  })
  const cached = readSession()?.user
  const user = cached ?? (await apiFetch('/auth/me', MeResponse, { token: result.token })).user
  writeSession(result.token, user)
}

export function updateCurrency(code: string): Promise<AccountUser> {
  return putUser('/auth/currency', { currency_code: code })
}

export type { WhatsappStatus }

export function fetchWhatsappStatus(signal?: AbortSignal): Promise<WhatsappStatus> {
  return apiFetch('/whatsapp/status', WhatsappStatus, { token: token(), signal })
}

export function isOffline(error: unknown): boolean {
  return error instanceof NetworkError
}

/** The server's message for a refusal, or null for anything else. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status !== 401 ? error.message : null
}
