import type { AuthResponse } from '../../schema/api/auth'
import { apiFetch, NetworkError } from './http'
import type { User } from './session'

export type { AuthResponse }

/**
 * The contracts load on first use: they bring zod, which the entry chunk (login screens, session)
 * does without. The service worker has the chunk, so this works offline as well as a fetch would.
 */
function contracts() {
  return import('../../schema/api/auth').catch((error: unknown) => {
    throw new NetworkError(error)
  })
}

export async function login(email: string, password: string): Promise<AuthResponse> {
  const { AuthResponse } = await contracts()
  return apiFetch('/auth/login', AuthResponse, { method: 'POST', body: { email, password } })
}

export async function register(input: { email: string; password: string; name?: string }): Promise<AuthResponse> {
  const { AuthResponse } = await contracts()
  return apiFetch('/auth/register', AuthResponse, { method: 'POST', body: input })
}

export async function fetchMe(token: string, signal?: AbortSignal): Promise<User> {
  const { MeResponse } = await contracts()
  const { user } = await apiFetch('/auth/me', MeResponse, { token, signal })
  return user
}
