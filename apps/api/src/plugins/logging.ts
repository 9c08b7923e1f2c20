import type { FastifyRequest, FastifyServerOptions } from 'fastify'
import { sqlStateOf } from '../db/errors.ts'

/**
 * What our logs may say. Operators need ids, codes and the request line; attackers would like SQL
 * parameters, tokens and personal data, so none of those are ever written (STYLE rule 15):
 * - database errors keep their SQLSTATE and a query name, never their message (drivers put values
 *   in it: "Key (email)=(…)", "Failed query: … params: …") nor their `detail`;
 * - secrets in URLs (`token=…` and friends) are masked;
 * - requests are logged as method, masked URL and client address only, never their headers or body.
 */

const SECRET_QUERY_PARAMS = /([?&](?:token|access_?token|code|key|password)=)[^&#]*/gi

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[oculto]')
}

type ErrorLike = { name?: unknown; message?: unknown; code?: unknown; stack?: unknown; cause?: unknown }

/** Drizzle's wrapper (query + params) or a driver error carrying a SQLSTATE. */
function isDatabaseError(error: ErrorLike): boolean {
  return ('query' in error && 'params' in error) || sqlStateOf(error) !== undefined
}

/** "insert clients", "select reservations": enough to find the query, nothing of its values. */
export function queryName(sqlText: string): string {
  const text = sqlText.replace(/\s+/g, ' ').trim()
  const verb = /^(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'query'
  const table =
    /^(?:insert into|update|delete from)\s+"?([\w.]+)"?/i.exec(text)?.[1] ??
    /\bfrom\s+"?([\w.]+)"?/i.exec(text)?.[1]
  return table ? `${verb} ${table}` : verb
}

/** The stack's frames without its first line (which repeats the message). */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n')
}

export function serializeError(value: unknown, depth = 0): Record<string, unknown> {
  if (!value || typeof value !== 'object') return { type: typeof value }
  const error = value as ErrorLike
  const type = typeof error.name === 'string' ? error.name : (value.constructor?.name ?? 'Error')
  if (isDatabaseError(error)) {
    const query = (error as { query?: unknown }).query
    return {
      type,
      code: sqlStateOf(error) ?? 'unknown',
      ...(typeof query === 'string' ? { query: queryName(query) } : {}),
      stack: framesOf(error.stack),
    }
  }
  return {
    type,
    message: typeof error.message === 'string' ? error.message : undefined,
    ...(typeof error.code === 'string' || typeof error.code === 'number' ? { code: error.code } : {}),
    stack: framesOf(error.stack),
    ...(error.cause && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  }
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }
}

/** Fastify's logger options: our serializers on every request, error and child logger. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (request) => serializeRequest(request as FastifyRequest),
      // Pino's type wants message and stack; ours leaves them out of database errors on purpose.
      err: (error) => serializeError(error) as { type: string; message: string; stack: string },
      error: (error) => serializeError(error),
    },
    ...(stream ? { stream } : {}),
  }
}
