import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
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
  UpdateProfileBody,
} from '../../schema/api/auth'
import { ADMIN_MESSAGES } from '../../schema/api/admin'
import { normalizePhone } from '../../schema/phone'
import { dependentsProblem } from '../../schema/validation/profile-input'
import type { DocumentsRepository } from '../db/documents'
import type { UserProfileFields, UserRow } from '../db/tables'
import { toPublicUser } from '../db/users'
import type { UsersRepository } from '../db/users'
import { PasswordGuard } from '../modules/auth/password-guard'
import { HttpError } from '../http-error'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../modules/auth/passwords'

export interface AuthRoutesOptions {
  users: UsersRepository
  documents: DocumentsRepository
  rateLimit: { max: number; timeWindowMs: number }
  now?: () => number
  /** Runs after an account is created (household invites waiting for its e-mail). */
  onRegister?: (user: UserRow) => void
}

/** Spec §5 phone rule: required, at least 10 digits; stored as `whatsapp:+<cc><number>`. */
function parsePhone(input: string | null | undefined): string {
  if (!input || input.trim() === '') throw new HttpError(400, AUTH_MESSAGES.phoneRequired, 'VALIDATION_ERROR')
  const digits = input.replace(/\D/g, '')
  if (digits.length < 10) throw new HttpError(400, AUTH_MESSAGES.phoneTooShort, 'VALIDATION_ERROR')
  const phone = normalizePhone(input)
  if (!phone) throw new HttpError(400, AUTH_MESSAGES.phoneTooLong, 'VALIDATION_ERROR')
  return phone
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { users, documents, rateLimit, onRegister } = options
  const guard = new PasswordGuard(options.now)
  const limited = { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } }

  function assertPhoneFree(phone: string, userId: string | null): void {
    const holder = users.findByPhone(phone)
    if (holder && holder.id !== userId) throw new HttpError(409, AUTH_MESSAGES.phoneTaken, 'PHONE_TAKEN')
  }

  app.post(
    '/register',
    { config: limited, schema: { body: RegisterBody, response: { 201: AuthResponse } } },
    async (request, reply) => {
      const { email, password, name } = request.body
      const phone = request.body.phone_number?.trim() ? parsePhone(request.body.phone_number) : null
      if (users.findByEmail(email)) throw new HttpError(409, AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN')
      if (phone) assertPhoneFree(phone, null)
      const user = users.create({
        email,
        passwordHash: await hashPassword(password),
        name: name || null,
        phoneNumber: phone,
      })
      onRegister?.(user)
      return reply.status(201).send({ user: toPublicUser(user), token: app.issueToken(user) })
    },
  )

  app.post(
    '/login',
    { config: limited, schema: { body: LoginBody, response: { 200: AuthResponse } } },
    async (request) => {
      const { email, password } = request.body
      // Unknown addresses are counted too, so the answers don't tell which accounts exist.
      const account = email.trim().toLowerCase()
      guard.check(account)
      const user = users.findByEmail(email)
      const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password)
      if (!user || !ok) {
        guard.failed(account)
        throw new HttpError(401, AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS')
      }
      guard.succeeded(account)
      // Only after the password matched, so suspension is never revealed to a guesser.
      if (user.suspended) throw new HttpError(403, ADMIN_MESSAGES.accountSuspended, 'ACCOUNT_SUSPENDED')
      return { user: toPublicUser(user), token: app.issueToken(user) }
    },
  )

  // Everything below needs a signed-in caller.
  await app.register((scope, _opts, done) => {
    scope.addHook('onRequest', app.authenticate)
    const signedIn = scope.withTypeProvider<ZodTypeProvider>()

    const current = (id: string) => {
      const user = users.findById(id)
      if (!user) throw new HttpError(401, 'Invalid or expired token', 'UNAUTHORIZED')
      return user
    }

    signedIn.get('/me', { schema: { response: { 200: z.object({ user: PublicUser }) } } }, (request) => ({
      user: toPublicUser(current(request.user.id)),
    }))

    signedIn.put(
      '/change-password',
      { schema: { body: ChangePasswordBody, response: { 200: SuccessToken } } },
      async (request) => {
        const user = current(request.user.id)
        guard.check(user.email)
        if (!(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
          guard.failed(user.email)
          throw new HttpError(400, AUTH_MESSAGES.currentPasswordWrong, 'WRONG_PASSWORD')
        }
        guard.succeeded(user.email)
        const updated = users.bumpTokenVersion(user.id, { passwordHash: await hashPassword(request.body.newPassword) })
        return { success: true as const, token: app.issueToken(updated) }
      },
    )

    signedIn.post('/logout-all', { schema: { response: { 200: SuccessToken } } }, (request) => {
      const updated = users.bumpTokenVersion(current(request.user.id).id)
      return { success: true as const, token: app.issueToken(updated) }
    })

    signedIn.put('/update-phone', { schema: { body: UpdatePhoneBody, response: { 200: SuccessUser } } }, (request) => {
      const phone = parsePhone(request.body.phone_number)
      assertPhoneFree(phone, request.user.id)
      return { success: true as const, user: toPublicUser(users.update(request.user.id, { phoneNumber: phone })) }
    })

    signedIn.put(
      '/update-profile',
      { schema: { body: UpdateProfileBody, response: { 200: SuccessUser } } },
      (request) => {
        const user = current(request.user.id)
        const { name, phone_number, ...fields } = request.body
        let phoneNumber: string | null | undefined
        if (phone_number === null || phone_number?.trim() === '') phoneNumber = null
        else if (phone_number !== undefined) {
          phoneNumber = parsePhone(phone_number)
          assertPhoneFree(phoneNumber, user.id)
        }
        const profile: UserProfileFields = { ...user.profile }
        for (const [key, value] of Object.entries(fields)) {
          if (value !== undefined) Object.assign(profile, { [key]: value })
        }
        // The body is checked on its own; a change to one of the two is also checked against the other as stored.
        const problem = dependentsProblem(profile.family_size, profile.number_of_dependents)
        if (problem) throw new HttpError(400, problem, 'VALIDATION_ERROR')
        const updated = users.update(user.id, {
          profile,
          ...(name === undefined ? {} : { name }),
          ...(phoneNumber === undefined ? {} : { phoneNumber }),
        })
        return { success: true as const, user: toPublicUser(updated) }
      },
    )

    signedIn.put('/currency', { schema: { body: CurrencyBody, response: { 200: SuccessUser } } }, (request) => {
      const currency = request.body.currency_code
      const updated = users.update(request.user.id, { currency })
      // Keep the replicated profile in step, so the user's other devices switch too.
      const profile = documents.getOwned('profile', request.user.id, request.user.id)
      if (profile && !profile.deleted && profile.data.currency !== currency) {
        documents.writeDocument('profile', request.user.id, {
          ...profile.data,
          currency,
          updatedAt: Math.max(Date.now(), profile.data.updatedAt + 1),
        })
      }
      return { success: true as const, user: toPublicUser(updated) }
    })
    done()
  })
}
