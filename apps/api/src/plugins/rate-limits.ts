import { isIPv4, isIPv6 } from 'node:net'
import { DomainError, messages } from '@cabanas/domain/shared'
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '../db/client.ts'
import { rateLimitEvents } from '../db/schema.ts'

/**
 * The address a limit counts: an IPv4 address as it is (also when written as `::ffff:a.b.c.d`), an
 * IPv6 address as its /64 network, the block one subscriber gets, so a host cannot rotate through
 * its own 2^64 addresses to reset every limit. Anything else (only with a misconfigured proxy) is
 * cut to 64 characters.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1]
  if (mapped && isIPv4(mapped)) return mapped
  if (isIPv4(ip)) return ip
  if (!isIPv6(ip)) return ip.slice(0, 64)
  const [head = '', tail = ''] = ip.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : []
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** At most `limit` events of `key` in any window of `windowSeconds` (a sliding window). */
export type LimitRule = { key: string; limit: number; windowSeconds: number }

export type LimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number }

/** Events older than this are never counted by any rule and are pruned. */
export const LONGEST_WINDOW_SECONDS = 24 * 3600

const since = (windowSeconds: number) => sql`now() - make_interval(secs => ${windowSeconds})`

/** How many events of `key` happened in the last `windowSeconds`. */
export async function countRecentEvents(db: Database, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since(windowSeconds))))
  return row?.n ?? 0
}

export async function recordEvents(db: Database, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.insert(rateLimitEvents).values(keys.map((key) => ({ key })))
}

/** Seconds until the window of `rule` holds fewer than `limit` events again. */
async function secondsUntilFree(db: Database, rule: LimitRule): Promise<number> {
  const [row] = await db
    .select({
      wait: sql<number>`ceil(extract(epoch from (${rateLimitEvents.createdAt} + make_interval(secs => ${rule.windowSeconds}) - now())))::int`,
    })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, rule.key), gt(rateLimitEvents.createdAt, since(rule.windowSeconds))))
    .orderBy(desc(rateLimitEvents.createdAt))
    .offset(Math.max(0, rule.limit - 1))
    .limit(1)
  return Math.max(1, row?.wait ?? 1)
}

/** Is every rule under its limit? Records nothing. */
export async function checkLimits(db: Database, rules: LimitRule[]): Promise<LimitVerdict> {
  let retryAfterSeconds = 0
  for (const rule of rules) {
    if ((await countRecentEvents(db, rule.key, rule.windowSeconds)) >= rule.limit) {
      retryAfterSeconds = Math.max(retryAfterSeconds, await secondsUntilFree(db, rule))
    }
  }
  return retryAfterSeconds > 0 ? { ok: false, retryAfterSeconds } : { ok: true }
}

/**
 * Takes one unit of every rule when all are under their limit (and records it); refuses otherwise,
 * recording nothing, so a client that keeps hammering is free again once its window has passed.
 * Shared by every API process through the database: the keys are locked for the check and the
 * insert, so a burst of simultaneous requests cannot all read "under the limit".
 */
export async function takeLimits(db: Database, rules: LimitRule[]): Promise<LimitVerdict> {
  const keys = [...new Set(rules.map((rule) => rule.key))].sort()
  return db.transaction(async (tx) => {
    for (const key of keys) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rate:${key}`}, 0))`)
    }
    const verdict = await checkLimits(tx as unknown as Database, rules)
    if (verdict.ok) await recordEvents(tx as unknown as Database, keys)
    return verdict
  })
}

export async function pruneRateLimitEvents(db: Database): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, since(LONGEST_WINDOW_SECONDS)))
}

/** Refuses with a Spanish 429 and a Retry-After header. */
export function refuseRateLimited(
  reply: FastifyReply,
  retryAfterSeconds: number,
  message: string = messages.tooManyRequests,
): never {
  reply.header('retry-after', String(retryAfterSeconds))
  throw new DomainError('RATE_LIMITED', message)
}

declare module 'fastify' {
  interface FastifyRequest {
    /** `clientAddressKey(request.ip)`: the address every per-client limit and hold counts. */
    clientAddress: string
  }
  interface FastifyInstance {
    /** Takes one unit of each rule for this request, or answers 429 (shared by every process). */
    enforceLimits: (reply: FastifyReply, rules: LimitRule[], message?: string) => Promise<void>
  }
}

async function rateLimitsPlugin(app: FastifyInstance) {
  app.decorateRequest('clientAddress', '')
  // A proxy in front that TRUST_PROXY does not name makes every client share its address: say so once.
  let warnedUntrustedProxy = app.config.trustProxy !== false
  app.addHook('onRequest', async (request) => {
    request.clientAddress = clientAddressKey(request.ip)
    // (The local payment sandbox gets X-Forwarded-For from our own gateway, as Openpay would.)
    if (
      !warnedUntrustedProxy &&
      request.headers['x-forwarded-for'] !== undefined &&
      !request.url.startsWith('/sandbox/')
    ) {
      warnedUntrustedProxy = true
      app.log.warn(
        'X-Forwarded-For recibido con TRUST_PROXY apagado: si hay un proxy delante, define TRUST_PROXY con su dirección o todos los clientes compartirán sus límites',
      )
    }
  })
  app.decorate('enforceLimits', async (reply: FastifyReply, rules: LimitRule[], message?: string) => {
    const verdict = await takeLimits(app.db, rules)
    if (!verdict.ok) {
      reply.log.warn({ keys: rules.map((rule) => rule.key.split(':')[0]) }, 'rate limited')
      refuseRateLimited(reply, verdict.retryAfterSeconds, message)
    }
  })
}

export default fp(rateLimitsPlugin, { name: 'rate-limits' })
