import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * State of the local Openpay-compatible sandbox (apps/openpay-sandbox). It lives in the database
 * like everything shared, so a token created through one API process can be charged through another.
 * The full card number and CVV are never stored, not even here: only the masked number and the
 * outcome the test card decides.
 */
export const openpaySandboxTokens = pgTable('openpay_sandbox_tokens', {
  id: text('id').primaryKey(),
  merchantId: text('merchant_id').notNull(),
  /** 411111XXXXXX1111 */
  cardNumber: text('card_number').notNull(),
  brand: text('brand').notNull(),
  holderName: text('holder_name').notNull(),
  expirationMonth: text('expiration_month').notNull(),
  expirationYear: text('expiration_year').notNull(),
  /** 'approved' or the Openpay error code the charge will fail with (e.g. '3001'). */
  outcome: text('outcome').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const openpaySandboxCharges = pgTable(
  'openpay_sandbox_charges',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    /** Unique per merchant when present (Openpay error 1006). */
    orderId: text('order_id'),
    amount: integer('amount_centavos').notNull(),
    currency: text('currency').notNull().default('MXN'),
    status: text('status').notNull(),
    description: text('description').notNull(),
    authorization: text('authorization'),
    errorCode: integer('error_code'),
    errorMessage: text('error_message'),
    sourceId: text('source_id').notNull(),
    card: jsonb('card').$type<Record<string, unknown>>().notNull(),
    customer: jsonb('customer').$type<Record<string, unknown>>(),
    refund: jsonb('refund').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('openpay_sandbox_charges_order_idx')
      .on(table.merchantId, table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
  ],
)

/**
 * Payouts (transfers to a bank account by CLABE) the sandbox accepted. Only the CLABE's bank code and
 * last 4 digits are kept, as a bank statement would show them.
 */
export const openpaySandboxPayouts = pgTable(
  'openpay_sandbox_payouts',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    /** Unique per merchant when present (Openpay error 1006): the same payout is never sent twice. */
    orderId: text('order_id'),
    amount: integer('amount_centavos').notNull(),
    currency: text('currency').notNull().default('MXN'),
    status: text('status').notNull(),
    description: text('description').notNull(),
    holderName: text('holder_name').notNull(),
    bankCode: text('bank_code').notNull(),
    clabeLast4: text('clabe_last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('openpay_sandbox_payouts_order_idx')
      .on(table.merchantId, table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
  ],
)
