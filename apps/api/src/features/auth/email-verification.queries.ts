import { createHash, randomBytes } from 'node:crypto'
import { EMAIL_VERIFICATION_DAYS, type JoinedBookings } from '@cabanas/domain/auth'
import { and, eq, gt, isNull, ne, sql, TransactionRollbackError } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { retryOnDeadlock } from '../../db/errors.ts'
import { clients, emailVerifications } from '../../db/schema.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import { joinBookingsToClient } from '../reservations/ownership.queries.ts'

export const hashVerificationToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A new 'Confirma tu correo' link for the client's current address: stored hashed, valid
 * EMAIL_VERIFICATION_DAYS, mailed through the outbox. Pass the transaction of the event that asks
 * for it (the registration, a resend), so that the link and its mail exist together.
 */
export async function sendVerificationLink(db: Database, client: { id: string; email: string }) {
  const token = randomBytes(32).toString('base64url')
  await db.insert(emailVerifications).values({
    tokenHash: hashVerificationToken(token),
    clientId: client.id,
    email: client.email.toLowerCase(),
    expiresAt: sql`now() + make_interval(days => ${EMAIL_VERIFICATION_DAYS})`,
  })
  await enqueueMail(db, { template: 'verify-email', clientId: client.id, token })
}

type ClientRow = typeof clients.$inferSelect

/**
 * Uses a link: in one transaction it is marked used (only if unused, unexpired and still for the
 * client's current address), the client is verified, the client's other unused links are retired,
 * and every reservation and request to book made with the address and no account joins the client.
 * Null when the link is not valid.
 */
export async function verifyEmailWithLink(
  db: Database,
  tokenHash: string,
): Promise<{ client: ClientRow; joined: JoinedBookings } | null> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const [link] = await tx
        .update(emailVerifications)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailVerifications.tokenHash, tokenHash),
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, sql`now()`),
          ),
        )
        .returning({ clientId: emailVerifications.clientId, email: emailVerifications.email })
      if (!link) return null
      // The client's row first: a booking inserted at this moment locks it (findVerifiedClientIdByEmail).
      const [client] = await tx
        .update(clients)
        .set({ isEmailVerified: true, updatedAt: sql`now()` })
        .where(and(eq(clients.id, link.clientId), eq(sql`lower(${clients.email})`, link.email)))
        .returning()
      if (!client) {
        // The address changed since the link was sent: it proves nothing about the current one.
        tx.rollback()
        return null
      }
      await tx
        .update(emailVerifications)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailVerifications.clientId, client.id),
            isNull(emailVerifications.usedAt),
            ne(emailVerifications.tokenHash, tokenHash),
          ),
        )
      const joined = await joinBookingsToClient(tx, { clientId: client.id, email: link.email })
      return { client, joined }
    }),
  ).catch((error: unknown) => {
    if (error instanceof TransactionRollbackError) return null
    throw error
  })
}
