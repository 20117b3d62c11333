import fastifyJwt from '@fastify/jwt'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ADMIN_MESSAGES } from '../../schema/api/admin'
import type { UsersRepository } from '../db/users'
import type { UserRole, UserRow } from '../db/tables'
import { HttpError } from '../http-error'

/** Claims of our tokens: `sub` = user id, `tv` = the user's token_version when issued. */
export interface TokenClaims {
  sub: string
  tv: number
}

/** Who is calling, set on `request.user` by `authenticate`. */
export interface AuthUser {
  id: string
  role: UserRole
  /** The token's `tv`: an event stream opened with it ends when the user's tokens are revoked. */
  tokenVersion: number
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims
    user: AuthUser
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler hook: 401 unless a valid, unrevoked bearer token is present. */
    authenticate: (request: FastifyRequest) => Promise<void>
    /** A fresh token for the user's current token_version. */
    issueToken: (user: UserRow) => string
  }
}

export const TOKEN_LIFETIME = '30d'

/**
 * Registers @fastify/jwt with HS256 pinned for signing and verifying, `exp` required, and
 * decorates `authenticate` / `issueToken` on the root instance so every route subtree can use them.
 */
export async function registerAuth(
  app: FastifyInstance,
  options: { secret: string; users: UsersRepository },
): Promise<void> {
  const { users } = options
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_LIFETIME },
    verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'tv'] },
  })

  app.decorate('issueToken', (user: UserRow) => app.jwt.sign({ sub: user.id, tv: user.tokenVersion }))

  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (!request.headers.authorization) throw new HttpError(401, 'Authentication required', 'UNAUTHORIZED')
    let claims: TokenClaims
    try {
      claims = await request.jwtVerify<TokenClaims>()
    } catch {
      throw new HttpError(401, 'Invalid or expired token', 'UNAUTHORIZED')
    }
    // A password change or logout-everywhere bumps token_version: older tokens stop here.
    const user = typeof claims.sub === 'string' ? await users.findById(claims.sub) : undefined
    if (!user || user.tokenVersion !== claims.tv) throw new HttpError(401, 'Invalid or expired token', 'UNAUTHORIZED')
    // Suspension refuses every token without revoking it: reactivation makes them valid again.
    if (user.suspended) throw new HttpError(403, ADMIN_MESSAGES.accountSuspended, 'ACCOUNT_SUSPENDED')
    request.user = { id: user.id, role: user.role, tokenVersion: user.tokenVersion }
  })
}
