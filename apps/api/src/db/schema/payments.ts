import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/* Charge idempotency and Openpay webhook deliveries. */

/**
 * Responses of charge requests by Idempotency-Key: the same key returns the stored response without
 * charging again; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    /** sha256 of the canonical request body. */
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still being processed. */
    statusCode: integer('status_code'),
    response: jsonb('response').$type<unknown>(),
    reservationId: uuid('reservation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('idempotency_keys_created_idx').on(table.createdAt)],
)

/** Openpay webhook deliveries already handled, by transaction id, type and status. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  transactionId: text('transaction_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})
