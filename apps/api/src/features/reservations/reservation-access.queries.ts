import { createHash } from 'node:crypto'
import { publicPaths } from '@cabanas/contracts/routes'
import {
  cancellationTerms,
  type ReservationDetails,
  type ReservationView,
  reservationPricing,
  toCancellationTermsView,
} from '@cabanas/domain/reservations'
import { and, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { cabins, reservationAccessTokens, reservations } from '../../db/schema.ts'
import { isUuid } from '../../lib/uuid.ts'

/** How the guest's secret (given at checkout, `X-Reservation-Token`) is stored and compared. */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Who is asking: the guest's secret from the confirmation, or a signed-in client. */
export type ReservationAccess = { tokenHash?: string | null; clientId?: string | null }

/** The secret opens the row: the one given at checkout, or one mailed again since (reservation_access_tokens). */
function tokenOpens(tokenHash: string): SQL<boolean> {
  return sql<boolean>`(coalesce(${reservations.accessTokenHash} = ${tokenHash}, false) or exists (
    select 1 from ${reservationAccessTokens}
    where ${reservationAccessTokens.tokenHash} = ${tokenHash}
      and ${reservationAccessTokens.reservationId} = ${reservations.id}))`
}

function accessFilter({ tokenHash, clientId }: ReservationAccess): SQL | undefined {
  const grants: SQL[] = []
  if (tokenHash) grants.push(tokenOpens(tokenHash))
  if (clientId) grants.push(eq(reservations.clientId, clientId))
  return grants.length > 0 ? or(...grants) : undefined
}

const viewColumns = {
  id: reservations.id,
  cabinId: reservations.cabinId,
  cabinName: cabins.name,
  population: cabins.population,
  state: cabins.state,
  images: cabins.images,
  latitude: cabins.latitude,
  longitude: cabins.longitude,
  cancellationPolicy: cabins.cancellationPolicy,
  maxOccupancy: cabins.maxOccupancy,
  status: reservations.status,
  paymentStatus: reservations.paymentStatus,
  checkIn: reservations.checkIn,
  checkOut: reservations.checkOut,
  guests: reservations.guests,
  nights: reservations.nights,
  totalPrice: reservations.totalPrice,
  serviceCommission: reservations.serviceCommission,
  currency: reservations.currency,
  guestFirstName: reservations.guestFirstName,
  guestLastName: reservations.guestLastName,
  guestEmail: reservations.guestEmail,
  guestPhone: reservations.guestPhone,
  specialRequests: reservations.specialRequests,
  chargeId: reservations.chargeId,
  createdAt: reservations.createdAt,
}

/**
 * A reservation the asker may see: ownership is part of the query, never checked after it.
 * `opensWithLink` says whether the asker's secret (not only their session) opens it.
 */
export async function findReservationForAccess(db: Database, id: string, access: ReservationAccess) {
  const filter = accessFilter(access)
  if (!filter || !isUuid(id)) return null
  const opensWithLink = access.tokenHash ? tokenOpens(access.tokenHash) : sql<boolean>`false`
  const [row] = await db
    .select({ ...viewColumns, opensWithLink })
    .from(reservations)
    .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
    .where(and(eq(reservations.id, id), filter))
    .limit(1)
  return row ?? null
}

/** The reservation `id` when `email` is its guest's address (any case); else null. */
export async function findReservationIdForGuestEmail(db: Database, id: string, email: string) {
  if (!isUuid(id)) return null
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(eq(reservations.id, id), sql`lower(${reservations.guestEmail}) = ${email.trim().toLowerCase()}`),
    )
    .limit(1)
  return row?.id ?? null
}

/** Adds a secret that opens the reservation (a link mailed again); the first one stays valid. */
export async function insertReservationAccessToken(db: Database, reservationId: string, tokenHash: string) {
  await db.insert(reservationAccessTokens).values({ reservationId, tokenHash })
}

/**
 * Mis Reservas: the client's reservations, newest stay first. A payment that never went through
 * (FAILED: a declined card, or a hold released with no charge) is not a stay the guest made, so it
 * is left out; its trip page still opens for whoever may read it (findReservationForAccess).
 */
export async function listReservationsForClient(db: Database, clientId: string) {
  return db
    .select(viewColumns)
    .from(reservations)
    .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
    .where(and(eq(reservations.clientId, clientId), ne(reservations.paymentStatus, 'FAILED')))
    .orderBy(desc(reservations.checkIn))
}

export async function updateReservationContact(
  db: Database,
  id: string,
  changes: { guestEmail?: string; guestPhone?: string; specialRequests?: string },
) {
  await db.update(reservations).set(changes).where(eq(reservations.id, id))
}

type ReservationRow = Awaited<ReturnType<typeof listReservationsForClient>>[number]

export function toReservationView(row: ReservationRow): ReservationView {
  const paid = row.paymentStatus === 'PAID' || row.paymentStatus === 'REFUNDED'
  return {
    _id: row.id,
    resourceId: row.cabinId,
    resourceName: row.cabinName,
    location: `${row.population}, ${row.state}`,
    chaletImage: row.images[0]?.preview ?? null,
    status: row.status,
    paymentStatus: row.paymentStatus,
    arrivalDate: row.checkIn,
    departureDate: row.checkOut,
    pax: row.guests,
    nNights: row.nights,
    maxOccupation: row.maxOccupancy,
    total: row.totalPrice,
    currency: row.currency,
    // Paid in full at checkout, so nothing is due once paid; a pending payment is still due.
    balanceDue: paid || row.status === 'cancelled' ? 0 : row.totalPrice,
    guest: {
      firstName: row.guestFirstName,
      lastName: row.guestLastName,
      email: row.guestEmail,
      phone: row.guestPhone,
      specialRequests: row.specialRequests,
    },
    url: publicPaths.trip(row.id),
    paymentId: row.chargeId,
    createdAt: row.createdAt.toISOString(),
  }
}

/** What cancelling this reservation at `now` would mean (what was paid is what can come back). */
export function cancellationTermsOf(row: ReservationRow, now: Date) {
  return cancellationTerms({
    policy: row.cancellationPolicy,
    checkIn: row.checkIn,
    paid: row.paymentStatus === 'PAID' ? row.totalPrice : 0,
    now,
  })
}

/**
 * The trip page's reservation: the view plus the cabin's photo, place and policy, what cancelling
 * at `now` would mean, and the price breakdown.
 */
export function toReservationDetails(row: ReservationRow, now: Date): ReservationDetails {
  const image = row.images[0]
  return {
    ...toReservationView(row),
    url: publicPaths.trip(row.id),
    cabin: {
      image: image ? { url: image.url, alt: image.alt } : null,
      address: `${row.population}, ${row.state}`,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    cancellationPolicy: row.cancellationPolicy,
    cancellation: toCancellationTermsView(cancellationTermsOf(row, now)),
    pricing: reservationPricing({
      totalPrice: row.totalPrice,
      serviceCommission: row.serviceCommission,
      nights: row.nights,
    }),
  }
}
