import type { BlockSource } from '@cabanas/domain/calendar'
import type { CancellationPolicyKey } from '@cabanas/domain/catalog'
import type { ListingDraft, ListingStatus, ListingStep } from '@cabanas/domain/listings'
import type { PayoutLine } from '@cabanas/domain/payouts'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

export type CabinImageRow = { url: string; preview: string; alt: string }
export type RestrictionRow = { message: string }
export type FeaturesRow = Record<string, Record<string, boolean>>

export const cabins = pgTable(
  'cabins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable natural key of seeded cabins; makes the seed idempotent. */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    accommodationType: text('accommodation_type').notNull(),
    description: text('description').notNull(),
    population: text('population').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    minOccupancy: integer('min_occupancy').notNull(),
    maxOccupancy: integer('max_occupancy').notNull(),
    bedrooms: integer('bedrooms').notNull(),
    beds: integer('beds').notNull(),
    bathrooms: integer('bathrooms').notNull(),
    /** Host rate for a Sunday–Thursday night, IVA included, in centavos. */
    weekdayRate: integer('weekday_rate').notNull(),
    /** Host rate for a Friday or Saturday night, IVA included, in centavos. */
    weekendRate: integer('weekend_rate').notNull(),
    minNights: integer('min_nights').notNull().default(1),
    images: jsonb('images').$type<CabinImageRow[]>().notNull(),
    restrictions: jsonb('restrictions').$type<RestrictionRow[]>().notNull().default([]),
    features: jsonb('features').$type<FeaturesRow>().notNull(),
    /** 'non_refundable' (every demo cabin), 'free' (flexible, 24 h) or 'moderate' (5 days): what every surface says about cancelling. */
    cancellationPolicy: text('cancellation_policy')
      .$type<CancellationPolicyKey>()
      .notNull()
      .default('non_refundable'),
    /** The host whose listing made this cabin; null for the seeded catalogue of another time. */
    hostId: uuid('host_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    /**
     * false while its listing is paused: guests no longer find it (search, cabin page, destinations,
     * sitemap, quote, booking), but the reservations already made keep their trip pages.
     */
    listed: boolean('listed').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Id of the transaction that last wrote the row (set by trigger): search indexes follow changes by it. */
    changeXid: bigint('change_xid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
  },
  (table) => [
    index('cabins_change_xid_idx').on(table.changeXid),
    index('cabins_host_idx').on(table.hostId),
    check(
      'cabins_occupancy_check',
      sql`${table.minOccupancy} >= 1 AND ${table.maxOccupancy} >= ${table.minOccupancy}`,
    ),
    check('cabins_rates_check', sql`${table.weekdayRate} > 0 AND ${table.weekendRate} > 0`),
    check(
      'cabins_rooms_check',
      sql`${table.bedrooms} >= 0 AND ${table.beds} >= 1 AND ${table.bathrooms} >= 1`,
    ),
    check('cabins_min_nights_check', sql`${table.minNights} >= 1`),
    check(
      'cabins_cancellation_policy_check',
      sql`${table.cancellationPolicy} IN ('free', 'moderate', 'non_refundable')`,
    ),
  ],
)

/** Seasonal nightly rates that override a cabin's weekday/weekend rates on the nights they cover. */
export const cabinSeasons = pgTable(
  'cabin_seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cabinId: uuid('cabin_id')
      .notNull()
      .references(() => cabins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** First night of the season. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** Day after the last night of the season (exclusive). */
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    nightlyRate: integer('nightly_rate').notNull(),
  },
  (table) => [
    index('cabin_seasons_cabin_idx').on(table.cabinId, table.startsOn),
    check('cabin_seasons_range_check', sql`${table.endsOn} > ${table.startsOn}`),
    check('cabin_seasons_rate_check', sql`${table.nightlyRate} > 0`),
  ],
)

/**
 * Nights of a cabin closed in its host's calendar, with a note only the host reads: guests cannot book
 * them. A block and a live reservation never share a night (cabin_holds, below).
 */
export const cabinBlocks = pgTable(
  'cabin_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cabinId: uuid('cabin_id')
      .notNull()
      .references(() => cabins.id, { onDelete: 'cascade' }),
    /** First night blocked. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** Day after the last night blocked (exclusive). */
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** Private to the host: never in a guest's answer, nor in logs. */
    note: text('note').notNull().default(''),
    /** 'host' (the calendar); issue 22 adds 'ical' (an imported calendar). */
    source: text('source').$type<BlockSource>().notNull().default('host'),
    createdBy: uuid('created_by').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    /** The imported calendar this block comes from (source 'ical'): deleted with it. */
    feedId: uuid('feed_id').references((): AnyPgColumn => cabinCalendarFeeds.id, { onDelete: 'cascade' }),
    /** The event's UID in that calendar. */
    feedUid: text('feed_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Id of the transaction that last wrote the row (set by trigger): search indexes follow changes by it. */
    changeXid: bigint('change_xid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
  },
  (table) => [
    index('cabin_blocks_cabin_idx').on(table.cabinId, table.startsOn),
    index('cabin_blocks_feed_idx').on(table.feedId),
    check('cabin_blocks_feed_check', sql`(${table.source} = 'ical') = (${table.feedId} IS NOT NULL)`),
    index('cabin_blocks_change_xid_idx').on(table.changeXid),
    /** Search loads the blocks that end today or later. */
    index('cabin_blocks_ends_idx').on(table.endsOn),
    check('cabin_blocks_range_check', sql`${table.endsOn} > ${table.startsOn}`),
    check('cabin_blocks_note_check', sql`char_length(${table.note}) <= 200`),
    check('cabin_blocks_source_check', sql`${table.source} IN ('host', 'ical')`),
  ],
)

/**
 * The secret address other platforms read a cabin's taken nights from (issue 22): only the token's
 * SHA-256 is looked up; the token itself is kept sealed (lib/secret-box.ts) so the host can read the
 * address again. Regenerating replaces the row: the old address answers 404.
 */
export const cabinCalendarExports = pgTable('cabin_calendar_exports', {
  cabinId: uuid('cabin_id')
    .primaryKey()
    .references(() => cabins.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  tokenSealed: text('token_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A calendar of the same cabin on another platform, read every ICAL_POLL_MINUTES (features/calendar). */
export const cabinCalendarFeeds = pgTable(
  'cabin_calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cabinId: uuid('cabin_id')
      .notNull()
      .references(() => cabins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** Validators of the last good answer, sent back as If-None-Match / If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** Why the last read failed, in Spanish (null after a good one). */
    lastError: text('last_error'),
    /** When the host was last mailed about this feed's conflicts: at most one mail a day (0021). */
    lastConflictMailAt: timestamp('last_conflict_mail_at', { withTimezone: true }),
    createdBy: uuid('created_by').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cabin_calendar_feeds_cabin_idx').on(table.cabinId),
    index('cabin_calendar_feeds_synced_idx').on(table.lastSyncedAt),
    uniqueIndex('cabin_calendar_feeds_url_idx').on(table.cabinId, table.url),
  ],
)

/**
 * An imported event whose nights a reservation or another block already held: it could not become a
 * block. Kept while the event is in its calendar and still collides; the host sees it.
 */
export const cabinCalendarConflicts = pgTable(
  'cabin_calendar_conflicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedId: uuid('feed_id')
      .notNull()
      .references(() => cabinCalendarFeeds.id, { onDelete: 'cascade' }),
    cabinId: uuid('cabin_id')
      .notNull()
      .references(() => cabins.id, { onDelete: 'cascade' }),
    eventUid: text('event_uid').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    over: text('over').$type<'reservation' | 'block'>().notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cabin_calendar_conflicts_event_idx').on(
      table.feedId,
      table.eventUid,
      table.startsOn,
      table.endsOn,
    ),
    index('cabin_calendar_conflicts_cabin_idx').on(table.cabinId),
    check('cabin_calendar_conflicts_over_check', sql`${table.over} IN ('reservation', 'block')`),
  ],
)

/**
 * A price the host set for one night in the calendar: it wins over the cabin's seasons and its weekday
 * and weekend rates (priceStay). Kept apart from cabin_seasons, which a published listing's prices step
 * replaces whole.
 */
export const cabinNightPrices = pgTable(
  'cabin_night_prices',
  {
    cabinId: uuid('cabin_id')
      .notNull()
      .references(() => cabins.id, { onDelete: 'cascade' }),
    night: date('night', { mode: 'string' }).notNull(),
    /** Host rate of the night, IVA included, in centavos. */
    nightlyRate: integer('nightly_rate').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.cabinId, table.night] }),
    check('cabin_night_prices_rate_check', sql`${table.nightlyRate} > 0`),
  ],
)

/**
 * Every night taken in a cabin, whoever took it: a live (pending or active) reservation or a block, one
 * row each, written only by triggers (migration 0018) on reservations and cabin_blocks. Its exclusion
 * constraint `cabin_holds_no_overlap` (custom migration) makes a block over a reservation, a reservation
 * over a block and two overlapping blocks impossible, whatever path wrote them.
 */
export const cabinHolds = pgTable(
  'cabin_holds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cabinId: uuid('cabin_id')
      .notNull()
      .references(() => cabins.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    reservationId: uuid('reservation_id')
      .unique()
      .references((): AnyPgColumn => reservations.id, { onDelete: 'cascade' }),
    blockId: uuid('block_id')
      .unique()
      .references(() => cabinBlocks.id, { onDelete: 'cascade' }),
  },
  (table) => [
    /** Quotes, holds and the guest's calendar ask "is any night of [in, out) taken?" in btree form. */
    index('cabin_holds_cabin_dates_idx').on(table.cabinId, table.startsOn),
    check('cabin_holds_range_check', sql`${table.endsOn} > ${table.startsOn}`),
    check('cabin_holds_owner_check', sql`num_nonnulls(${table.reservationId}, ${table.blockId}) = 1`),
  ],
)

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

/** A registered client (spec §3 user). Email is unique case-insensitively. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    /** '+52' and 10 digits, or null. */
    phone: text('phone'),
    /** argon2id (m = 19 MiB, t = 2, p = 1). */
    passwordHash: text('password_hash').notNull(),
    registrationMethod: text('registration_method').notNull().default('email'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    oauthGoogle: boolean('oauth_google').notNull().default(false),
    oauthFacebook: boolean('oauth_facebook').notNull().default(false),
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifySms: boolean('notify_sms').notNull().default(false),
    newsletter: boolean('newsletter').notNull().default(false),
    /** Sessions signed with an older epoch are void: a password reset or change bumps it. */
    sessionEpoch: integer('session_epoch').notNull().default(0),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('clients_email_idx').on(sql`lower(${table.email})`)],
)

/**
 * A client who hosts: the profile 'Publica tu cabaña' creates (one per client). Its row is the host
 * role: a client is a host exactly while this row exists. The CLABE where payouts go is sealed
 * (lib/secret-box.ts, context `host_profiles.clabe:<client id>`); its bank code and last 4 digits are
 * kept in clear, the only parts ever shown back.
 */
export const hostProfiles = pgTable(
  'host_profiles',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    /** '+52' and 10 digits. */
    phone: text('phone').notNull(),
    /** The 18 digits, sealed. */
    clabeSealed: text('clabe_sealed').notNull(),
    clabeBankCode: text('clabe_bank_code').notNull(),
    clabeLast4: text('clabe_last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('host_profiles_phone_check', sql`${table.phone} ~ '^\\+52[0-9]{10}$'`),
    check('host_profiles_clabe_bank_code_check', sql`${table.clabeBankCode} ~ '^[0-9]{3}$'`),
    check('host_profiles_clabe_last4_check', sql`${table.clabeLast4} ~ '^[0-9]{4}$'`),
  ],
)

export const OPERATOR_GRANT_SOURCES = ['command', 'OPERATOR_EMAILS'] as const
export type OperatorGrantSource = (typeof OPERATOR_GRANT_SOURCES)[number]

/**
 * Operators of the marketplace: a client is one exactly while its row exists. Written only by
 * `npm run operator` and the OPERATOR_EMAILS grant at start-up, never by a route.
 */
export const operators = pgTable(
  'operators',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    grantedBy: text('granted_by').$type<OperatorGrantSource>().notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('operators_granted_by_check', sql`${table.grantedBy} IN ('command', 'OPERATOR_EMAILS')`)],
)

/** Session tokens revoked before they expire (logout, refresh); shared by every API process. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('revoked_tokens_expires_idx').on(table.expiresAt)],
)

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

/** Password reset links: only the hash of the token is kept, and it expires. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_resets_client_idx').on(table.clientId)],
)

/**
 * 'Confirma tu correo' links: only the hash of the token is kept; it is single use and expires.
 * `email` is the address the link proves (the client's address when it was sent).
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /**
     * 'address': proves the client's own address (registration, resend); 'change': the new address
     * of a 'Cambiar correo', which the client takes when the link is used with its session.
     */
    purpose: text('purpose', { enum: ['address', 'change'] })
      .notNull()
      .default('address'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_verifications_client_idx').on(table.clientId)],
)

/** Secrets generated once and shared by every process (e.g. the JWT key when JWT_SECRET is unset). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A host's cabin in the making (issue 21): its draft, step by step (@cabanas/domain/listings), and where
 * it stands. Published or paused exactly when it has its cabin (a CHECK): approving writes the cabin row
 * and sets `cabin_id` in one transaction. `version` grows with every change; a save names the version
 * it read and is refused when it is not the current one.
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    status: text('status').$type<ListingStatus>().notNull().default('draft'),
    version: integer('version').notNull().default(0),
    draft: jsonb('draft').$type<ListingDraft>().notNull().default({}),
    /** The operator's reason while the listing is returned; null otherwise. */
    returnReason: text('return_reason'),
    cabinId: uuid('cabin_id')
      .unique()
      .references(() => cabins.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [
    index('listings_host_idx').on(table.hostId, table.updatedAt),
    index('listings_status_idx').on(table.status, table.submittedAt),
    check(
      'listings_status_check',
      sql`${table.status} IN ('draft', 'submitted', 'returned', 'published', 'paused')`,
    ),
    check('listings_version_check', sql`${table.version} >= 0`),
    check(
      'listings_cabin_check',
      sql`(${table.status} IN ('published', 'paused')) = (${table.cabinId} IS NOT NULL)`,
    ),
    check(
      'listings_return_reason_check',
      sql`(${table.status} = 'returned') = (${table.returnReason} IS NOT NULL)`,
    ),
  ],
)

export const LISTING_EVENT_KINDS = [
  'created',
  'step_saved',
  'submitted',
  'approved',
  'returned',
  'paused',
  'unpaused',
] as const
export type ListingEventKind = (typeof LISTING_EVENT_KINDS)[number]

/**
 * What happened to a listing, by whom (host or operator) and when: the record of edits to published
 * cabins and of every decision. No personal data and no copy of the draft (the step and the version
 * say what changed).
 */
export const listingEvents = pgTable(
  'listing_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => clients.id, { onDelete: 'set null' }),
    actorRole: text('actor_role').$type<'host' | 'operator'>().notNull(),
    kind: text('kind').$type<ListingEventKind>().notNull(),
    step: text('step').$type<ListingStep>(),
    /** The listing's version after the event. */
    version: integer('version').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('listing_events_listing_idx').on(table.listingId, table.at),
    check('listing_events_actor_role_check', sql`${table.actorRole} IN ('host', 'operator')`),
    check(
      'listing_events_kind_check',
      sql`${table.kind} IN ('created', 'step_saved', 'submitted', 'approved', 'returned', 'paused', 'unpaused')`,
    ),
  ],
)

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

export const MESSAGE_SENDER_ROLES = ['guest', 'host'] as const
export type MessageSenderRole = (typeof MESSAGE_SENDER_ROLES)[number]

/**
 * Messages between a guest and a host (issue 22). A thread is a request to book or a reservation,
 * exactly one (`messages_thread_check`); its guest is the row's client, its host the cabin's. The body
 * is plain text as sent, with contact data already hidden when the stay was not confirmed. Each
 * message has one recipient (the other side), so one `read_at` is the read state of both sides.
 */
export const threadMessages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingRequestId: uuid('booking_request_id').references(() => bookingRequests.id, {
      onDelete: 'cascade',
    }),
    reservationId: uuid('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    senderRole: text('sender_role').$type<MessageSenderRole>().notNull(),
    senderId: uuid('sender_id').references(() => clients.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the recipient (the other side) read it; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When its mail to the recipient was queued; null when it rode on an earlier unread one's mail. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    /** A thread's messages in order (and its unread ones, its last one). */
    index('messages_request_idx')
      .on(table.bookingRequestId, table.createdAt)
      .where(sql`${table.bookingRequestId} IS NOT NULL`),
    index('messages_reservation_idx')
      .on(table.reservationId, table.createdAt)
      .where(sql`${table.reservationId} IS NOT NULL`),
    /** Deleting an account sets its messages' sender to null (the foreign key's lookup). */
    index('messages_sender_idx').on(table.senderId),
    check('messages_thread_check', sql`num_nonnulls(${table.bookingRequestId}, ${table.reservationId}) = 1`),
    check('messages_sender_role_check', sql`${table.senderRole} IN ('guest', 'host')`),
    check('messages_body_check', sql`char_length(${table.body}) BETWEEN 1 AND 2000`),
  ],
)
