import type { BlockSource } from '@cabanas/domain/calendar'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { clients } from './auth.ts'
import { cabins } from './catalog.ts'
import { reservations } from './reservations.ts'

/* The nights of a cabin: blocks, holds, night prices and calendars shared with other platforms. */

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
