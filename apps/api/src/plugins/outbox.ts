import { DomainError } from '@cabanas/domain/shared'
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '../db/client.ts'
import { outbox } from '../db/schema.ts'
import type { PeriodicJob } from './jobs.ts'

/**
 * What a row of one kind does. It may return what the row keeps once done (ids, never personal
 * data); by default a done or failed row keeps an empty payload.
 */
export type OutboxHandler = (payload: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>

/** A row's attempts: 30 s, 1, 2, 4, 8, 16 and 32 min after each failure (about an hour), then failed. */
export const OUTBOX_MAX_ATTEMPTS = 8
const FIRST_RETRY_SECONDS = 30
const LONGEST_RETRY_SECONDS = 3600
/** A claimed row is not run again by another drain for this long (a crashed drain's rows come back). */
const CLAIM_SECONDS = 300
const BATCH = 20
/** Done and failed rows are kept this long, for the operator, then deleted. */
const KEEP_DAYS = 7
/**
 * Waits between attempts to record that a row ran (about a minute in all): the handler's work is
 * done (a mail accepted by the SMTP server), so if the database is restarting the row must not
 * come back in CLAIM_SECONDS and send it again.
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
async function claimDueRows(db: Database) {
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
      runAfter: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
    })
    .where(inArray(outbox.id, due))
    .returning({ id: outbox.id, kind: outbox.kind, payload: outbox.payload, attempts: outbox.attempts })
}

/** An error's code, never its message (which may carry an e-mail or a SQL parameter). */
export function errorCodeOf(error: unknown): string {
  if (error instanceof DomainError) return error.code
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && /^[A-Za-z0-9_.-]{1,40}$/.test(code)) return code
  const name = (error as { name?: unknown } | null)?.name
  return typeof name === 'string' && /^[A-Za-z]{1,40}$/.test(name) ? name : 'UNKNOWN'
}

/** Records that a row ran, retrying while the database is away (MARK_DONE_RETRY_MS). */
async function markDone(db: Database, id: string, kept: Record<string, unknown>, log: FastifyBaseLogger) {
  for (let attempt = 0; ; attempt++) {
    try {
      await db
        .update(outbox)
        .set({ status: 'done', payload: kept, doneAt: sql`now()`, lastErrorCode: null })
        .where(eq(outbox.id, id))
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

/** Runs every due row once: done, retried later with backoff, or failed after the last attempt. */
export async function drainOutbox(
  db: Database,
  handlers: ReadonlyMap<string, OutboxHandler>,
  log: FastifyBaseLogger,
): Promise<{ done: number; retried: number; failed: number }> {
  const tally = { done: 0, retried: 0, failed: 0 }
  for (;;) {
    const rows = await claimDueRows(db)
    for (const row of rows) {
      let kept: Record<string, unknown> | undefined
      try {
        const handler = handlers.get(row.kind)
        if (!handler) throw Object.assign(new Error('no outbox handler'), { code: 'NO_HANDLER' })
        kept = await handler(row.payload)
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
          .where(eq(outbox.id, row.id))
        log.warn(
          { outboxId: row.id, kind: row.kind, attempts: row.attempts, code },
          last ? 'outbox item failed for good' : 'outbox item failed, will retry',
        )
        tally[last ? 'failed' : 'retried'] += 1
        continue
      }
      // Outside the try: a row that ran is never scheduled to run again. If even the retries fail,
      // the drain stops and the row comes back after CLAIM_SECONDS (its work may then happen twice).
      await markDone(db, row.id, kept ?? {}, log)
      tally.done += 1
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
