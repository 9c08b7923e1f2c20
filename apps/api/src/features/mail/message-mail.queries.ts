import { requireValue } from '@cabanas/domain/shared'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  bookingRequests,
  cabins,
  clients,
  hostProfiles,
  reservations,
  threadMessages,
} from '../../db/schema.ts'
import type { MessageMailView } from './templates-messages.ts'

/**
 * A message and who its mail goes to (the other side's account), read when the mail is sent; null
 * when there is nothing to say: the message is gone, already read on the site, or the recipient has
 * no account (a host whose profile is gone).
 */
export async function findMessageForMail(
  db: Database,
  messageId: string,
): Promise<{ email: string; view: MessageMailView } | null> {
  const [message] = await db
    .select({
      reservationId: threadMessages.reservationId,
      bookingRequestId: threadMessages.bookingRequestId,
      senderRole: threadMessages.senderRole,
      body: threadMessages.body,
      readAt: threadMessages.readAt,
    })
    .from(threadMessages)
    .where(eq(threadMessages.id, messageId))
  if (!message || message.readAt) return null
  const thread = message.reservationId
    ? await reservationThread(db, message.reservationId)
    : await requestThread(db, requireValue(message.bookingRequestId, 'the thread of a message'))
  if (!thread?.guestId || !thread.hostId || !thread.hostName) return null
  const to = message.senderRole === 'guest' ? 'host' : 'guest'
  const recipient = await db
    .select({ email: clients.email, firstName: clients.firstName })
    .from(clients)
    .where(eq(clients.id, to === 'host' ? thread.hostId : thread.guestId))
  const account = recipient[0]
  if (!account) return null
  return {
    email: account.email,
    view: {
      thread: message.reservationId ? 'reservation' : 'request',
      threadId: requireValue(message.reservationId ?? message.bookingRequestId, 'the thread of a message'),
      to,
      recipientFirstName: account.firstName,
      senderName: to === 'host' ? thread.guestFirstName : thread.hostName,
      cabinName: thread.cabinName,
      checkIn: thread.checkIn,
      checkOut: thread.checkOut,
      body: message.body,
    },
  }
}

async function reservationThread(db: Database, id: string) {
  const [row] = await db
    .select({
      guestId: reservations.clientId,
      guestFirstName: reservations.guestFirstName,
      hostId: cabins.hostId,
      hostName: hostProfiles.displayName,
      cabinName: cabins.name,
      checkIn: reservations.checkIn,
      checkOut: reservations.checkOut,
    })
    .from(reservations)
    .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
    .leftJoin(hostProfiles, eq(hostProfiles.clientId, cabins.hostId))
    .where(eq(reservations.id, id))
  return row ?? null
}

async function requestThread(db: Database, id: string) {
  const [row] = await db
    .select({
      guestId: bookingRequests.clientId,
      fullName: bookingRequests.fullName,
      hostId: cabins.hostId,
      hostName: hostProfiles.displayName,
      cabinName: cabins.name,
      checkIn: bookingRequests.checkIn,
      checkOut: bookingRequests.checkOut,
    })
    .from(bookingRequests)
    .innerJoin(cabins, eq(cabins.id, bookingRequests.cabinId))
    .leftJoin(hostProfiles, eq(hostProfiles.clientId, cabins.hostId))
    .where(eq(bookingRequests.id, id))
  if (!row) return null
  const { fullName, ...rest } = row
  return { ...rest, guestFirstName: fullName.trim().split(/\s+/)[0] ?? fullName }
}
