import type { ListingDraft, ListingStatus, ListingStep } from '@cabanas/domain/listings'
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { clients } from './auth.ts'
import { cabins } from './catalog.ts'

/* Listing drafts and their history. */

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
