import type { ListingStatus, ListingStep, OperatorListingFilter } from '@cabanas/domain/listings'
import { requireValue } from '@cabanas/domain/shared'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { hostProfiles, type ListingEventKind, listingEvents, listings } from '../../db/schema.ts'
import { isUuid } from '../../lib/uuid.ts'

export type ListingRow = typeof listings.$inferSelect
export type ListingActor = { clientId: string; role: 'host' | 'operator' }

/** The most listings one answer of the operator console carries (oldest submitted first). */
export const OPERATOR_LIST_LIMIT = 500

export async function recordListingEvent(
  db: Database,
  {
    listingId,
    actor,
    kind,
    step = null,
    version,
  }: {
    listingId: string
    actor: ListingActor
    kind: ListingEventKind
    step?: ListingStep | null
    version: number
  },
) {
  await db
    .insert(listingEvents)
    .values({ listingId, actorId: actor.clientId, actorRole: actor.role, kind, step, version })
}

/** A new, empty draft of the host, with its 'created' event. */
export async function insertListing(db: Database, hostId: string): Promise<ListingRow> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(listings).values({ hostId }).returning()
    const row = requireValue(inserted, 'the inserted listing')
    await recordListingEvent(tx, {
      listingId: row.id,
      actor: { clientId: hostId, role: 'host' },
      kind: 'created',
      version: row.version,
    })
    return row
  })
}

/** One of the host's listings; another host's, or an id that is not a uuid, finds nothing. */
export async function findListingForHost(
  db: Database,
  { id, hostId }: { id: string; hostId: string },
): Promise<ListingRow | null> {
  if (!isUuid(id)) return null
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.hostId, hostId)))
    .limit(1)
  return row ?? null
}

/** Any listing, with its host's display name (the operator console). */
export async function findListingWithHost(
  db: Database,
  id: string,
): Promise<(ListingRow & { hostDisplayName: string }) | null> {
  if (!isUuid(id)) return null
  const [row] = await db
    .select({ listing: listings, hostDisplayName: hostProfiles.displayName })
    .from(listings)
    .leftJoin(hostProfiles, eq(hostProfiles.clientId, listings.hostId))
    .where(eq(listings.id, id))
    .limit(1)
  return row ? { ...row.listing, hostDisplayName: row.hostDisplayName ?? '' } : null
}

/** The host's 'Mis cabañas': the most recently changed first. */
export async function listListingsForHost(db: Database, hostId: string): Promise<ListingRow[]> {
  return db
    .select()
    .from(listings)
    .where(eq(listings.hostId, hostId))
    .orderBy(desc(listings.updatedAt), asc(listings.id))
}

const FILTER_STATUSES: Record<OperatorListingFilter, ListingStatus[] | null> = {
  submitted: ['submitted'],
  published: ['published'],
  paused: ['paused'],
  all: null,
}

/** The operator console: the queue (oldest submission first), or every listing of a status. */
export async function listListingsForOperator(db: Database, filter: OperatorListingFilter) {
  const statuses = FILTER_STATUSES[filter]
  const rows = await db
    .select({ listing: listings, hostDisplayName: hostProfiles.displayName })
    .from(listings)
    .leftJoin(hostProfiles, eq(hostProfiles.clientId, listings.hostId))
    .where(statuses ? inArray(listings.status, statuses) : undefined)
    .orderBy(filter === 'submitted' ? asc(listings.submittedAt) : desc(listings.updatedAt), asc(listings.id))
    .limit(OPERATOR_LIST_LIMIT)
  return rows.map((row) => ({ ...row.listing, hostDisplayName: row.hostDisplayName ?? '' }))
}

/** Deletes a draft never submitted; says why not otherwise. */
export async function deleteDraftListing(
  db: Database,
  { id, hostId }: { id: string; hostId: string },
): Promise<'deleted' | 'not-found' | 'not-draft'> {
  if (!isUuid(id)) return 'not-found'
  const deleted = await db
    .delete(listings)
    .where(
      and(
        eq(listings.id, id),
        eq(listings.hostId, hostId),
        eq(listings.status, 'draft'),
        sql`${listings.submittedAt} IS NULL`,
      ),
    )
    .returning({ id: listings.id })
  if (deleted.length > 0) return 'deleted'
  return (await findListingForHost(db, { id, hostId })) ? 'not-draft' : 'not-found'
}
