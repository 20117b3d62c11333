import { apiFetch } from './http'

/** POST /api/support/login-help: no token (the sender cannot sign in). Throws ApiError or NetworkError. */
export function sendLoginHelp(input: {
  whatsapp: string
  email: string
  issue: string
}): Promise<{ success: boolean }> {
  return apiFetch<{ success: boolean }>('/support/login-help', { method: 'POST', body: input })
}
