/** An expected failure that becomes a 4xx response `{error, code?, details?}` in the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

/** One message for "not yours" and "not there", so a response never reveals another user's data. */
export const FORBIDDEN_DOCUMENT = 'You do not have access to this document'

/** The value of a passed input check, or the check's message as a 400. */
export function accepted<T>(checked: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!checked.ok) throw new HttpError(400, checked.error, 'VALIDATION_ERROR')
  return checked.value
}
