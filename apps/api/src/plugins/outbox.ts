import { DomainError } from '@cabanas/domain/shared'
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '../db/client.ts'
import { outbox } from '../db/schema.ts'
import type { PeriodicJob } from './jobs.ts'

/**
 * What a row of one kind does. It may return what the row keeps once done (ids, never personal
 * data); by default a done or failed row keeps an empty payload. `item.id` is the row's id, the same
 * on every attempt: a handler whose effect can happen twice (a crash between the SMTP server's
 * accepting a mail and the row's being marked done) names that effect by it, so the receiver can
 * tell a repeat (a mail's Message-ID).
 */
export type OutboxHandler = (
  payload: Record<string, unknown>,
  item: { id: string },
) => Promise<Record<string, unknown> | undefined>

/** A row's attempts: 30 s, 1, 2, 4, 8, 16 and 32 min after each failure (about an hour), then failed. */
export const OUTBOX_MAX_ATTEMPTS = 8
const FIRST_RETRY_SECONDS = 30
const LONGEST_RETRY_SECONDS = 3600
/**
 * A claimed row is leased to its drain for this long: a drain that dies leaves its rows to the next
 * one after at most a minute. A live drain renews the lease of the rows it still holds every
 * LEASE_RENEW_MS (a slow SMTP send keeps its row), and checks that a row is still its own before
 * running it, so a row another drain took over is never run by both.
 */
export const OUTBOX_LEASE_SECONDS = 60
const LEASE_RENEW_MS = 15_000
const BATCH = 20
/** Done and failed rows are kept this long, for the operator, then deleted. */
const KEEP_DAYS = 7
/**
 * Waits between attempts to record that a row ran (about a minute in all): the handler's work is
 * done (a mail accepted by the SMTP server), so if the database is restarting the row must not
 * come back when its lease ends and send it again.
 */
const MARK_DONE_RETRY_MS = [250, 500, 1000, 2000, 4000, 8000, 15_000, 30_000]

export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_SECONDS)
}

/**
 * Adds work to run after the caller's request. Pass the transaction that writes the event causing
 * it, so that both happen or neither does.
 */
export async function enqueueOutbox(
  db: Database,
  item: { kind: string; payload: Record<string, unknown> },
): Promise<void> {
  await db.insert(outbox).values({ kind: item.kind, payload: item.payload })
}

/** Takes up to BATCH due rows, counting the attempt; rows taken by a concurrent drain are skipped. */
async function claimDueRows(db: Database, leaseSeconds: number) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), sql`${outbox.runAfter} <= now()`))
    .orderBy(outbox.runAfter)
    .limit(BATCH)
    .for('update', { skipLocked: true })
  return db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      runAfter: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(outbox.id, due))
    .returning({ id: outbox.id, kind: outbox.kind, payload: outbox.payload, attempts: outbox.attempts })
}

type ClaimedRow = Awaited<ReturnType<typeof claimDueRows>>[number]

/**
 * Extends the lease of the rows this drain still holds and says which those are: a row is held while
 * it is pending with the attempt count of this drain's claim (every claim counts one more attempt, so
 * a row another drain claimed since is not renewed, and is not ours any more).
 */
async function renewLeases(db: Database, rows: ClaimedRow[], leaseSeconds: number): Promise<Set<string>> {
  if (rows.length === 0) return new Set()
  const held = await db
    .update(outbox)
    .set({ runAfter: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      and(
        eq(outbox.status, 'pending'),
        or(...rows.map((row) => and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts)))),
      ),
    )
    .returning({ id: outbox.id })
  return new Set(held.map((row) => row.id))
}

/** An error's code, never its message (which may carry an e-mail or a SQL parameter). */
export function errorCodeOf(error: unknown): string {
  if (error instanceof DomainError) return error.code
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && /^[A-Za-z0-9_.-]{1,40}$/.test(code)) return code
  const name = (error as { name?: unknown } | null)?.name
  return typeof name === 'string' && /^[A-Za-z]{1,40}$/.test(name) ? name : 'UNKNOWN'
}

/**
 * Records that a row ran, retrying while the database is away (MARK_DONE_RETRY_MS). Even when the
 * row's lease passed to another drain meanwhile: its work happened, and `done` stops a further run.
 */
async function markDone(
  db: Database,
  row: ClaimedRow,
  kept: Record<string, unknown>,
  log: FastifyBaseLogger,
) {
  const id = row.id
  for (let attempt = 0; ; attempt++) {
    try {
      const [current] = await db
        .update(outbox)
        .set({ status: 'done', payload: kept, doneAt: sql`now()`, lastErrorCode: null })
        .where(eq(outbox.id, id))
        .returning({ attempts: outbox.attempts })
      if (current && current.attempts !== row.attempts)
        log.warn({ outboxId: id, kind: row.kind }, 'outbox item ran after its lease passed to another drain')
      return
    } catch (error) {
      const wait = MARK_DONE_RETRY_MS[attempt]
      if (wait === undefined) throw error
      if (attempt === 0)
        log.warn({ outboxId: id, code: errorCodeOf(error) }, 'outbox item ran; recording it, retrying')
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}

/** Renews, every `renewEveryMs`, the leases of the rows a drain holds; `lost` gathers those it lost. */
function keepLeases(
  db: Database,
  rows: ClaimedRow[],
  { leaseSeconds, renewEveryMs }: LeaseOptions,
  log: FastifyBaseLogger,
) {
  const held = new Map(rows.map((row) => [row.id, row]))
  const lost = new Set<string>()
  const timer = setInterval(() => {
    const asked = [...held.values()]
    renewLeases(db, asked, leaseSeconds).then(
      (still) => {
        for (const row of asked) if (!still.has(row.id) && held.has(row.id)) lost.add(row.id)
      },
      (error: unknown) => log.warn({ code: errorCodeOf(error) }, 'outbox lease renewal failed'),
    )
  }, renewEveryMs)
  timer.unref()
  return {
    lost,
    /** The row is finished (or skipped): its lease is no longer renewed. */
    release: (id: string) => held.delete(id),
    stop: () => clearInterval(timer),
  }
}

export type LeaseOptions = { leaseSeconds: number; renewEveryMs: number }

/** Runs every due row once: done, retried later with backoff, or failed after the last attempt. */
export async function drainOutbox(
  db: Database,
  handlers: ReadonlyMap<string, OutboxHandler>,
  log: FastifyBaseLogger,
  lease: LeaseOptions = { leaseSeconds: OUTBOX_LEASE_SECONDS, renewEveryMs: LEASE_RENEW_MS },
): Promise<{ done: number; retried: number; failed: number }> {
  const tally = { done: 0, retried: 0, failed: 0 }
  for (;;) {
    const rows = await claimDueRows(db, lease.leaseSeconds)
    const leases = keepLeases(db, rows, lease, log)
    try {
      for (const row of rows) {
        // Later rows of a batch wait while earlier ones run: each must still be ours when it starts.
        if (leases.lost.has(row.id) || !(await renewLeases(db, [row], lease.leaseSeconds)).has(row.id)) {
          leases.release(row.id)
          log.warn({ outboxId: row.id, kind: row.kind }, 'outbox item skipped: another drain took it over')
          continue
        }
        await runClaimedRow(db, row, handlers, log, tally)
        leases.release(row.id)
      }
    } finally {
      leases.stop()
    }
    if (rows.length < BATCH) break
  }
  await db
    .delete(outbox)
    .where(
      and(
        inArray(outbox.status, ['done', 'failed']),
        lt(outbox.doneAt, sql`now() - make_interval(days => ${KEEP_DAYS})`),
      ),
    )
  return tally
}

/** One claimed row: its handler, then done, or a retry later / failed for good (only if still ours). */
async function runClaimedRow(
  db: Database,
  row: ClaimedRow,
  handlers: ReadonlyMap<string, OutboxHandler>,
  log: FastifyBaseLogger,
  tally: { done: number; retried: number; failed: number },
) {
  let kept: Record<string, unknown> | undefined
  try {
    const handler = handlers.get(row.kind)
    if (!handler) throw Object.assign(new Error('no outbox handler'), { code: 'NO_HANDLER' })
    kept = await handler(row.payload, { id: row.id })
  } catch (error) {
    const code = errorCodeOf(error)
    const last = row.attempts >= OUTBOX_MAX_ATTEMPTS
    await db
      .update(outbox)
      .set(
        last
          ? { status: 'failed', payload: {}, lastErrorCode: code, doneAt: sql`now()` }
          : {
              lastErrorCode: code,
              runAfter: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
            },
      )
      .where(and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), eq(outbox.status, 'pending')))
    log.warn(
      { outboxId: row.id, kind: row.kind, attempts: row.attempts, code },
      last ? 'outbox item failed for good' : 'outbox item failed, will retry',
    )
    tally[last ? 'failed' : 'retried'] += 1
    return
  }
  // Outside the try: a row that ran is never scheduled to run again. If even the retries fail,
  // the drain stops and the row comes back after its lease (its work may then happen twice).
  await markDone(db, row, kept ?? {}, log)
  tally.done += 1
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Says what the outbox job does with rows of `kind` (one handler per kind). */
    handleOutbox: (kind: string, handler: OutboxHandler) => void
    /** The periodic job that runs due outbox rows; tests run it with `app.runJobOnce(app.outboxJob)`. */
    outboxJob: PeriodicJob
  }
}

/**
 * The outbox: work written in the caller's transaction (`enqueueOutbox`), run by one process at a
 * time every `intervalMs` (0: only when a test runs the job), with retries and exponential backoff.
 */
async function outboxPlugin(app: FastifyInstance, { intervalMs }: { intervalMs: number }) {
  const handlers = new Map<string, OutboxHandler>()
  app.decorate('handleOutbox', (kind: string, handler: OutboxHandler) => {
    if (handlers.has(kind)) throw new Error(`outbox kind ${kind} already has a handler`)
    handlers.set(kind, handler)
  })
  const job: PeriodicJob = {
    name: 'outbox',
    intervalMs,
    run: () => drainOutbox(app.db, handlers, app.log),
  }
  app.decorate('outboxJob', job)
  app.schedule(job)
}

export default fp(outboxPlugin, { name: 'outbox', dependencies: ['jobs'] })
