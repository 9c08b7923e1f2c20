import type { PayoutLine } from '@cabanas/domain/payouts'
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { clients } from './auth.ts'

/* Payouts to hosts. */

export const PAYOUT_STATUSES = ['pending', 'paid'] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]
export const PAYOUT_METHODS = ['provider', 'manual'] as const
export type PayoutMethod = (typeof PAYOUT_METHODS)[number]

/**
 * What the marketplace paid (or is paying) a host for one month ('YYYY-MM', the month of the stays'
 * check-out). One row per host and month: the unique index makes paying a month twice impossible,
 * from any number of clicks or processes. `lines` freezes what was paid, stay by stay, so a later
 * refund changes no paid month: it shows as an adjustment in the next unpaid one. `pending` is a
 * transfer sent to the provider whose outcome is not known yet.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    month: text('month').notNull(),
    /** What the host is paid, in centavos: the month's host amount when it was paid. */
    amount: integer('amount').notNull(),
    status: text('status').$type<PayoutStatus>().notNull(),
    method: text('method').$type<PayoutMethod>().notNull(),
    /** The provider's transaction id of the transfer ('tr…'). */
    providerPayoutId: text('provider_payout_id'),
    /** The bank reference the operator typed for a transfer made elsewhere. */
    manualReference: text('manual_reference'),
    lines: jsonb('lines').$type<PayoutLine[]>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: uuid('paid_by').references(() => clients.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payouts_host_month_idx').on(table.hostId, table.month),
    index('payouts_status_idx').on(table.status, table.month),
    check('payouts_month_check', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('payouts_amount_check', sql`${table.amount} > 0`),
    check('payouts_status_check', sql`${table.status} IN ('pending', 'paid')`),
    check('payouts_method_check', sql`${table.method} IN ('provider', 'manual')`),
    check(
      'payouts_paid_check',
      sql`${table.status} <> 'paid' OR (${table.paidAt} IS NOT NULL AND (${table.providerPayoutId} IS NOT NULL OR ${table.manualReference} IS NOT NULL))`,
    ),
  ],
)
