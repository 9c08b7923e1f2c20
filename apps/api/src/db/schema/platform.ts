import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/* Shared machinery: rate limits, job leases, the outbox and generated secrets. */

/**
 * Events counted by the shared rate limits, one row each ('login-fail-ip:…', 'charge-ip:…', …):
 * every API process counts the same sliding windows. Rows older than the longest window are pruned.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rate_limit_events_key_idx').on(table.key, table.createdAt)],
)

/** Periodic jobs run in one process at a time: the process holding a job's unexpired lease runs it. */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

export const OUTBOX_STATUSES = ['pending', 'done', 'failed'] as const
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]

/**
 * Work that must happen after a request without slowing or failing it (mails above all). Written in
 * the same transaction as the event that causes it; a job sends it, retrying with backoff.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** The error code of the last failed attempt (never its message: it may carry personal data). */
    lastErrorCode: text('last_error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_due_idx').on(table.runAfter).where(sql`${table.status} = 'pending'`),
    check('outbox_status_check', sql`${table.status} IN ('pending', 'done', 'failed')`),
  ],
)

/** Secrets generated once and shared by every process (e.g. the JWT key when JWT_SECRET is unset). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
