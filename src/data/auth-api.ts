import { apiFetch } from './http'
import type { User } from './session'

export interface AuthResponse {
  user: User
  token: string
}

export function login(email: string, password: string): Promise<AuthResponse> {
  return apiFetch<AuthResponse>('/auth/login', { method: 'POST', body: { email, password } })
}

export function register(input: { email: string; password: string; name?: string }): Promise<AuthResponse> {
  return apiFetch<AuthResponse>('/auth/register', { method: 'POST', body: input })
}

export async function fetchMe(token: string, signal?: AbortSignal): Promise<User> {
  const { user } = await apiFetch<{ user: User }>('/auth/me', { token, signal })
  return user
}
