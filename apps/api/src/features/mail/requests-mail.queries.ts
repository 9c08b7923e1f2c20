import { commissionOf, requestDeadlines } from '@cabanas/domain/bookings'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { bookingRequests, clients, listings } from '../../db/schema.ts'
import { findBookingRequestForMail } from './mail.queries.ts'
import type { RequestMailView } from './templates-requests.ts'

/** A request to book as its transition mails show it, with its host's account; null if gone. */
export async function findRequestForUpdateMail(
  db: Database,
  bookingRequestId: string,
): Promise<RequestMailView | null> {
  const found = await findBookingRequestForMail(db, bookingRequestId)
  if (!found) return null
  const [row] = await db
    .select({
      totalPrice: bookingRequests.totalPrice,
      serviceCommission: bookingRequests.serviceCommission,
      declineMessage: bookingRequests.declineMessage,
      createdAt: bookingRequests.createdAt,
      answeredAt: bookingRequests.answeredAt,
      hostEmail: clients.email,
      hostFirstName: clients.firstName,
    })
    .from(bookingRequests)
    .leftJoin(listings, eq(listings.cabinId, bookingRequests.cabinId))
    .leftJoin(clients, eq(clients.id, listings.hostId))
    .where(eq(bookingRequests.id, bookingRequestId))
  if (!row) return null
  const deadlines = requestDeadlines({ createdAt: row.createdAt, answeredAt: row.answeredAt })
  return {
    ...found.view,
    guestEmail: found.to,
    host: row.hostEmail ? { email: row.hostEmail, firstName: row.hostFirstName ?? '' } : null,
    hostAmount: row.totalPrice - commissionOf(row),
    declineMessage: row.declineMessage,
    answerBy: deadlines.answerBy,
    payBy: deadlines.payBy,
  }
}
