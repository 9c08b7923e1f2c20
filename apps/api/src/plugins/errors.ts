import { DomainError, type ErrorCode, messages } from '@cabanas/domain/shared'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'

/** The one place where an error code becomes an HTTP status. */
const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  INVALID_DATE: 400,
  INVALID_DATE_RANGE: 400,
  CAPACITY_EXCEEDED: 400,
  CAPACITY_INSUFFICIENT: 400,
  NOCHES_MINIMAS: 400,
  NOT_FOUND: 404,
  CABIN_NOT_FOUND: 404,
  NOT_AVAILABLE: 409,
  PAYMENT_DECLINED: 402,
  PAYMENT_PENDING: 202,
  IDEMPOTENCY_MISMATCH: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  RESERVATION_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  HOST_EXISTS: 409,
  CONFLICT: 409,
  PAYOUT_REFUSED: 422,
  BAD_CREDENTIALS: 401,
  NOT_IMPLEMENTED: 501,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  SERVER_ERROR: 500,
}

export type ErrorBody = {
  success: false
  error: string
  errorType: ErrorCode
  message: string
  details?: { field: string; message: string }[]
}

/**
 * A 400 VALIDATION_ERROR found after the route's schema (a listing step checked by its own schema,
 * a review before submitting): its Spanish message and the fields to fix, as a schema refusal has.
 */
export class InvalidInputError extends DomainError {
  readonly details: NonNullable<ErrorBody['details']>
  constructor(message: string, details: NonNullable<ErrorBody['details']>) {
    super('VALIDATION_ERROR', message)
    this.name = 'InvalidInputError'
    this.details = details
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code]
}

/** The JSON body of every error answer. */
export function errorBody(
  code: ErrorCode,
  message: string,
  details?: ErrorBody['details'],
  extra: Record<string, unknown> = {},
): ErrorBody {
  return {
    success: false,
    ...extra,
    error: message,
    errorType: code,
    message,
    ...(details ? { details } : {}),
  }
}

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details?: ErrorBody['details'],
  extra: Record<string, unknown> = {},
): FastifyReply {
  const body = errorBody(code, message, details, extra)
  return reply.status(STATUS_BY_CODE[code]).type('application/json; charset=utf-8').send(body)
}

/** Fastify's own client errors, in Spanish. */
const FASTIFY_CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['BAD_REQUEST', messages.malformedJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['BAD_REQUEST', messages.malformedJson],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', messages.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['BAD_REQUEST', messages.invalidRequest],
}

/**
 * Fastify's `frameworkErrors` option: what its router refuses before any route or hook runs, in our
 * Spanish JSON instead of its English bodies (which also echo the path). A path segment over the
 * router's `maxParamLength` (100 characters) names nothing we have (ids and slugs are shorter): it is
 * answered as an unknown address, 404 (not 414: nothing to shorten, no new code a caller would act
 * on). A malformed %-escape is a 400. (The pages plugin's not-found handler is out of reach here, so a
 * browser gets the JSON too.)
 */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 'NOT_FOUND', messages.routeNotFound)
  reply.log.info({ code: error.code }, 'client error')
  return sendError(reply, 'BAD_REQUEST', messages.invalidRequest)
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof InvalidInputError) return sendError(reply, error.code, error.message, error.details)
    if (error instanceof DomainError) return sendError(reply, error.code, error.message)

    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? messages.invalidRequest,
      }))
      return sendError(reply, 'VALIDATION_ERROR', details[0]?.message ?? messages.invalidRequest, details)
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined
    if (known) return sendError(reply, known[0], known[1])
    if (error.statusCode === 429) return sendError(reply, 'RATE_LIMITED', messages.tooManyRequests)
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code }, 'client error')
      return sendError(reply, 'BAD_REQUEST', messages.invalidRequest)
    }

    request.log.error({ err: error }, 'unhandled error')
    return sendError(reply, 'SERVER_ERROR', messages.serverError)
  })
}

export default fp(errorsPlugin, { name: 'errors' })
