import type { CancellationPolicyKey } from '@cabanas/domain/catalog'
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
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { clients } from './auth.ts'

/* Cabins and their seasonal rates. */

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
