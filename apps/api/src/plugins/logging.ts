import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify'
import { sqlStateOf } from '../db/errors.ts'

/**
 * What our logs may say. Operators need ids, codes and the request line; attackers would like SQL
 * parameters, tokens and personal data, so none of those are ever written (STYLE rule 15):
 * - database errors keep their SQLSTATE and a query name, never their message (drivers put values
 *   in it: "Key (email)=(…)", "Failed query: … params: …") nor their `detail`;
 * - secrets in URLs (`token=…` and friends, the calendar export's path) are masked;
 * - requests are logged as method, masked URL and client address only, never their headers or body.
 */

const SECRET_QUERY_PARAMS = /([?&](?:token|access_?token|code|key|password)=)[^&#]*/gi
/** A cabin's secret calendar address (features/calendar): the token is the path's last segment. */
const SECRET_PATHS = /^(\/api\/calendars\/)[^/?#]+/

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[oculto]').replace(SECRET_PATHS, '$1[oculto]')
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

/** Refusals logged in full per key and minute; the rest of that minute is one summary line. */
export const REFUSALS_LOGGED_PER_MINUTE = 5
/** Keys followed at most (a flood from many addresses): beyond, a key's lines are counted only. */
const REFUSAL_KEYS = 10_000

/**
 * Warn lines for refused requests (rate limits, throttled logins), sampled: per key (what was
 * refused and to which client address) the first REFUSALS_LOGGED_PER_MINUTE of a minute are written,
 * the others counted, and when the minute is over one line says how many were left out. A flood of
 * refusals costs a few lines a minute instead of one line each. Fields must be ids and codes, as
 * every log line here (no e-mail, token or SQL parameter).
 */
export function createRefusalLog(
  log: FastifyBaseLogger,
  { perMinute = REFUSALS_LOGGED_PER_MINUTE, now = Date.now } = {},
) {
  type Window = { startedAt: number; logged: number; left: number; message: string }
  const windows = new Map<string, Window>()
  let unfollowed = 0

  function summarize(key: string, window: Window) {
    if (window.left > 0) {
      log.warn(
        { refusal: key, notLogged: window.left },
        `${window.message}: more refusals of the minute not logged`,
      )
    }
  }

  return {
    warn(key: string, fields: Record<string, unknown>, message: string) {
      const at = now()
      let window = windows.get(key)
      if (window && at - window.startedAt >= 60_000) {
        summarize(key, window)
        windows.delete(key)
        window = undefined
      }
      if (!window) {
        if (windows.size >= REFUSAL_KEYS) {
          unfollowed += 1
          return
        }
        window = { startedAt: at, logged: 0, left: 0, message }
        windows.set(key, window)
      }
      if (window.logged < perMinute) {
        window.logged += 1
        log.warn({ ...fields, refusal: key }, message)
      } else {
        window.left += 1
      }
    },
    /** Writes the summaries of finished minutes and forgets them (every minute, and on close). */
    flush(all = false) {
      const at = now()
      for (const [key, window] of windows) {
        if (all || at - window.startedAt >= 60_000) {
          summarize(key, window)
          windows.delete(key)
        }
      }
      if (unfollowed > 0) {
        log.warn({ notLogged: unfollowed }, 'refusals of too many clients to follow: not logged')
        unfollowed = 0
      }
    },
  }
}

export type RefusalLog = ReturnType<typeof createRefusalLog>
