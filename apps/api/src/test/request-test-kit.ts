/*
 * Test helpers of requests to book (issue 22): a host owning a published cabin, a request for it made
 * at a chosen instant, and the request mails the outbox holds.
 */

import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { bookingRequests, hostProfiles, listings, outbox } from '../db/schema.ts'
import { openMailSecrets } from '../features/mail/mail-jobs.ts'
import { insertBookingRequest, insertCabin, insertClient } from './factories.ts'
import { must } from './must.ts'

/** A host (profile row) and a published cabin of theirs; `hostId` signs in as them. */
export async function insertHostWithCabin(db: Database, cabin: Parameters<typeof insertCabin>[1] = {}) {
  const host = await insertClient(db, { isEmailVerified: true, firstName: 'Lupe' })
  await db.insert(hostProfiles).values({
    clientId: host.id,
    displayName: 'Cabañas Doña Lupe',
    phone: '+523398765432',
    clabeSealed: 'sellada',
    clabeBankCode: '072',
    clabeLast4: '4455',
  })
  const { id: cabinId } = await insertCabin(db, cabin)
  await db.insert(listings).values({ hostId: host.id, status: 'published', cabinId, publishedAt: new Date() })
  return { host, cabinId }
}

/** A pending request for `cabinId`, made at `createdAt` (the app clock's instant by default). */
export async function insertPendingRequest(
  db: Database,
  values: Parameters<typeof insertBookingRequest>[1] & { createdAt: Date },
) {
  return insertBookingRequest(db, { serviceCommission: 360_00, ...values })
}

export async function requestStatus(db: Database, id: string) {
  const [row] = await db
    .select({
      status: bookingRequests.status,
      reservationId: bookingRequests.reservationId,
      remindedAt: bookingRequests.remindedAt,
    })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, id))
  return must(row, 'row')
}

/** The request mails queued for `bookingRequestId`: their events, oldest first, and their payloads opened. */
export async function requestMails(db: Database, bookingRequestId: string) {
  const kind = 'mail:booking-request-update'
  const rows = await db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, kind), sql`${outbox.payload}->>'bookingRequestId' = ${bookingRequestId}`))
    // Mails written in one transaction share their instant: by event name among them.
    .orderBy(outbox.createdAt, sql`${outbox.payload}->>'event'`)
  return rows.map((row) => openMailSecrets(kind, row.payload) as { event: string; token?: string })
}
