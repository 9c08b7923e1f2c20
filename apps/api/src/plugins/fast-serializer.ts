import fastJson from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify'
import { toJSONSchema, type ZodMiniType } from 'zod/mini'

/**
 * A route's serializer compiler for a hot path: its success body written by fast-json-stringify from
 * the JSON Schema of its zod response schema (Fastify's own way to serialize), without the zod parse
 * the app's default compiler (plugins/error-responses.ts) makes of every answer. The handler's return
 * type is the schema's, checked at compile time; properties the schema does not name are left out.
 * Error bodies (4xx, 5xx) are sent as `sendError` built them, as everywhere.
 */
export const fastResponseSerializer: FastifySerializerCompiler<unknown> = ({ schema, httpStatus }) => {
  if (/^[45]/.test(String(httpStatus))) return (data) => JSON.stringify(data)
  const jsonSchema = toJSONSchema(schema as ZodMiniType, { io: 'output', target: 'draft-07' })
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0])
}
