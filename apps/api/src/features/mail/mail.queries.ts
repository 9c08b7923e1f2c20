import { and, asc, eq, like, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  bookingRequests,
  type CabinImageRow,
  cabinCalendarConflicts,
  cabinCalendarFeeds,
  cabins,
  clients,
  listings,
  outbox,
  reservations,
} from '../../db/schema.ts'
import { isSealed } from '../../lib/secret-box.ts'
import { MAIL_KIND_PREFIX, SECRET_FIELDS, sealMailSecrets } from './mail-jobs.ts'
import type { BookingRequestMailView, CabinMailView, StayMailView } from './templates.ts'

const cabinColumns = {
  id: cabins.id,
  name: cabins.name,
  population: cabins.population,
  state: cabins.state,
  latitude: cabins.latitude,
  longitude: cabins.longitude,
  cancellationPolicy: cabins.cancellationPolicy,
  images: cabins.images,
}

/** The cover is the card-size picture (640 px wide), enough for a 600 px mail. */
function cabinView({ images, ...cabin }: CabinRow): CabinMailView {
  const cover = images[0]
  return { ...cabin, cover: cover ? { path: cover.preview || cover.url, alt: cover.alt } : null }
}

type CabinRow = Omit<CabinMailView, 'cover'> & { images: CabinImageRow[] }

/** A reservation and its cabin as its mails show them, with the guest's address; null if gone. */
export async function findReservationForMail(
  db: Database,
  reservationId: string,
): Promise<{ to: string; view: StayMailView } | null> {
  const [row] = await db
    .select({
      id: reservations.id,
      status: reservations.status,
      paymentStatus: reservations.paymentStatus,
      guestFirstName: reservations.guestFirstName,
      guestEmail: reservations.guestEmail,
      checkIn: reservations.checkIn,
      checkOut: reservations.checkOut,
      guests: reservations.guests,
      nights: reservations.nights,
      totalPrice: reservations.totalPrice,
      cabin: cabinColumns,
    })
    .from(reservations)
    .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
    .where(eq(reservations.id, reservationId))
  if (!row) return null
  const { id, cabin, ...rest } = row
  return { to: rest.guestEmail, view: { ...rest, reservationId: id, cabin: cabinView(cabin) } }
}

/** A request to book and its cabin; null if gone. */
export async function findBookingRequestForMail(
  db: Database,
  bookingRequestId: string,
): Promise<{ to: string; view: BookingRequestMailView } | null> {
  const [row] = await db
    .select({
      id: bookingRequests.id,
      fullName: bookingRequests.fullName,
      email: bookingRequests.email,
      checkIn: bookingRequests.checkIn,
      checkOut: bookingRequests.checkOut,
      guests: bookingRequests.guests,
      nights: bookingRequests.nights,
      totalPrice: bookingRequests.totalPrice,
      cabin: cabinColumns,
    })
    .from(bookingRequests)
    .innerJoin(cabins, eq(cabins.id, bookingRequests.cabinId))
    .where(eq(bookingRequests.id, bookingRequestId))
  if (!row) return null
  const { id, email, cabin, ...rest } = row
  return { to: email, view: { ...rest, bookingRequestId: id, cabin: cabinView(cabin) } }
}

/** A listing's host (name and address), its title and cabin, for the operator's decisions. */
export async function findListingForMail(db: Database, listingId: string) {
  const [row] = await db
    .select({
      email: clients.email,
      firstName: clients.firstName,
      draft: listings.draft,
      cabinId: listings.cabinId,
    })
    .from(listings)
    .innerJoin(clients, eq(clients.id, listings.hostId))
    .where(eq(listings.id, listingId))
  if (!row) return null
  const { draft, ...rest } = row
  return { ...rest, title: draft.description?.title ?? 'tu cabaña' }
}

/**
 * The host of an imported calendar's cabin, the calendar's name and its conflicts now; null when it has
 * none left (or is gone).
 */
export async function findCalendarConflictsForMail(db: Database, feedId: string) {
  const [row] = await db
    .select({
      email: clients.email,
      firstName: clients.firstName,
      feedName: cabinCalendarFeeds.name,
      cabinName: cabins.name,
      listingId: listings.id,
    })
    .from(cabinCalendarFeeds)
    .innerJoin(cabins, eq(cabins.id, cabinCalendarFeeds.cabinId))
    .innerJoin(listings, eq(listings.cabinId, cabinCalendarFeeds.cabinId))
    .innerJoin(clients, eq(clients.id, listings.hostId))
    .where(eq(cabinCalendarFeeds.id, feedId))
    .limit(1)
  if (!row) return null
  const conflicts = await db
    .select({
      startsOn: cabinCalendarConflicts.startsOn,
      endsOn: cabinCalendarConflicts.endsOn,
      over: cabinCalendarConflicts.over,
    })
    .from(cabinCalendarConflicts)
    .where(eq(cabinCalendarConflicts.feedId, feedId))
    .orderBy(asc(cabinCalendarConflicts.startsOn))
    .limit(20)
  return conflicts.length > 0 ? { ...row, conflicts } : null
}

/** A client's first name and address; null if the account is gone. */
export async function findClientForMail(db: Database, clientId: string) {
  const [row] = await db
    .select({ firstName: clients.firstName, email: clients.email })
    .from(clients)
    .where(eq(clients.id, clientId))
  return row ?? null
}

/**
 * Seals the tokens of mails queued in clear before sealing existed (or by a process of the previous
 * version during a rolling deploy); returns how many rows changed. A row is rewritten only if it is
 * still pending with the payload that was read, so a mail being sent meanwhile is left alone.
 */
export async function sealQueuedMailSecrets(db: Database): Promise<number> {
  const hasSecret = or(...SECRET_FIELDS.map((field) => sql`${outbox.payload} ? ${field}`))
  const rows = await db
    .select({ id: outbox.id, kind: outbox.kind, payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), like(outbox.kind, `${MAIL_KIND_PREFIX}%`), hasSecret))
  let sealed = 0
  for (const row of rows) {
    const isClear = (field: string) => {
      const value = row.payload[field]
      return typeof value === 'string' && !isSealed(value)
    }
    if (!SECRET_FIELDS.some(isClear)) continue
    const changed = await db
      .update(outbox)
      .set({ payload: sealMailSecrets(row.kind, row.payload) })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.payload, row.payload)))
      .returning({ id: outbox.id })
    sealed += changed.length
  }
  return sealed
}

/** The host of a reservation's cabin (address and first name), for the mails of its cancellation. */
export async function findReservationHostForMail(db: Database, reservationId: string) {
  const [row] = await db
    .select({ email: clients.email, firstName: clients.firstName })
    .from(reservations)
    .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
    .innerJoin(clients, eq(clients.id, cabins.hostId))
    .where(eq(reservations.id, reservationId))
    .limit(1)
  return row ?? null
}
