import type { z } from 'zod'
import type { ZodMiniType } from 'zod/mini'
import { DEMO_REFUSAL, isDemoSession, notifyUnauthorized } from './session'
import { updateSync } from './sync-state'

/** The server answered with an error status; `message` is its `error` text when it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** How long the server asked to wait before trying again (its Retry-After), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The request never got an answer (offline, server down). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause })
    this.name = 'NetworkError'
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  token?: string | null
  signal?: AbortSignal
  headers?: Record<string, string>
}

/** The server answered 2xx with a body its contract (schema/api) does not describe. */
export const BAD_RESPONSE = 'Unexpected answer from the server'

/**
 * JSON call to the same-origin API; the answer is parsed with `contract` (a schema/api zod
 * schema; import it lazily where the entry chunk must stay free of zod). A 401 on a request that
 * carried a token ends the session (spec part 1 §4). Network failures mark the server unreachable
 * for the sync indicator.
 */
export async function apiFetch<S extends z.ZodType | ZodMiniType>(
  path: string,
  contract: S,
  request: ApiRequest = {},
): Promise<z.output<S>> {
  // The demo never talks to the server; what needs an account says so.
  if (isDemoSession() && !request.token) throw new ApiError(403, DEMO_REFUSAL, 'DEMO')
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers }
  if (request.body !== undefined) headers['Content-Type'] = 'application/json'
  if (request.token) headers.Authorization = `Bearer ${request.token}`
  let response: Response
  try {
    response = await fetch(`/api${path}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      cache: 'no-store',
    })
  } catch (error) {
    if (request.signal?.aborted) throw error
    updateSync({ serverReachable: false })
    throw new NetworkError(error)
  }
  // A gateway error means the server behind it is down: treat it like a network failure.
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    updateSync({ serverReachable: false })
    throw new NetworkError(new Error(`HTTP ${response.status}`))
  }
  updateSync({ serverReachable: true })
  const text = await response.text()
  let body: unknown = null
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      body = null
    }
  }
  if (!response.ok) {
    const error = body && typeof body === 'object' ? (body as { error?: unknown; code?: unknown }) : {}
    // A refused token, or an account an admin suspended: the session is over on this device.
    const ended = response.status === 401 || (response.status === 403 && error.code === 'ACCOUNT_SUSPENDED')
    if (ended && request.token) notifyUnauthorized()
    const retryAfter = Number(response.headers.get('retry-after'))
    throw new ApiError(
      response.status,
      typeof error.error === 'string' ? error.error : `HTTP ${response.status}`,
      typeof error.code === 'string' ? error.code : undefined,
      retryAfter > 0 ? retryAfter * 1000 : undefined,
    )
  }
  const parsed = contract.safeParse(body)
  if (!parsed.success) throw new ApiError(response.status, BAD_RESPONSE, 'BAD_RESPONSE')
  return parsed.data as z.output<S>
}
