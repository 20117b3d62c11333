import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { ZodError } from 'zod'
import type { ErrorBody } from '../../schema/api/sync'
import { HttpError } from '../http-error'
import { isUniqueViolation } from '../db/dialect'

interface Issue {
  path: string
  message: string
}

// zod's built-in messages do not name the field; ours (e.g. 'Email is invalid') do.
const GENERIC_MESSAGE = /^(Invalid |Too (small|big)|Unrecognized)/

function summarize(issues: Issue[], context: string | undefined): string {
  const first = issues[0]
  if (!first) return 'Invalid request'
  if (!GENERIC_MESSAGE.test(first.message)) return first.message
  return `${first.path || context || 'request'}: ${first.message}`
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but Content-Type is application/json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
}

/**
 * One error body for the whole API, `{error, code?, details?}`: validation problems are 400
 * with the first message in `error` and every issue in `details`; 5xx are logged and their
 * details never leave the server.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number
    let body: ErrorBody
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }))
      status = 400
      body = { error: summarize(issues, error.validationContext), code: 'VALIDATION_ERROR', details: issues }
    } else if (error instanceof HttpError) {
      status = error.statusCode
      body = {
        error: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.details === undefined ? {} : { details: error.details }),
      }
    } else if (error instanceof ZodError) {
      const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
      status = 400
      body = { error: summarize(issues, undefined), code: 'VALIDATION_ERROR', details: issues }
    } else if (isUniqueViolation(error)) {
      // Two requests racing for the same unique value: the loser is told, not handed a 500.
      status = 409
      body = { error: 'This already exists', code: 'CONFLICT' }
    } else if (
      !isResponseSerializationError(error) &&
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      status = error.statusCode
      const message =
        status === 429
          ? 'Too many attempts. Please wait a minute and try again.'
          : (FASTIFY_MESSAGES[error.code] ?? error.message)
      body = { error: message, code: status === 429 ? 'RATE_LIMITED' : error.code }
    } else {
      request.log.error({ err: error }, 'request failed')
      status = 500
      body = { error: 'Something went wrong on the server', code: 'INTERNAL' }
    }
    return reply.status(status).send(body)
  })
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a path
 * with a broken percent-encoding or a parameter over `maxParamLength`. Answered in the API's
 * own shape instead of Fastify's `{error: 'Bad Request', message: <the path>, statusCode}`.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
  const body: ErrorBody = {
    error: tooLong ? 'A value in the address is too long' : 'The address is not valid',
    code: tooLong ? 'URI_TOO_LONG' : 'BAD_URL',
  }
  void reply
    .status(tooLong ? 414 : 400)
    .header('cache-control', 'no-store')
    .send(body)
}

/** True for paths that belong to the API (never answered with the app shell). */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? ''
  return path === '/api' || path.startsWith('/api/')
}
