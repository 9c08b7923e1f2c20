import type { Message, MessageSide, ThreadKind, ThreadSummary } from '@cabanas/domain/messages'
import { requireValue } from '@cabanas/domain/shared'
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  bookingRequests,
  cabins,
  hostProfiles,
  type PaymentStatus,
  type ReservationStatus,
  reservations,
  threadMessages,
} from '../../db/schema.ts'

/** A thread as its reader opens it: a request to book or a reservation, by its id. */
export type ThreadRef = { kind: ThreadKind; id: string }

/**
 * What a thread's header shows and what decides who may read it: the cabin, the stay, its guest and
 * host (the host's profile may be missing: a cabin of the seeded catalogue has none).
 */
export type ThreadHead = ThreadRef & {
  cabinName: string
  checkIn: string
  checkOut: string
  /** A reservation's states; a request has neither and is never a confirmed stay. */
  status: ReservationStatus | null
  paymentStatus: PaymentStatus | null
  guestId: string
  guestFirstName: string
  guestFullName: string
  guestPhone: string
  hostId: string | null
  hostName: string | null
  hostPhone: string | null
}

const host = {
  hostId: cabins.hostId,
  hostName: hostProfiles.displayName,
  hostPhone: hostProfiles.phone,
}

/**
 * The thread `ref` read by `clientId` as `as`: the guest must be the request's or reservation's
 * account, the host the cabin's. Ownership is part of the query: anyone else gets null.
 */
export async function findThreadHead(
  db: Database,
  { ref, as, clientId }: { ref: ThreadRef; as: MessageSide; clientId: string },
): Promise<ThreadHead | null> {
  if (ref.kind === 'reservation') {
    const owner = as === 'guest' ? eq(reservations.clientId, clientId) : eq(cabins.hostId, clientId)
    const [row] = await db
      .select({
        cabinName: cabins.name,
        checkIn: reservations.checkIn,
        checkOut: reservations.checkOut,
        status: reservations.status,
        paymentStatus: reservations.paymentStatus,
        guestId: reservations.clientId,
        guestFirstName: reservations.guestFirstName,
        guestLastName: reservations.guestLastName,
        guestPhone: reservations.guestPhone,
        ...host,
      })
      .from(reservations)
      .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
      .leftJoin(hostProfiles, eq(hostProfiles.clientId, cabins.hostId))
      .where(and(eq(reservations.id, ref.id), owner))
    if (!row?.guestId) return null
    const { guestLastName, guestId, ...rest } = row
    return { ...ref, ...rest, guestId, guestFullName: `${rest.guestFirstName} ${guestLastName}` }
  }
  const owner = as === 'guest' ? eq(bookingRequests.clientId, clientId) : eq(cabins.hostId, clientId)
  const [row] = await db
    .select({
      cabinName: cabins.name,
      checkIn: bookingRequests.checkIn,
      checkOut: bookingRequests.checkOut,
      guestId: bookingRequests.clientId,
      fullName: bookingRequests.fullName,
      guestPhone: bookingRequests.phone,
      ...host,
    })
    .from(bookingRequests)
    .innerJoin(cabins, eq(cabins.id, bookingRequests.cabinId))
    .leftJoin(hostProfiles, eq(hostProfiles.clientId, cabins.hostId))
    .where(and(eq(bookingRequests.id, ref.id), owner))
  if (!row?.guestId) return null
  const { fullName, guestId, ...rest } = row
  return {
    ...ref,
    ...rest,
    guestId,
    status: null,
    paymentStatus: null,
    guestFirstName: fullName.trim().split(/\s+/)[0] ?? fullName,
    guestFullName: fullName,
  }
}

/** The messages of a thread: the column that names it. */
export function threadOf(ref: ThreadRef): SQL {
  return ref.kind === 'reservation'
    ? eq(threadMessages.reservationId, ref.id)
    : eq(threadMessages.bookingRequestId, ref.id)
}

const otherSide = (side: MessageSide): MessageSide => (side === 'guest' ? 'host' : 'guest')

/** At most this many messages are shown in a thread: the latest. */
const THREAD_PAGE = 300

/** Marks read what the other side wrote in the thread, then reads its latest messages, oldest first. */
export async function readThreadMessages(
  db: Database,
  { ref, as }: { ref: ThreadRef; as: MessageSide },
): Promise<Message[]> {
  await db
    .update(threadMessages)
    .set({ readAt: sql`now()` })
    .where(and(threadOf(ref), eq(threadMessages.senderRole, otherSide(as)), isNull(threadMessages.readAt)))
  const rows = await db
    .select({
      id: threadMessages.id,
      from: threadMessages.senderRole,
      body: threadMessages.body,
      createdAt: threadMessages.createdAt,
      readAt: threadMessages.readAt,
    })
    .from(threadMessages)
    .where(threadOf(ref))
    .orderBy(desc(threadMessages.createdAt), desc(threadMessages.id))
    .limit(THREAD_PAGE)
  return rows.reverse().map(toMessage)
}

type MessageRow = { id: string; from: MessageSide; body: string; createdAt: Date; readAt: Date | null }

export const toMessage = ({ readAt, createdAt, ...row }: MessageRow): Message => ({
  ...row,
  createdAt: createdAt.toISOString(),
  read: readAt !== null,
})

/** While a mail about an unread message went out this recently, later ones in the thread ride on it. */
export const MAIL_COALESCE_MINUTES = 10

/**
 * Stores a message and says whether its recipient gets a mail about it: not when a mail about an
 * earlier message of the same sender in this thread, still unread, went out in the last
 * MAIL_COALESCE_MINUTES. The thread is locked for the check and the insert, so two messages sent at
 * once do not both mail. Run it in a transaction (it queues the mail in the same one).
 */
export async function insertMessage(
  tx: Database,
  { ref, as, senderId, body }: { ref: ThreadRef; as: MessageSide; senderId: string; body: string },
): Promise<{ message: Message; mail: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`messages:${ref.id}`}::text, 0))`)
  const [recent] = await tx
    .select({ id: threadMessages.id })
    .from(threadMessages)
    .where(
      and(
        threadOf(ref),
        eq(threadMessages.senderRole, as),
        isNull(threadMessages.readAt),
        sql`${threadMessages.mailedAt} > now() - make_interval(mins => ${MAIL_COALESCE_MINUTES})`,
      ),
    )
    .limit(1)
  const mail = !recent
  const [row] = await tx
    .insert(threadMessages)
    .values({
      bookingRequestId: ref.kind === 'request' ? ref.id : null,
      reservationId: ref.kind === 'reservation' ? ref.id : null,
      senderRole: as,
      senderId,
      body,
      mailedAt: mail ? sql`now()` : null,
    })
    .returning({
      id: threadMessages.id,
      from: threadMessages.senderRole,
      body: threadMessages.body,
      createdAt: threadMessages.createdAt,
      readAt: threadMessages.readAt,
    })
  return { message: toMessage(requireValue(row, 'the inserted message')), mail }
}

/** How many threads a list shows at most (the most recently active). */
const THREAD_LIST_LIMIT = 100

/**
 * The threads of `clientId` as `as` that have a message: their last message and how many of the other
 * side's they have not read, most recent first. A guest's are their reservations and requests
 * (reservations_client_idx, booking_requests_client_idx), a host's those of their cabins
 * (cabins_host_idx); each thread's messages come by messages_*_idx.
 */
export async function listThreads(
  db: Database,
  { as, clientId }: { as: MessageSide; clientId: string },
): Promise<ThreadSummary[]> {
  const [ofReservations, ofRequests] = await Promise.all([
    listThreadsOf(db, 'reservation', { as, clientId }),
    listThreadsOf(db, 'request', { as, clientId }),
  ])
  return [...ofReservations, ...ofRequests]
    .sort((a, b) => (a.lastMessage.createdAt < b.lastMessage.createdAt ? 1 : -1))
    .slice(0, THREAD_LIST_LIMIT)
}

async function listThreadsOf(
  db: Database,
  kind: ThreadKind,
  { as, clientId }: { as: MessageSide; clientId: string },
): Promise<ThreadSummary[]> {
  const table = kind === 'reservation' ? reservations : bookingRequests
  const column = kind === 'reservation' ? threadMessages.reservationId : threadMessages.bookingRequestId
  const last = db
    .select({
      from: threadMessages.senderRole,
      body: threadMessages.body,
      createdAt: threadMessages.createdAt,
    })
    .from(threadMessages)
    .where(eq(column, table.id))
    .orderBy(desc(threadMessages.createdAt), desc(threadMessages.id))
    .limit(1)
    .as('last')
  const unread = sql<number>`(select count(*)::int from ${threadMessages} where ${column} = ${table.id} and ${threadMessages.senderRole} <> ${as} and ${threadMessages.readAt} is null)`
  const guestName =
    kind === 'reservation'
      ? reservations.guestFirstName
      : sql<string>`split_part(${bookingRequests.fullName}, ' ', 1)`
  const owner = as === 'guest' ? eq(table.clientId, clientId) : eq(cabins.hostId, clientId)
  const rows = await db
    .select({
      id: table.id,
      cabinName: cabins.name,
      checkIn: table.checkIn,
      checkOut: table.checkOut,
      hostName: hostProfiles.displayName,
      guestName,
      lastFrom: last.from,
      lastBody: last.body,
      lastAt: last.createdAt,
      unread,
    })
    .from(table)
    .innerJoin(cabins, eq(cabins.id, table.cabinId))
    .leftJoin(hostProfiles, eq(hostProfiles.clientId, cabins.hostId))
    .innerJoinLateral(last, sql`true`)
    .where(owner)
    .orderBy(desc(last.createdAt))
    .limit(THREAD_LIST_LIMIT)
  return rows.map((row) => ({
    kind,
    id: row.id,
    as,
    cabinName: row.cabinName,
    counterpartName: as === 'guest' ? (row.hostName ?? row.cabinName) : row.guestName,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    lastMessage: { from: row.lastFrom, body: row.lastBody, createdAt: row.lastAt.toISOString() },
    unread: row.unread,
  }))
}
