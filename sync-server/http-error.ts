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
