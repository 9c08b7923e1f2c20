import { createHash, timingSafeEqual } from 'node:crypto'
import { hostRequestMessages, REQUEST_PAY_HOURS, requestDeadlines } from '@cabanas/domain/bookings'
import { DomainError } from '@cabanas/domain/shared'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { bookingRequests } from '../../db/schema.ts'

const HOUR_MS = 60 * 60 * 1000
const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR_MS)

/** A request as the pay path reads it. */
export async function findRequestToPay(db: Database, requestId: string) {
  const [row] = await db
    .select({
      id: bookingRequests.id,
      cabinId: bookingRequests.cabinId,
      checkIn: bookingRequests.checkIn,
      checkOut: bookingRequests.checkOut,
      guests: bookingRequests.guests,
      nights: bookingRequests.nights,
      totalPrice: bookingRequests.totalPrice,
      serviceCommission: bookingRequests.serviceCommission,
      status: bookingRequests.status,
      clientId: bookingRequests.clientId,
      createdAt: bookingRequests.createdAt,
      answeredAt: bookingRequests.answeredAt,
      payTokenHash: bookingRequests.payTokenHash,
      reservationId: bookingRequests.reservationId,
    })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, requestId))
  return row ?? null
}

/**
 * In the hold's transaction: the request takes the new reservation, only if it is still accepted,
 * within its pay time and with no other reservation paying it. False: someone got there first.
 */
export async function claimRequestForReservation(
  db: Database,
  { requestId, reservationId, now }: { requestId: string; reservationId: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(bookingRequests)
    .set({ reservationId, updatedAt: sql`now()` })
    .where(
      and(
        eq(bookingRequests.id, requestId),
        eq(bookingRequests.status, 'accepted'),
        isNull(bookingRequests.reservationId),
        gt(bookingRequests.answeredAt, hoursBefore(now, REQUEST_PAY_HOURS)),
      ),
    )
    .returning({ id: bookingRequests.id })
  return rows.length === 1
}

/**
 * The accepted request a pay link names, checked: its secret (or the signed-in account that made it),
 * still accepted, within its pay time, not paid. Each refusal says what happened, in Spanish.
 */
export async function requestToPay(
  db: Database,
  link: { id: string; token?: string | undefined },
  { clientId, now }: { clientId: string | null; now: Date },
) {
  const row = await findRequestToPay(db, link.id)
  if (!row) throw new DomainError('NOT_FOUND', hostRequestMessages.payLinkInvalid)
  const isOwner = clientId !== null && row.clientId === clientId
  if (clientId !== null && !isOwner) throw new DomainError('FORBIDDEN', hostRequestMessages.otherAccount)
  const tokenOk =
    link.token !== undefined &&
    row.payTokenHash !== null &&
    timingSafeEqualHex(row.payTokenHash, createHash('sha256').update(link.token).digest('hex'))
  if (!isOwner && !tokenOk) throw new DomainError('NOT_FOUND', hostRequestMessages.payLinkInvalid)
  if (row.status === 'paid') throw new DomainError('CONFLICT', hostRequestMessages.alreadyPaid)
  const payBy = row.answeredAt ? requestDeadlines(row).payBy : null
  if (row.status === 'expired' && row.answeredAt)
    throw new DomainError('CONFLICT', hostRequestMessages.payLinkExpired)
  if (row.status !== 'accepted' || !payBy) throw new DomainError('CONFLICT', hostRequestMessages.notPayable)
  if (payBy <= now) throw new DomainError('CONFLICT', hostRequestMessages.payLinkExpired)
  if (row.reservationId) throw new DomainError('CONFLICT', hostRequestMessages.payInProgress)
  return row
}

function timingSafeEqualHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
}
