import {
  LISTING_STEP_SCHEMAS,
  type Listing,
  type ListingDraft,
  type ListingStep,
  listingApiMessages,
  listingToCabin,
  reviewListing,
} from '@cabanas/domain/listings'
import { uploadedPhotoPaths } from '@cabanas/domain/photos'
import { DomainError, requireValue } from '@cabanas/domain/shared'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { cabinSeasons, cabins, listings } from '../../db/schema.ts'
import { isUuid } from '../../lib/uuid.ts'
import { InvalidInputError } from '../../plugins/errors.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import type { PhotoStorage } from '../photos/photo-storage.ts'
import { findPhotoUpload } from '../photos/photos.service.ts'
import { type ListingActor, type ListingRow, recordListingEvent } from './listings.queries.ts'

/*
 * The listing's life (draft → submitted → published ⇄ paused, or returned → submitted again), each
 * change one transaction: the listing row with its version, its event, its cabin and the mail.
 */

const notFound = () => new DomainError('NOT_FOUND', listingApiMessages.notFound)
const conflict = (message: string) => new DomainError('CONFLICT', message)

/** A published or paused listing has a live cabin: each save keeps it complete and applies at once. */
const hasCabin = (status: ListingRow['status']) => status === 'published' || status === 'paused'
const isEditable = (status: ListingRow['status']) => status !== 'submitted'

/** Where an uploaded photo is served: the addresses a cabin row keeps for it. */
export function photoSources(photoId: string) {
  const { url, preview } = uploadedPhotoPaths(photoId)
  return { url, preview }
}

function detailsOf(issues: { path: PropertyKey[]; message: string }[], prefix?: string) {
  return issues.map((issue) => ({
    field: [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.'),
    message: issue.message,
  }))
}

/**
 * A step's value as the editor sent it, checked with that step's draft schema (its complete schema
 * once the listing has a cabin, so the live cabin is never incomplete). Throws InvalidInputError.
 */
export function parseStepValue(step: ListingStep, value: unknown, status: ListingRow['status']) {
  const schema = hasCabin(status) ? LISTING_STEP_SCHEMAS[step].complete : LISTING_STEP_SCHEMAS[step].draft
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data as NonNullable<ListingDraft[ListingStep]>
  const details = detailsOf(parsed.error.issues)
  throw new InvalidInputError(details[0]?.message ?? listingApiMessages.unknownStep, details)
}

/**
 * The photos step may name only photos its host uploaded. Photos already in the stored draft were
 * checked when they were saved; the new ones are checked against their upload's record.
 */
export async function checkPhotoOwnership(
  storage: PhotoStorage,
  { hostId, value, stored }: { hostId: string; value: ListingDraft['photos']; stored: ListingDraft },
) {
  const known = new Set((stored.photos?.photos ?? []).map((photo) => photo.id))
  const added = (value?.photos ?? []).map((photo) => photo.id).filter((id) => !known.has(id))
  const owners = await Promise.all(
    [...new Set(added)].map(async (id) =>
      isUuid(id) && id === id.toLowerCase() ? (await findPhotoUpload(storage, id))?.ownerId : undefined,
    ),
  )
  const index = owners.findIndex((owner) => owner !== hostId)
  if (index >= 0) {
    const position = (value?.photos ?? []).findIndex((photo) => photo.id === added[index])
    throw new InvalidInputError(listingApiMessages.photoNotYours, [
      { field: `photos.${position}.id`, message: listingApiMessages.photoNotYours },
    ])
  }
}

/** The complete listing behind a live cabin; a refusal naming what is missing otherwise. */
function completeListing(draft: ListingDraft, message: string): Listing {
  const review = reviewListing(draft)
  if (review.ok) return review.listing
  const details = review.steps.flatMap((step) =>
    step.status === 'complete' ? [] : detailsOf(step.issues, step.step),
  )
  throw new InvalidInputError(message, details)
}

/** Writes the cabin's columns and seasons from the listing (the row exists: an edit or an unpause). */
async function writeCabin(tx: Database, cabinId: string, listing: Listing) {
  const { cabin, seasons } = listingToCabin(listing, { photoSources })
  await tx.update(cabins).set(cabin).where(eq(cabins.id, cabinId))
  await tx.delete(cabinSeasons).where(eq(cabinSeasons.cabinId, cabinId))
  if (seasons.length > 0)
    await tx.insert(cabinSeasons).values(seasons.map((season) => ({ ...season, cabinId })))
}

/** Why a conditional update found no row: gone (404), not in a state for it, or a stale version. */
async function refusalFor(
  tx: Database,
  { id, hostId }: { id: string; hostId: string | null },
  stateMessage: string,
  version?: number,
): Promise<DomainError> {
  const [row] = await tx
    .select({ status: listings.status, version: listings.version, hostId: listings.hostId })
    .from(listings)
    .where(eq(listings.id, id))
  if (!row || (hostId !== null && row.hostId !== hostId)) return notFound()
  if (version !== undefined && isEditable(row.status) && row.version !== version)
    return conflict(listingApiMessages.staleVersion)
  return conflict(stateMessage)
}

/**
 * Autosave of one step over the version the editor read. The stored draft changes only when the
 * whole save succeeds; a published or paused listing's cabin changes in the same transaction.
 */
export async function saveListingStep(
  db: Database,
  {
    listing,
    step,
    value,
    version,
    actor,
  }: {
    listing: ListingRow
    step: ListingStep
    value: NonNullable<ListingDraft[ListingStep]>
    version: number
    actor: ListingActor
  },
): Promise<ListingRow> {
  if (!isEditable(listing.status)) throw conflict(listingApiMessages.notEditable)
  if (listing.version !== version) throw conflict(listingApiMessages.staleVersion)
  const draft = { ...listing.draft, [step]: value } as ListingDraft
  const complete = hasCabin(listing.status) ? completeListing(draft, listingApiMessages.incomplete) : null
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(listings)
      .set({ draft, version: sql`${listings.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(listings.id, listing.id),
          eq(listings.hostId, listing.hostId),
          eq(listings.version, version),
          eq(listings.status, listing.status),
        ),
      )
      .returning()
    if (!row) throw await refusalFor(tx, listing, listingApiMessages.notEditable, version)
    if (complete && row.cabinId) await writeCabin(tx, row.cabinId, complete)
    await recordListingEvent(tx, { listingId: row.id, actor, kind: 'step_saved', step, version: row.version })
    return row
  })
}

/** draft or returned → submitted, when every step is complete. */
export async function submitListing(
  db: Database,
  { listing, actor }: { listing: ListingRow; actor: ListingActor },
): Promise<ListingRow> {
  if (listing.status !== 'draft' && listing.status !== 'returned') {
    throw conflict(
      listing.status === 'submitted' ? listingApiMessages.notEditable : listingApiMessages.notSubmitted,
    )
  }
  completeListing(listing.draft, listingApiMessages.incomplete)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(listings)
      .set({
        status: 'submitted',
        returnReason: null,
        version: sql`${listings.version} + 1`,
        updatedAt: sql`now()`,
        submittedAt: sql`now()`,
      })
      .where(
        and(
          eq(listings.id, listing.id),
          eq(listings.hostId, listing.hostId),
          eq(listings.version, listing.version),
          inArray(listings.status, ['draft', 'returned']),
        ),
      )
      .returning()
    if (!row) throw await refusalFor(tx, listing, listingApiMessages.notEditable, listing.version)
    await recordListingEvent(tx, { listingId: row.id, actor, kind: 'submitted', version: row.version })
    return row
  })
}

/**
 * submitted → published: the cabin row (from listingToCabin, photos served from their uploads), its
 * seasons, its host, `cabin_id`, the event and the host's mail, all in one transaction.
 */
export async function approveListing(
  db: Database,
  { id, actor }: { id: string; actor: ListingActor },
): Promise<ListingRow> {
  if (!isUuid(id)) throw notFound()
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(listings)
      .where(and(eq(listings.id, id), eq(listings.status, 'submitted')))
      .for('update')
    if (!locked) throw await refusalFor(tx, { id, hostId: null }, listingApiMessages.notSubmitted)
    const listing = completeListing(locked.draft, listingApiMessages.incomplete)
    const { cabin, seasons } = listingToCabin(listing, { photoSources })
    const [inserted] = await tx
      .insert(cabins)
      .values({ ...cabin, slug: `anuncio-${locked.id}`, hostId: locked.hostId, listed: true })
      .returning({ id: cabins.id })
    const cabinId = requireValue(inserted, 'the inserted cabin').id
    if (seasons.length > 0)
      await tx.insert(cabinSeasons).values(seasons.map((season) => ({ ...season, cabinId })))
    const [row] = await tx
      .update(listings)
      .set({
        status: 'published',
        cabinId,
        version: sql`${listings.version} + 1`,
        updatedAt: sql`now()`,
        publishedAt: sql`now()`,
      })
      .where(eq(listings.id, locked.id))
      .returning()
    const published = requireValue(row, 'the published listing')
    await recordListingEvent(tx, {
      listingId: published.id,
      actor,
      kind: 'approved',
      version: published.version,
    })
    await enqueueMail(tx, { template: 'listing-published', listingId: published.id })
    return published
  })
}

/** submitted → returned, with the operator's reason mailed to the host. */
export async function returnListing(
  db: Database,
  { id, reason, actor }: { id: string; reason: string; actor: ListingActor },
): Promise<ListingRow> {
  if (!isUuid(id)) throw notFound()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(listings)
      .set({
        status: 'returned',
        returnReason: reason,
        version: sql`${listings.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(listings.id, id), eq(listings.status, 'submitted')))
      .returning()
    if (!row) throw await refusalFor(tx, { id, hostId: null }, listingApiMessages.notSubmitted)
    await recordListingEvent(tx, { listingId: row.id, actor, kind: 'returned', version: row.version })
    await enqueueMail(tx, { template: 'listing-returned', listingId: row.id, reason })
    return row
  })
}

/**
 * published → paused (its cabin unlisted: guests stop finding it) or back. `hostId` null: an operator,
 * who may pause any listing.
 */
export async function setListingPaused(
  db: Database,
  { id, hostId, paused, actor }: { id: string; hostId: string | null; paused: boolean; actor: ListingActor },
): Promise<ListingRow> {
  if (!isUuid(id)) throw notFound()
  const from = paused ? 'published' : 'paused'
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(listings)
      .set({
        status: paused ? 'paused' : 'published',
        version: sql`${listings.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(listings.id, id), eq(listings.status, from), hostId ? eq(listings.hostId, hostId) : undefined),
      )
      .returning()
    if (!row) {
      throw await refusalFor(
        tx,
        { id, hostId },
        paused ? listingApiMessages.notPublished : listingApiMessages.notPaused,
      )
    }
    await tx
      .update(cabins)
      .set({ listed: !paused })
      .where(eq(cabins.id, requireValue(row.cabinId, 'the cabin of a published listing')))
    await recordListingEvent(tx, {
      listingId: row.id,
      actor,
      kind: paused ? 'paused' : 'unpaused',
      version: row.version,
    })
    return row
  })
}
