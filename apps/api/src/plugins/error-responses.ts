import { type ErrorCode, z } from '@cabanas/domain/shared'
import type { FastifySerializerCompiler } from 'fastify'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import { type ErrorBody, statusOf } from './errors.ts'

/**
 * The documented refusals of the routes (docs/decisions.md, "OpenAPI from the route schemas"). A
 * route lists, in its `schema.response`, what it may answer with the domain's own Spanish messages;
 * the OpenAPI document shows them as examples. At run time error bodies are written by `sendError`
 * (plugins/errors.ts) and sent as they are: these schemas only document them.
 */

/** One refusal a route may answer: its code (the status follows from it) and its real message. */
export type DocumentedError = {
  code: ErrorCode
  message: string
  details?: ErrorBody['details']
  /** Fields a route adds to its error bodies (quotes: `available: false`). */
  extra?: Record<string, string | number | boolean>
}

/** The common shape of every error body (`sendError`). */
export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string().describe('El mensaje en español, para mostrarlo tal cual'),
  errorType: z.string().describe('El código del error: la web elige su texto por código'),
  message: z.string().describe('El mismo mensaje que `error`'),
  details: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .optional()
    .describe('Errores de validación, campo por campo'),
})

// The documented shape is the one sendError writes: this line stops compiling if they part.
const _sameShape: z.infer<typeof ErrorResponseSchema> = {} as ErrorBody
void _sameShape

/** A refusal with a message taken from the domain (import the constant, never retype it). */
export const refusal = (
  code: ErrorCode,
  message: string,
  extra?: DocumentedError['extra'],
): DocumentedError => ({ code, message, ...(extra ? { extra } : {}) })

/**
 * The 400 a route answers for `input`, computed by running the route's own schema on it: the example
 * carries the real Spanish message and details, exactly as plugins/errors.ts writes them.
 */
export function invalidInput(schema: z.ZodType, input: unknown): DocumentedError {
  const result = schema.safeParse(input)
  if (result.success) throw new Error('invalidInput: the example input is valid for its schema')
  const details = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }))
  return { code: 'VALIDATION_ERROR', message: details[0]?.message ?? '', details }
}

/** The body `sendError` writes for a refusal, key for key. */
export function errorBody({ code, message, details, extra = {} }: DocumentedError) {
  return {
    success: false as const,
    ...extra,
    error: message,
    errorType: code,
    message,
    ...(details ? { details } : {}),
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Solicitud inválida',
  401: 'Sin sesión o credenciales incorrectas',
  402: 'Pago rechazado',
  403: 'Sin permiso',
  404: 'No encontrado',
  409: 'Conflicto',
  413: 'Solicitud demasiado grande',
  415: 'Tipo de contenido no compatible',
  422: 'Solicitud no procesable',
  429: 'Demasiadas solicitudes',
  500: 'Error del servidor',
  501: 'No implementado',
  503: 'Servicio no disponible',
}

/** The refusals each documented error schema stands for, so that more can be merged in later. */
const documentedErrors = new WeakMap<z.ZodType, DocumentedError[]>()

function errorSchema(status: number, errors: DocumentedError[]): z.ZodType {
  const codes = [...new Set(errors.map((error) => error.code))]
  const extraShape: Record<string, z.ZodType> = {}
  for (const error of errors) {
    for (const [key, value] of Object.entries(error.extra ?? {}))
      extraShape[key] = z.literal(value).optional()
  }
  const examples: Record<string, { summary: string; value: unknown }> = {}
  for (const error of errors) {
    let name: string = error.code
    for (let n = 2; name in examples; n++) name = `${error.code}_${n}`
    examples[name] = { summary: error.message, value: errorBody(error) }
  }
  const schema = ErrorResponseSchema.extend({
    ...extraShape,
    errorType: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
  }).meta({ description: `${STATUS_TEXT[status] ?? 'Error'} (${codes.join(', ')})`, 'x-examples': examples })
  documentedErrors.set(schema, errors)
  return schema
}

function byStatus(errors: DocumentedError[]): Map<number, DocumentedError[]> {
  const groups = new Map<number, DocumentedError[]>()
  for (const error of errors) {
    const status = statusOf(error.code)
    groups.set(status, [...(groups.get(status) ?? []), error])
  }
  return groups
}

/**
 * `schema.response` entries for a route's refusals, one per status (each code's status is the one
 * plugins/errors.ts gives it), with every refusal as a named Spanish example.
 */
export function errorResponses(errors: DocumentedError[]): Record<number, z.ZodType> {
  const responses: Record<number, z.ZodType> = {}
  for (const [status, group] of byStatus(errors)) responses[status] = errorSchema(status, group)
  return responses
}

/**
 * A response the route documents with a schema of its own (not the common error body), with named
 * examples checked against that schema.
 */
export function exampleResponse<S extends z.ZodType>(
  schema: S,
  description: string,
  examples: Record<string, { summary: string; value: z.output<S> }>,
): S {
  return schema.meta({ description, 'x-examples': examples }) as S
}

/**
 * The route's responses plus refusals every such route may answer (a malformed body, no session…):
 * merged into the route's own error schema of the same status; a status the route documents with a
 * schema of its own (the charge's 402) is left alone.
 */
export function withCommonErrors(
  response: Record<string, unknown>,
  errors: DocumentedError[],
): Record<string, unknown> {
  const merged = { ...response }
  for (const [status, group] of byStatus(errors)) {
    const current = merged[status]
    if (current === undefined) {
      merged[status] = errorSchema(status, group)
      continue
    }
    const own = documentedErrors.get(current as z.ZodType)
    if (!own) continue
    const known = new Set(own.map((error) => `${error.code}\n${error.message}`))
    merged[status] = errorSchema(status, [
      ...own,
      ...group.filter((error) => !known.has(`${error.code}\n${error.message}`)),
    ])
  }
  return merged
}

/**
 * The API's response serializer: zod checks and filters success bodies against the route's schema
 * (as before); error bodies (4xx, 5xx) are written by sendError and sent as they are, so their
 * documenting schemas never run.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<
  Parameters<typeof zodSerializerCompiler>[0]['schema']
> = (routeSchema) =>
  /^[45]/.test(String(routeSchema.httpStatus))
    ? (data) => JSON.stringify(data)
    : zodSerializerCompiler(routeSchema)
