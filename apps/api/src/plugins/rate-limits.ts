import { isIPv4, isIPv6 } from 'node:net'
import { DomainError, messages } from '@cabanas/domain/shared'
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '../db/client.ts'
import { rateLimitEvents } from '../db/schema.ts'
import { createRefusalLog, type RefusalLog } from './logging.ts'

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

/** The rules at their limit, each with the seconds until it has room again. */
async function refusedRules(db: Database, rules: LimitRule[]) {
  const refused: { rule: LimitRule; retryAfterSeconds: number }[] = []
  for (const rule of rules) {
    if ((await countRecentEvents(db, rule.key, rule.windowSeconds)) >= rule.limit) {
      refused.push({ rule, retryAfterSeconds: await secondsUntilFree(db, rule) })
    }
  }
  return refused
}

const verdictOf = (refused: { retryAfterSeconds: number }[]): LimitVerdict =>
  refused.length > 0
    ? { ok: false, retryAfterSeconds: Math.max(...refused.map((item) => item.retryAfterSeconds)) }
    : { ok: true }

/** Is every rule under its limit? Records nothing. */
export async function checkLimits(db: Database, rules: LimitRule[]): Promise<LimitVerdict> {
  return verdictOf(await refusedRules(db, rules))
}

/**
 * What one process knows without asking the database, per database:
 * - refusals, until their Retry-After: a rule at its limit stays there until then (other processes
 *   can only add events), so a flood on a refused key costs no connection at all;
 * - a queue per key: requests of one key take their turn here, so a flood holds at most one pooled
 *   connection per key in each process, instead of one per request waiting on the advisory lock
 *   inside an open transaction while everyone else waits for a connection.
 */
type LocalLimits = { refusedUntil: Map<string, number>; queues: Map<string, Promise<void>> }
const localLimits = new WeakMap<Database, LocalLimits>()
/** Refusals remembered at most (the oldest are forgotten first: they are asked again, nothing worse). */
const REMEMBERED_REFUSALS = 10_000

function localLimitsOf(db: Database): LocalLimits {
  let local = localLimits.get(db)
  if (!local) {
    local = { refusedUntil: new Map(), queues: new Map() }
    localLimits.set(db, local)
  }
  return local
}

const ruleId = (rule: LimitRule) => `${rule.key}\n${rule.limit}\n${rule.windowSeconds}`

/** A refusal this process already knows about, without a query; null when it must ask. */
function knownRefusal(local: Pick<LocalLimits, 'refusedUntil'>, rules: LimitRule[]): LimitVerdict | null {
  const now = Date.now()
  let until = 0
  for (const rule of rules) {
    const id = ruleId(rule)
    const refusedUntil = local.refusedUntil.get(id)
    if (refusedUntil === undefined) continue
    if (refusedUntil <= now) local.refusedUntil.delete(id)
    else until = Math.max(until, refusedUntil)
  }
  return until > 0 ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) } : null
}

function rememberRefusals(local: LocalLimits, refused: { rule: LimitRule; retryAfterSeconds: number }[]) {
  for (const { rule, retryAfterSeconds } of refused) {
    const id = ruleId(rule)
    local.refusedUntil.delete(id)
    local.refusedUntil.set(id, Date.now() + retryAfterSeconds * 1000)
  }
  for (const id of local.refusedUntil.keys()) {
    if (local.refusedUntil.size <= REMEMBERED_REFUSALS) break
    local.refusedUntil.delete(id)
  }
}

/** Waits for this process's turn on `key`; resolves to the function that gives the turn up. */
function takeTurn(queues: Map<string, Promise<void>>, key: string): Promise<() => void> {
  const previous = queues.get(key) ?? Promise.resolve()
  let release = () => {}
  const mine = new Promise<void>((resolve) => {
    release = resolve
  })
  const tail = previous.then(() => mine)
  queues.set(key, tail)
  return previous.then(() => () => {
    release()
    if (queues.get(key) === tail) queues.delete(key)
  })
}

/**
 * Takes one unit of every rule when all are under their limit (and records it); refuses otherwise,
 * recording nothing, so a client that keeps hammering is free again once its window has passed.
 * Shared by every API process through the database: the keys are locked for the check and the
 * insert, so a burst of simultaneous requests cannot all read "under the limit". Within a process,
 * a known refusal is answered from memory and requests of one key queue in memory (LocalLimits).
 */
export async function takeLimits(db: Database, rules: LimitRule[]): Promise<LimitVerdict> {
  const local = localLimitsOf(db)
  const known = knownRefusal(local, rules)
  if (known) return known
  const keys = [...new Set(rules.map((rule) => rule.key))].sort()
  const releases: (() => void)[] = []
  try {
    // In sorted order, like the advisory locks below: two requests never wait on each other's keys.
    for (const key of keys) releases.push(await takeTurn(local.queues, key))
    const knownNow = knownRefusal(local, rules)
    if (knownNow) return knownNow
    const refused = await db.transaction(async (tx) => {
      for (const key of keys) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rate:${key}`}, 0))`)
      }
      const found = await refusedRules(tx as unknown as Database, rules)
      if (found.length === 0) await recordEvents(tx as unknown as Database, keys)
      return found
    })
    rememberRefusals(local, refused)
    return verdictOf(refused)
  } finally {
    for (const release of releases.reverse()) release()
  }
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
    /**
     * A warn line for a refused request, sampled per `kind` and client address (logging.ts,
     * createRefusalLog): the first few of a minute, then one line with how many were left out.
     */
    logRefusal: (
      request: FastifyRequest,
      kind: string,
      fields: Record<string, unknown>,
      message: string,
    ) => void
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
  const refusals: RefusalLog = createRefusalLog(app.log)
  const flushEveryMinute = setInterval(() => refusals.flush(), 60_000)
  flushEveryMinute.unref()
  app.addHook('onClose', async () => {
    clearInterval(flushEveryMinute)
    refusals.flush(true)
  })
  app.decorate(
    'logRefusal',
    (request: FastifyRequest, kind: string, fields: Record<string, unknown>, message: string) =>
      refusals.warn(`${kind} ${request.clientAddress}`, { reqId: request.id, ...fields }, message),
  )
  app.decorate('enforceLimits', async (reply: FastifyReply, rules: LimitRule[], message?: string) => {
    const verdict = await takeLimits(app.db, rules)
    if (!verdict.ok) {
      const keys = rules.map((rule) => rule.key.split(':')[0])
      app.logRefusal(reply.request, `rate limited ${keys.join(',')}`, { keys }, 'rate limited')
      refuseRateLimited(reply, verdict.retryAfterSeconds, message)
    }
  })
}

export default fp(rateLimitsPlugin, { name: 'rate-limits' })
