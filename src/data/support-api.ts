import { apiFetch } from './http'

/** POST /api/support/login-help: no token (the sender cannot sign in). Throws ApiError or NetworkError. */
export async function sendLoginHelp(input: { whatsapp: string; email: string; issue: string }): Promise<void> {
  // The contract (zod) loads with the request, so the login screen's chunk stays small.
  const { LoginHelpResponse } = await import('../../schema/api/support')
  await apiFetch('/support/login-help', LoginHelpResponse, { method: 'POST', body: input })
}
