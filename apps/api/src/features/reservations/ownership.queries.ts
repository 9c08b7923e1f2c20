import type { MyBookingRequest } from '@cabanas/domain/auth'
import { requestDeadlines } from '@cabanas/domain/bookings'
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { bookingRequests, cabins, clients, reservations } from '../../db/schema.ts'

/**
 * The account that owns what is booked with `email`: the client with that address, once it is
 * verified; null otherwise (no account, or not verified yet: never before verification).
 *
 * Call it in the transaction that inserts the reservation or request, and use its answer as the row's
 * `client_id` when nobody is signed in. It locks the client's row (FOR SHARE), which a verification
 * updates before it claims rows (`joinBookingsToClient`): a verification running at the same moment
 * either waits for this insert to commit and then claims the row, or commits first and this lookup
 * waits for it and sees the address verified. Outside a transaction it is still right, except for
 * that moment.
 */
export async function findVerifiedClientIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: clients.id, isEmailVerified: clients.isEmailVerified })
    .from(clients)
    .where(eq(sql`lower(${clients.email})`, email.trim().toLowerCase()))
    .limit(1)
    .for('share')
  return row?.isEmailVerified ? row.id : null
}

/**
 * Claims for `clientId` every reservation and request to book made with `email` by nobody's account
 * (client_id null). Run it in the verification's transaction, after the client's row was updated.
 */
export async function joinBookingsToClient(
  db: Database,
  { clientId, email }: { clientId: string; email: string },
): Promise<{ reservations: number; requests: number }> {
  const address = email.toLowerCase()
  const joinedReservations = await db
    .update(reservations)
    .set({ clientId })
    .where(and(eq(sql`lower(${reservations.guestEmail})`, address), isNull(reservations.clientId)))
    .returning({ id: reservations.id })
  const joinedRequests = await db
    .update(bookingRequests)
    .set({ clientId, updatedAt: sql`now()` })
    .where(and(eq(sql`lower(${bookingRequests.email})`, address), isNull(bookingRequests.clientId)))
    .returning({ id: bookingRequests.id })
  return { reservations: joinedReservations.length, requests: joinedRequests.length }
}

/** The requests to book of a client (Mis Reservas), latest stay first. */
export async function listBookingRequestsForClient(
  db: Database,
  clientId: string,
  now: Date,
): Promise<MyBookingRequest[]> {
  const rows = await db
    .select({
      requestId: bookingRequests.id,
      cabinId: bookingRequests.cabinId,
      cabinName: cabins.name,
      population: cabins.population,
      state: cabins.state,
      images: cabins.images,
      checkIn: bookingRequests.checkIn,
      checkOut: bookingRequests.checkOut,
      nights: bookingRequests.nights,
      guests: bookingRequests.guests,
      totalPrice: bookingRequests.totalPrice,
      status: bookingRequests.status,
      createdAt: bookingRequests.createdAt,
      answeredAt: bookingRequests.answeredAt,
      declineMessage: bookingRequests.declineMessage,
    })
    .from(bookingRequests)
    .innerJoin(cabins, eq(cabins.id, bookingRequests.cabinId))
    // A paid request is its reservation now, listed with the others.
    .where(and(eq(bookingRequests.clientId, clientId), ne(bookingRequests.status, 'paid')))
    .orderBy(desc(bookingRequests.checkIn), desc(bookingRequests.createdAt))
  return rows.map(({ population, state, images, createdAt, answeredAt, status, ...row }) => {
    const { answerBy, payBy } = requestDeadlines({ createdAt, answeredAt })
    // Past its deadline it is expired, even before the request clock has written it.
    const late = (status === 'pending' && answerBy <= now) || (status === 'accepted' && payBy && payBy <= now)
    return {
      ...row,
      status: late ? 'expired' : (status as Exclude<typeof status, 'paid'>),
      location: `${population}, ${state}`,
      image: images[0]?.preview ?? null,
      createdAt: createdAt.toISOString(),
      answerBy: answerBy.toISOString(),
      payBy: payBy?.toISOString() ?? null,
    }
  })
}
