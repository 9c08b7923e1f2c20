import {
  type HostReservationTab,
  hostAmountOf,
  isConfirmedStay,
  RESERVATIONS_PAGE_SIZE,
} from '@cabanas/domain/reservations'
import { type CalendarDate, requireValue } from '@cabanas/domain/shared'
import { and, asc, desc, eq, gt, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { bookingRequests, cabinBlocks, cabins, hostProfiles, reservations } from '../../db/schema.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import { scheduleRefund } from '../payments/refunds.ts'

const rowColumns = {
  id: reservations.id,
  cabinId: reservations.cabinId,
  cabinName: cabins.name,
  hostId: cabins.hostId,
  checkIn: reservations.checkIn,
  checkOut: reservations.checkOut,
  nights: reservations.nights,
  guests: reservations.guests,
  status: reservations.status,
  paymentStatus: reservations.paymentStatus,
  guestFirstName: reservations.guestFirstName,
  guestLastName: reservations.guestLastName,
  guestEmail: reservations.guestEmail,
  guestPhone: reservations.guestPhone,
  specialRequests: reservations.specialRequests,
  totalPrice: reservations.totalPrice,
  serviceCommission: reservations.serviceCommission,
  cancelledBy: reservations.cancelledBy,
  cancelledAt: reservations.cancelledAt,
  cancellationReason: reservations.cancellationReason,
  createdAt: reservations.createdAt,
}

export type HostReservationRow = {
  id: string
  cabinId: string
  cabinName: string
  hostId: string | null
  checkIn: CalendarDate
  checkOut: CalendarDate
  nights: number
  guests: number
  status: 'pending' | 'active' | 'cancelled' | 'completed'
  paymentStatus: 'PENDING' | 'PAID' | 'FAILED' | 'REFUNDED'
  guestFirstName: string
  guestLastName: string
  guestEmail: string
  guestPhone: string
  specialRequests: string
  totalPrice: number
  serviceCommission: number
  cancelledBy: 'guest' | 'host' | 'operator' | null
  cancelledAt: Date | null
  cancellationReason: string | null
  createdAt: Date
}

/** The row as a list shows it: the guest by first name, the host's share computed. */
export function toReservationSummary(row: HostReservationRow) {
  return {
    id: row.id,
    cabinId: row.cabinId,
    cabinName: row.cabinName,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    nights: row.nights,
    guests: row.guests,
    status: row.status,
    paymentStatus: row.paymentStatus,
    guestFirstName: row.guestFirstName,
    totalPrice: row.totalPrice,
    hostAmount: hostAmountOf(row),
    cancelledBy: row.cancelledBy,
    createdAt: row.createdAt.toISOString(),
  }
}

/** Stays that never were paid (failed holds) are not reservations to a host: Mis Reservas hides them too. */
const wasPaid = inArray(reservations.paymentStatus, ['PAID', 'REFUNDED'])

/** `and` of conditions that are all there: drizzle's `and` is undefined only when none is. */
function andAll(...conditions: SQL[]): SQL {
  return requireValue(and(...conditions), 'a filter of at least one condition')
}

/**
 * The tab's rows and their order: 'upcoming' (not ended, soonest first; a stay being paid shows as
 * pending), 'past' (ended, latest first), 'cancelled' (after payment, latest cancellation first).
 */
function tabFilter(tab: HostReservationTab, today: CalendarDate): { where: SQL; orderBy: SQL[] } {
  if (tab === 'upcoming')
    return {
      where: andAll(inArray(reservations.status, ['pending', 'active']), gt(reservations.checkOut, today)),
      orderBy: [asc(reservations.checkIn), asc(reservations.id)],
    }
  if (tab === 'past')
    return {
      where: andAll(
        inArray(reservations.status, ['active', 'completed']),
        wasPaid,
        lte(reservations.checkOut, today),
      ),
      orderBy: [desc(reservations.checkOut), asc(reservations.id)],
    }
  return {
    where: andAll(eq(reservations.status, 'cancelled'), wasPaid),
    orderBy: [
      desc(sql`coalesce(${reservations.cancelledAt}, ${reservations.updatedAt})`),
      asc(reservations.id),
    ],
  }
}

/** A page of the host's reservations (all its cabins, or one), and how many the tab holds. */
export async function listHostReservations(
  db: Database,
  {
    hostId,
    tab,
    cabinId,
    page,
    today,
    pageSize = RESERVATIONS_PAGE_SIZE,
  }: {
    hostId: string
    tab: HostReservationTab
    cabinId?: string
    page: number
    today: CalendarDate
    pageSize?: number
  },
) {
  const { where, orderBy } = tabFilter(tab, today)
  const filter = and(
    eq(cabins.hostId, hostId),
    cabinId ? eq(reservations.cabinId, cabinId) : undefined,
    where,
  )
  const [rows, [count]] = await Promise.all([
    db
      .select(rowColumns)
      .from(reservations)
      .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
      .where(filter)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reservations)
      .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
      .where(filter),
  ])
  return { rows: rows as HostReservationRow[], total: count?.n ?? 0 }
}

/** Rows of a CSV export, at most this many (a host with more gets the first ones of the tab). */
export const CSV_MAX_ROWS = 5000

/** One reservation of the host's cabins; null when it is not theirs (or does not exist). */
export async function findHostReservation(db: Database, hostId: string, reservationId: string) {
  const [row] = await db
    .select(rowColumns)
    .from(reservations)
    .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
    .where(and(eq(reservations.id, reservationId), eq(cabins.hostId, hostId)))
    .limit(1)
  return (row as HostReservationRow | undefined) ?? null
}

/** One reservation, whoever hosts it (the operator console). */
export async function findReservationForOperator(db: Database, reservationId: string) {
  const [row] = await db
    .select({ ...rowColumns, hostName: hostProfiles.displayName })
    .from(reservations)
    .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
    .leftJoin(hostProfiles, eq(hostProfiles.clientId, cabins.hostId))
    .where(eq(reservations.id, reservationId))
    .limit(1)
  return (row as (HostReservationRow & { hostName: string | null }) | undefined) ?? null
}

/** The guest's contact, only for a confirmed stay. */
export function contactOf(row: HostReservationRow, whatsappUrl: (phone: string) => string | null) {
  if (!isConfirmedStay(row)) return null
  return {
    fullName: `${row.guestFirstName} ${row.guestLastName}`,
    email: row.guestEmail,
    phone: row.guestPhone,
    whatsappUrl: whatsappUrl(row.guestPhone),
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Every reservation (the console): by status, a cabin's name or a reservation's id; latest first. */
export async function listOperatorReservations(
  db: Database,
  { status, q, page }: { status?: HostReservationRow['status']; q?: string; page: number },
) {
  const search = q?.trim()
  const filter = and(
    status ? eq(reservations.status, status) : undefined,
    // Holds that were never paid are not reservations to anyone.
    status === 'cancelled' || !status ? or(wasPaid, eq(reservations.status, 'pending')) : undefined,
    search
      ? UUID.test(search)
        ? eq(reservations.id, search)
        : ilike(cabins.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined,
  )
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...rowColumns, hostName: hostProfiles.displayName })
      .from(reservations)
      .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
      .leftJoin(hostProfiles, eq(hostProfiles.clientId, cabins.hostId))
      .where(filter)
      .orderBy(desc(reservations.createdAt), asc(reservations.id))
      .limit(RESERVATIONS_PAGE_SIZE)
      .offset((page - 1) * RESERVATIONS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reservations)
      .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
      .where(filter),
  ])
  return { rows: rows as (HostReservationRow & { hostName: string | null })[], total: count?.n ?? 0 }
}

/** Requests to book, latest first, by their existing columns only (no guest data: the console lists them). */
export async function listOperatorBookingRequests(db: Database, { page }: { page: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: bookingRequests.id,
        status: bookingRequests.status,
        cabinId: bookingRequests.cabinId,
        cabinName: cabins.name,
        checkIn: bookingRequests.checkIn,
        checkOut: bookingRequests.checkOut,
        nights: bookingRequests.nights,
        guests: bookingRequests.guests,
        totalPrice: bookingRequests.totalPrice,
        createdAt: bookingRequests.createdAt,
      })
      .from(bookingRequests)
      .innerJoin(cabins, eq(cabins.id, bookingRequests.cabinId))
      .orderBy(desc(bookingRequests.createdAt), asc(bookingRequests.id))
      .limit(RESERVATIONS_PAGE_SIZE)
      .offset((page - 1) * RESERVATIONS_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(bookingRequests),
  ])
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: count?.n ?? 0,
  }
}

/** The private note of the block that keeps a host-cancelled stay's nights closed. */
export const HOST_CANCELLATION_BLOCK_NOTE = 'Noches de una reserva que cancelaste'

/**
 * Cancels a paid, active reservation with a full refund, in one transaction under the cabin's lock:
 * the reservation becomes cancelled (by whom, when, why), the refund of everything paid is queued in
 * the outbox, the guest's and the host's mails are queued, and, for a host's cancellation, a block
 * keeps the nights closed (the reservation no longer holds them, so the exclusion constraint takes
 * the block). Only from `active`/`PAID` (and, for a host, before check-in day): a second call finds
 * nothing to change and returns null, so a double click refunds and mails once.
 */
export async function cancelWithFullRefund(
  db: Database,
  {
    reservationId,
    cabinId,
    by,
    actorId,
    reason,
    today,
  }: {
    reservationId: string
    cabinId: string
    by: 'host' | 'operator'
    actorId: string
    reason?: string
    today: CalendarDate
  },
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${cabinId}::text, 0))`)
    const [row] = await tx
      .update(reservations)
      .set({
        status: 'cancelled',
        cancelledBy: by,
        cancelledAt: sql`now()`,
        cancelledByClientId: actorId,
        cancellationReason: reason ? reason : null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(reservations.id, reservationId),
          eq(reservations.status, 'active'),
          eq(reservations.paymentStatus, 'PAID'),
          by === 'host' ? gt(reservations.checkIn, today) : undefined,
        ),
      )
      .returning({
        id: reservations.id,
        checkIn: reservations.checkIn,
        checkOut: reservations.checkOut,
        totalPrice: reservations.totalPrice,
      })
    if (!row) return null
    await scheduleRefund(tx, row.id, row.totalPrice)
    if (by === 'host') {
      await tx.insert(cabinBlocks).values({
        cabinId,
        startsOn: row.checkIn,
        endsOn: row.checkOut,
        note: HOST_CANCELLATION_BLOCK_NOTE,
        createdBy: actorId,
      })
    }
    await enqueueMail(tx, { template: 'stay-cancelled-for-guest', reservationId: row.id, by })
    await enqueueMail(tx, { template: 'stay-cancelled-for-host', reservationId: row.id, by })
    return row
  })
}
