import {
  commissionOf,
  firstNameOf,
  type HostRequest,
  REQUEST_ANSWER_HOURS,
  REQUEST_PAY_HOURS,
  REQUEST_REMINDER_HOURS,
  type RequestState,
  requestDeadlines,
} from '@cabanas/domain/bookings'
import { and, desc, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { bookingRequests, cabins, listings } from '../../db/schema.ts'

const HOUR_MS = 60 * 60 * 1000
const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR_MS)

/** The cabins of a host (their published or paused listings). */
const cabinsOfHost = (hostId: string) =>
  sql`(select ${listings.cabinId} from ${listings} where ${listings.hostId} = ${hostId} and ${listings.cabinId} is not null)`

const hostColumns = {
  requestId: bookingRequests.id,
  cabinId: bookingRequests.cabinId,
  cabinName: cabins.name,
  fullName: bookingRequests.fullName,
  checkIn: bookingRequests.checkIn,
  checkOut: bookingRequests.checkOut,
  nights: bookingRequests.nights,
  guests: bookingRequests.guests,
  totalPrice: bookingRequests.totalPrice,
  serviceCommission: bookingRequests.serviceCommission,
  status: bookingRequests.status,
  createdAt: bookingRequests.createdAt,
  answeredAt: bookingRequests.answeredAt,
  declineMessage: bookingRequests.declineMessage,
  reservationId: bookingRequests.reservationId,
}
type HostRow = {
  requestId: string
  cabinId: string
  cabinName: string
  fullName: string
  checkIn: string
  checkOut: string
  nights: number
  guests: number
  totalPrice: number
  serviceCommission: number | null
  status: RequestState
  createdAt: Date
  answeredAt: Date | null
  declineMessage: string | null
  reservationId: string | null
}

function toHostRequest(row: HostRow, now: Date): HostRequest {
  const { fullName, serviceCommission, createdAt, answeredAt, status, ...rest } = row
  const deadlines = requestDeadlines({ createdAt, answeredAt })
  // A pending request past its answer time is expired, even before the job has written it.
  const shown: RequestState = status === 'pending' && deadlines.answerBy <= now ? 'expired' : status
  return {
    ...rest,
    status: shown,
    guestFirstName: firstNameOf(fullName),
    hostAmount: row.totalPrice - commissionOf(row),
    createdAt: createdAt.toISOString(),
    answerBy: deadlines.answerBy.toISOString(),
    payBy: deadlines.payBy?.toISOString() ?? null,
  }
}

/** The host's inbox: requests for their cabins, newest first, optionally in one state. */
export async function listRequestsForHost(
  db: Database,
  { hostId, status, now }: { hostId: string; status: RequestState | undefined; now: Date },
): Promise<HostRequest[]> {
  const answerCutoff = hoursBefore(now, REQUEST_ANSWER_HOURS)
  // 'pending' and 'expired' follow the clock, not only the job's last run.
  const byStatus: SQL | undefined =
    status === 'pending'
      ? and(eq(bookingRequests.status, 'pending'), gt(bookingRequests.createdAt, answerCutoff))
      : status === 'expired'
        ? sql`(${bookingRequests.status} = 'expired' or (${bookingRequests.status} = 'pending' and ${bookingRequests.createdAt} <= ${answerCutoff}))`
        : status
          ? eq(bookingRequests.status, status)
          : undefined
  const rows = await db
    .select(hostColumns)
    .from(bookingRequests)
    .innerJoin(cabins, eq(cabins.id, bookingRequests.cabinId))
    .where(and(sql`${bookingRequests.cabinId} in ${cabinsOfHost(hostId)}`, byStatus))
    .orderBy(desc(bookingRequests.createdAt))
    .limit(200)
  return rows.map((row) => toHostRequest(row, now))
}

/** One request of the host's cabins, or null (another host's, or none). */
export async function findRequestForHost(
  db: Database,
  { hostId, requestId, now }: { hostId: string; requestId: string; now: Date },
): Promise<HostRequest | null> {
  const [row] = await db
    .select(hostColumns)
    .from(bookingRequests)
    .innerJoin(cabins, eq(cabins.id, bookingRequests.cabinId))
    .where(and(eq(bookingRequests.id, requestId), sql`${bookingRequests.cabinId} in ${cabinsOfHost(hostId)}`))
  return row ? toHostRequest(row, now) : null
}

/**
 * pending → accepted, guarded in SQL: only a request of the host's cabins, still pending and within
 * its answer time. True when this call made the change (a double click's second call: false).
 */
export async function acceptRequest(
  db: Database,
  {
    hostId,
    requestId,
    now,
    payTokenHash,
  }: { hostId: string; requestId: string; now: Date; payTokenHash: string },
): Promise<boolean> {
  const rows = await db
    .update(bookingRequests)
    .set({ status: 'accepted', answeredAt: now, payTokenHash, updatedAt: sql`now()` })
    .where(pendingOfHost(hostId, requestId, now))
    .returning({ id: bookingRequests.id })
  return rows.length === 1
}

/** pending → declined, with the host's optional message; guarded as `acceptRequest`. */
export async function declineRequest(
  db: Database,
  {
    hostId,
    requestId,
    now,
    message,
  }: { hostId: string; requestId: string; now: Date; message: string | null },
): Promise<boolean> {
  const rows = await db
    .update(bookingRequests)
    .set({ status: 'declined', answeredAt: now, declineMessage: message, updatedAt: sql`now()` })
    .where(pendingOfHost(hostId, requestId, now))
    .returning({ id: bookingRequests.id })
  return rows.length === 1
}

function pendingOfHost(hostId: string, requestId: string, now: Date) {
  return and(
    eq(bookingRequests.id, requestId),
    eq(bookingRequests.status, 'pending'),
    gt(bookingRequests.createdAt, hoursBefore(now, REQUEST_ANSWER_HOURS)),
    sql`${bookingRequests.cabinId} in ${cabinsOfHost(hostId)}`,
  )
}

// The request clock (request-clock.ts). Each step is one conditional UPDATE … RETURNING: a request
// moves once, whichever process or run gets there first.

/** pending for REQUEST_ANSWER_HOURS → expired. */
export async function expireUnansweredRequests(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .update(bookingRequests)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(
      and(
        eq(bookingRequests.status, 'pending'),
        lte(bookingRequests.createdAt, hoursBefore(now, REQUEST_ANSWER_HOURS)),
      ),
    )
    .returning({ id: bookingRequests.id })
  return rows.map((row) => row.id)
}

/** pending for REQUEST_REMINDER_HOURS and never reminded → reminded now. */
export async function markRequestsToRemind(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .update(bookingRequests)
    .set({ remindedAt: now })
    .where(
      and(
        eq(bookingRequests.status, 'pending'),
        isNull(bookingRequests.remindedAt),
        lte(bookingRequests.createdAt, hoursBefore(now, REQUEST_REMINDER_HOURS)),
        gt(bookingRequests.createdAt, hoursBefore(now, REQUEST_ANSWER_HOURS)),
      ),
    )
    .returning({ id: bookingRequests.id })
  return rows.map((row) => row.id)
}

/** accepted, unpaid, and its pay link's REQUEST_PAY_HOURS gone → expired (a charge in flight: left). */
export async function expireUnpaidRequests(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .update(bookingRequests)
    .set({ status: 'expired', payTokenHash: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(bookingRequests.status, 'accepted'),
        isNull(bookingRequests.reservationId),
        lte(bookingRequests.answeredAt, hoursBefore(now, REQUEST_PAY_HOURS)),
      ),
    )
    .returning({ id: bookingRequests.id })
  return rows.map((row) => row.id)
}
