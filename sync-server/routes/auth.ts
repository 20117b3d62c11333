import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AUTH_MESSAGES,
  AuthResponse,
  ChangePasswordBody,
  CurrencyBody,
  LoginBody,
  PublicUser,
  RegisterBody,
  SuccessToken,
  SuccessUser,
  UpdatePhoneBody,
  UpdatePhoneResponse,
  UpdateProfileBody,
} from '../../schema/api/auth'
import { ADMIN_MESSAGES } from '../../schema/api/admin'
import { homeCurrencyChange } from '../../schema/entities/profile'
import { normalizePhone } from '../../schema/phone'
import { checkProfile, dependentsProblem } from '../../schema/validation/profile-input'
import type { UserProfileFields, UserRow } from '../db/tables'
import { toPublicUser } from '../db/users'
import type { UserPatch, UsersRepository } from '../db/users'
import { accepted, HttpError } from '../http-error'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../modules/auth/passwords'

/** Spec §5 phone rule: required, at least 10 digits; stored as `whatsapp:+<cc><number>`. */
function parsePhone(input: string | null | undefined): string {
  if (!input || input.trim() === '') throw new HttpError(400, AUTH_MESSAGES.phoneRequired, 'VALIDATION_ERROR')
  const digits = input.replace(/\D/g, '')
  if (digits.length < 10) throw new HttpError(400, AUTH_MESSAGES.phoneTooShort, 'VALIDATION_ERROR')
  const phone = normalizePhone(input)
  if (!phone) throw new HttpError(400, AUTH_MESSAGES.phoneTooLong, 'VALIDATION_ERROR')
  return phone
}

type ZodApp = Parameters<FastifyPluginCallbackZod>[0]

/** /api/auth's signed-in routes (the signed-in tree authenticates them). */
export const authRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  sessionRoutes(app)
  accountRoutes(app)
  done()
}

/** Register and login (rate limited; login also per account). */
export const signInRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { users, passwordGuard: guard, phoneProof } = app
  const rateLimit = app.config.authRateLimit
  const limited = { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } }
  app.post(
    '/register',
    { config: limited, schema: { body: RegisterBody, response: { 201: AuthResponse } } },
    async (request, reply) => {
      const { email, password, name } = request.body
      const phone = request.body.phone_number?.trim() ? parsePhone(request.body.phone_number) : null
      if (await users.findByEmail(email)) throw new HttpError(409, AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN')
      if (phone && (await users.findByVerifiedPhone(phone)))
        throw new HttpError(409, AUTH_MESSAGES.phoneTaken, 'PHONE_TAKEN')
      const user = await users.create({ email, passwordHash: await hashPassword(password), name: name || null })
      // The number links once proven: Settings shows the code to send from it.
      if (phone) await phoneProof.claim(user, phone)
      reply.header('set-cookie', await guard.signedIn(request, user.id, null))
      return reply.status(201).send({ user: toPublicUser(user), token: app.issueToken(user) })
    },
  )

  app.post(
    '/login',
    { config: limited, schema: { body: LoginBody, response: { 200: AuthResponse } } },
    async (request, reply) => {
      const { email, password } = request.body
      const user = await users.findByEmail(email)
      // Unknown e-mails are counted too, so the answers don't tell which accounts exist.
      const attempt = guard.attempt(request, email.trim().toLowerCase(), user?.id ?? null)
      const ok = await guard.verify(attempt, async () =>
        user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password),
      )
      if (!user || !ok) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS')
      // Only after the password matched, so suspension is never revealed to a guesser.
      if (user.suspended) throw new HttpError(403, ADMIN_MESSAGES.accountSuspended, 'ACCOUNT_SUSPENDED')
      reply.header('set-cookie', await guard.signedIn(request, user.id, attempt.device))
      return { user: toPublicUser(user), token: app.issueToken(user) }
    },
  )
  done()
}

async function currentUser(users: UsersRepository, id: string): Promise<UserRow> {
  const user = await users.findById(id)
  if (!user) throw new HttpError(401, 'Invalid or expired token', 'UNAUTHORIZED')
  return user
}

/** Who am I, change password, logout everywhere: the last two revoke older tokens and their streams. */
function sessionRoutes(app: ZodApp): void {
  const { users, streamBus: bus, passwordGuard: guard } = app

  /** Bumps the token version, ends the streams opened with older tokens, and issues a fresh token. */
  const revoke = async (user: UserRow, patch: UserPatch = {}) => {
    const updated = await users.bumpTokenVersion(user.id, patch)
    bus.endStreams(user.id, updated.tokenVersion)
    return { success: true as const, token: app.issueToken(updated) }
  }

  app.get('/me', { schema: { response: { 200: z.object({ user: PublicUser }) } } }, async (request) => ({
    user: toPublicUser(await currentUser(users, request.user.id)),
  }))

  app.put(
    '/change-password',
    { schema: { body: ChangePasswordBody, response: { 200: SuccessToken } } },
    async (request) => {
      const user = await currentUser(users, request.user.id)
      const attempt = guard.attempt(request, user.email, user.id)
      if (!(await guard.verify(attempt, () => verifyPassword(user.passwordHash, request.body.currentPassword))))
        throw new HttpError(400, AUTH_MESSAGES.currentPasswordWrong, 'WRONG_PASSWORD')
      return revoke(user, { passwordHash: await hashPassword(request.body.newPassword) })
    },
  )

  app.post('/logout-all', { schema: { response: { 200: SuccessToken } } }, async (request) =>
    revoke(await currentUser(users, request.user.id)),
  )
}

/** Phone, profile and currency of the signed-in account. */
function accountRoutes(app: ZodApp): void {
  const { users, documents, phoneProof } = app

  app.put(
    '/update-phone',
    { schema: { body: UpdatePhoneBody, response: { 200: UpdatePhoneResponse } } },
    async (request) => {
      const user = await currentUser(users, request.user.id)
      const claim = await phoneProof.claim(user, parsePhone(request.body.phone_number))
      const view = toPublicUser(user)
      return claim
        ? { success: true as const, pending: true as const, ...claim, user: view }
        : { success: true as const, pending: false as const, user: view }
    },
  )

  app.put(
    '/update-profile',
    { schema: { body: UpdateProfileBody, response: { 200: SuccessUser } } },
    async (request) => {
      const { name, phone_number, ...fields } = accepted(checkProfile(request.body))
      const user = await currentUser(users, request.user.id)
      const unlink = phone_number === null || phone_number?.trim() === ''
      // Only a proven number links (update-phone); here it may stay as it is or be removed.
      if (!unlink && phone_number !== undefined && parsePhone(phone_number) !== user.phoneNumber)
        throw new HttpError(400, AUTH_MESSAGES.phoneNeedsProof, 'PHONE_NEEDS_PROOF')
      const profile: UserProfileFields = { ...user.profile }
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined) Object.assign(profile, { [key]: value })
      }
      // The body is checked on its own; a change to one of the two is also checked against the other as stored.
      const problem = dependentsProblem(profile.family_size, profile.number_of_dependents)
      if (problem) throw new HttpError(400, problem, 'VALIDATION_ERROR')
      const updated = await documents.write(async () => {
        if (unlink) await phoneProof.unlink(user.id)
        return users.update(user.id, { profile, ...(name === undefined ? {} : { name }) })
      })
      return { success: true as const, user: toPublicUser(updated) }
    },
  )

  app.put('/currency', { schema: { body: CurrencyBody, response: { 200: SuccessUser } } }, async (request) => {
    const currency = request.body.currency_code
    // The account row and the replicated profile (the user's other devices switch too) change together.
    const updated = await documents.write(async () => {
      const row = await users.update(request.user.id, { currency })
      const profile = await documents.getOwned('profile', request.user.id, request.user.id)
      if (profile && !profile.deleted && profile.data.currency !== currency) {
        await documents.write(async (unit) =>
          unit.put('profile', request.user.id, {
            ...profile.data,
            ...homeCurrencyChange(profile.data, currency),
            updatedAt: Math.max(Date.now(), profile.data.updatedAt + 1),
          }),
        )
      }
      return row
    })
    return { success: true as const, user: toPublicUser(updated) }
  })
}
