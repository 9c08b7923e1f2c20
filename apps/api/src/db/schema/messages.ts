import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { clients } from './auth.ts'
import { bookingRequests, reservations } from './reservations.ts'

/* Messages between guests and hosts. */

export const MESSAGE_SENDER_ROLES = ['guest', 'host'] as const
export type MessageSenderRole = (typeof MESSAGE_SENDER_ROLES)[number]

/**
 * Messages between a guest and a host (issue 22). A thread is a request to book or a reservation,
 * exactly one (`messages_thread_check`); its guest is the row's client, its host the cabin's. The body
 * is plain text as sent, with contact data already hidden when the stay was not confirmed. Each
 * message has one recipient (the other side), so one `read_at` is the read state of both sides.
 */
export const threadMessages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingRequestId: uuid('booking_request_id').references(() => bookingRequests.id, {
      onDelete: 'cascade',
    }),
    reservationId: uuid('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    senderRole: text('sender_role').$type<MessageSenderRole>().notNull(),
    senderId: uuid('sender_id').references(() => clients.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the recipient (the other side) read it; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When its mail to the recipient was queued; null when it rode on an earlier unread one's mail. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    /** A thread's messages in order (and its unread ones, its last one). */
    index('messages_request_idx')
      .on(table.bookingRequestId, table.createdAt)
      .where(sql`${table.bookingRequestId} IS NOT NULL`),
    index('messages_reservation_idx')
      .on(table.reservationId, table.createdAt)
      .where(sql`${table.reservationId} IS NOT NULL`),
    /** Deleting an account sets its messages' sender to null (the foreign key's lookup). */
    index('messages_sender_idx').on(table.senderId),
    check('messages_thread_check', sql`num_nonnulls(${table.bookingRequestId}, ${table.reservationId}) = 1`),
    check('messages_sender_role_check', sql`${table.senderRole} IN ('guest', 'host')`),
    check('messages_body_check', sql`char_length(${table.body}) BETWEEN 1 AND 2000`),
  ],
)
