import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { clients } from './auth.ts'
import { cabins } from './catalog.ts'

/* Reservations, their guest links and tombstones, and booking requests. */

export const RESERVATION_STATUSES = ['pending', 'active', 'cancelled', 'completed'] as const
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number]
export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'REFUNDED'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/**
 * A client's stay in a cabin. `pending` and `active` reservations hold their nights: the exclusion
 * constraint `reservations_no_overlap` (custom migration) makes two of them overlapping impossible.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cabinId: uuid('cabin_id')
      .notNull()
      .references(() => cabins.id, { onDelete: 'restrict' }),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    guests: integer('guests').notNull(),
    status: text('status').$type<ReservationStatus>().notNull().default('pending'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('PENDING'),
    nights: integer('nights').notNull(),
    /** Everything the guest pays, commission included, in centavos. */
    totalPrice: integer('total_price').notNull(),
    serviceCommission: integer('service_commission').notNull(),
    currency: text('currency').notNull().default('MXN'),
    guestFirstName: text('guest_first_name').notNull(),
    guestLastName: text('guest_last_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    guestPhone: text('guest_phone').notNull(),
    specialRequests: text('special_requests').notNull().default(''),
    /** The signed-in client who booked, if any (the clients table arrives with accounts). */
    clientId: uuid('client_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    /** A pending reservation's dates are released after this instant if no charge went through. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    chargeId: text('charge_id'),
    /** sha256 of the secret that lets a guest without an account open this reservation. */
    accessTokenHash: text('access_token_hash'),
    /** Who asked for the hold (client IP and Openpay device session): bounds the live holds of one client. */
    holdIp: text('hold_ip'),
    holdDeviceSessionId: text('hold_device_session_id'),
    /** The accepted request to book this reservation pays, if any. */
    bookingRequestId: uuid('booking_request_id').references((): AnyPgColumn => bookingRequests.id, {
      onDelete: 'restrict',
    }),
    /** Issue 22: who cancelled ('host', 'operator'; null for the guest and the system), when and why. */
    cancelledBy: text('cancelled_by').$type<'guest' | 'host' | 'operator'>(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledByClientId: uuid('cancelled_by_client_id').references((): AnyPgColumn => clients.id, {
      onDelete: 'set null',
    }),
    /** The host's optional reason (≤ 500 characters), private to the host and the operators. */
    cancellationReason: text('cancellation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Id of the transaction that last wrote the row (set by trigger): search indexes follow changes by it. */
    changeXid: bigint('change_xid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
  },
  (table) => [
    index('reservations_change_xid_idx').on(table.changeXid),
    index('reservations_cabin_dates_idx').on(table.cabinId, table.checkIn),
    index('reservations_client_idx').on(table.clientId),
    /** A verified address claims the stays booked with it by nobody's account (joinBookingsToClient). */
    index('reservations_unclaimed_email_idx')
      .on(sql`lower(${table.guestEmail})`)
      .where(sql`${table.clientId} IS NULL`),
    index('reservations_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    /** One live (held or paid) reservation per request to book: a second pay fails here. */
    uniqueIndex('reservations_booking_request_live_idx')
      .on(table.bookingRequestId)
      .where(sql`${table.status} IN ('pending', 'active', 'completed')`),
    /** The live stays by check-out: search loads those that end today or later, not the history. */
    index('reservations_live_check_out_idx')
      .on(table.checkOut)
      .where(sql`${table.status} IN ('pending', 'active')`),
    check('reservations_dates_check', sql`${table.checkOut} > ${table.checkIn}`),
    check('reservations_guests_check', sql`${table.guests} >= 1`),
    check('reservations_total_check', sql`${table.totalPrice} >= 0 AND ${table.serviceCommission} >= 0`),
    check(
      'reservations_status_check',
      sql`${table.status} IN ('pending', 'active', 'cancelled', 'completed')`,
    ),
    check(
      'reservations_payment_status_check',
      sql`${table.paymentStatus} IN ('PENDING', 'PAID', 'FAILED', 'REFUNDED')`,
    ),
    check(
      'reservations_cancelled_by_check',
      sql`${table.cancelledBy} IS NULL OR ${table.cancelledBy} IN ('guest', 'host', 'operator')`,
    ),
    check(
      'reservations_cancellation_reason_check',
      sql`${table.cancellationReason} IS NULL OR char_length(${table.cancellationReason}) <= 500`,
    ),
    /** A host's cancellations are counted on its record (operator console). */
    index('reservations_cancelled_by_idx').on(table.cabinId).where(sql`${table.cancelledBy} = 'host'`),
  ],
)

/**
 * Further secrets that open a reservation's trip page besides `reservations.access_token_hash`: one
 * per link mailed again on the guest's request (the trip page's "¿No encuentras el correo?"). Only
 * the sha256 is kept, as for the first one.
 */
export const reservationAccessTokens = pgTable('reservation_access_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  reservationId: uuid('reservation_id')
    .notNull()
    .references(() => reservations.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Rows that left a table (deleted), or a reservation that left its cabin or dates, written by
 * triggers (migration 0012) with the id of the transaction that did it: the search indexes of every
 * API process follow them by `change_xid` as they follow changed rows. Pruned after a day.
 */
export const tombstones = pgTable(
  'tombstones',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'cabins' or 'reservations'. */
    tableName: text('table_name').notNull(),
    rowId: uuid('row_id').notNull(),
    /** For a reservation, the cabin it left. */
    cabinId: uuid('cabin_id'),
    changeXid: bigint('change_xid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tombstones_change_xid_idx').on(table.changeXid),
    index('tombstones_created_idx').on(table.createdAt),
  ],
)

export const BOOKING_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'paid'] as const
export type BookingRequestStatus = (typeof BOOKING_REQUEST_STATUSES)[number]

/**
 * A 'Solicitar reserva' request: the guest asks the host, nothing is paid and no night is held
 * (that is why it is not a reservation). The host's answer is outside this product for now.
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cabinId: uuid('cabin_id')
      .notNull()
      .references(() => cabins.id, { onDelete: 'restrict' }),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    guests: integer('guests').notNull(),
    nights: integer('nights').notNull(),
    /** The quoted total when asked, in centavos. */
    totalPrice: integer('total_price').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    status: text('status').$type<BookingRequestStatus>().notNull().default('pending'),
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The service fee inside `total_price` (centavos); null for requests made before it was kept. */
    serviceCommission: integer('service_commission'),
    /** When the host accepted or declined (the pay link lasts REQUEST_PAY_HOURS from acceptance). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When the host was reminded of it (once). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** The host's optional message with a decline (plain text, ≤ 500). */
    declineMessage: text('decline_message'),
    /** sha256 of the pay link's secret, set on acceptance. */
    payTokenHash: text('pay_token_hash'),
    /** The reservation paying it: set while its charge runs, kept once paid (trigger, migration 0022). */
    reservationId: uuid('reservation_id').unique(),
  },
  (table) => [
    /** The host's inbox and the request clock's job read requests by state and age. */
    index('booking_requests_status_created_idx').on(table.status, table.createdAt),
    /** Deleting a cabin checks that no request names it (the foreign key's lookup). */
    index('booking_requests_cabin_idx').on(table.cabinId, table.checkIn),
    /** Mis Reservas lists a client's requests. */
    index('booking_requests_client_idx').on(table.clientId),
    /** A verified address claims the requests made with it by nobody's account (joinBookingsToClient). */
    index('booking_requests_unclaimed_email_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.clientId} IS NULL`),
    check('booking_requests_dates_check', sql`${table.checkOut} > ${table.checkIn}`),
    check('booking_requests_guests_check', sql`${table.guests} >= 1`),
    check(
      'booking_requests_status_check',
      sql`${table.status} IN ('pending', 'accepted', 'declined', 'expired', 'paid')`,
    ),
  ],
)
