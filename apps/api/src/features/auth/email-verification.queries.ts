import { createHash, randomBytes } from 'node:crypto'
import { EMAIL_VERIFICATION_DAYS, type JoinedBookings } from '@cabanas/domain/auth'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { retryOnDeadlock, SQLSTATE, sqlStateOf } from '../../db/errors.ts'
import { clients, emailVerifications, passwordResets } from '../../db/schema.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import { joinBookingsToClient } from '../reservations/ownership.queries.ts'

export const hashVerificationToken = (token: string) => createHash('sha256').update(token).digest('hex')

const newLinkToken = () => randomBytes(32).toString('base64url')

export type LinkKind = 'address' | 'change'

async function insertLink(
  db: Database,
  { clientId, email, purpose }: { clientId: string; email: string; purpose: LinkKind },
) {
  const token = newLinkToken()
  await db.insert(emailVerifications).values({
    tokenHash: hashVerificationToken(token),
    clientId,
    email: email.toLowerCase(),
    purpose,
    expiresAt: sql`now() + make_interval(days => ${EMAIL_VERIFICATION_DAYS})`,
  })
  return token
}

/**
 * A new 'Confirma tu correo' link for the client's current address: stored hashed, valid
 * EMAIL_VERIFICATION_DAYS, mailed through the outbox. Pass the transaction of the event that asks
 * for it (the registration, a resend), so that the link and its mail exist together.
 */
export async function sendVerificationLink(db: Database, client: { id: string; email: string }) {
  const token = await insertLink(db, { clientId: client.id, email: client.email, purpose: 'address' })
  await enqueueMail(db, { template: 'verify-email', clientId: client.id, token })
}

/**
 * 'Cambiar correo': a link to the new address (the change waits for it) and a notice to the current
 * one, in one transaction; an earlier change that was never confirmed is retired.
 */
export async function requestEmailChange(
  db: Database,
  { clientId, newEmail }: { clientId: string; newEmail: string },
) {
  await db.transaction(async (tx) => {
    await retirePendingChanges(tx, clientId)
    const token = await insertLink(tx, { clientId, email: newEmail, purpose: 'change' })
    await enqueueMail(tx, { template: 'verify-new-email', clientId, email: newEmail.toLowerCase(), token })
    await enqueueMail(tx, { template: 'email-change-requested', clientId, newEmail: newEmail.toLowerCase() })
  })
}

/** Unused 'Cambiar correo' links of the client: changes never confirmed. */
export async function retirePendingChanges(db: Database, clientId: string) {
  await db
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerifications.clientId, clientId),
        isNull(emailVerifications.usedAt),
        eq(emailVerifications.purpose, 'change'),
      ),
    )
}

/** A usable link (unused, unexpired) and what it is for; nothing is used. Null when not usable. */
export async function findUsableLink(
  db: Database,
  tokenHash: string,
): Promise<{ clientId: string; email: string; kind: LinkKind; accountCreatedAt: Date } | null> {
  const [row] = await db
    .select({
      clientId: emailVerifications.clientId,
      email: emailVerifications.email,
      purpose: emailVerifications.purpose,
      accountEmail: clients.email,
      accountCreatedAt: clients.createdAt,
    })
    .from(emailVerifications)
    .innerJoin(clients, eq(clients.id, emailVerifications.clientId))
    .where(
      and(
        eq(emailVerifications.tokenHash, tokenHash),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
  // An address link proves only the address it was sent to, while the client still has it.
  if (!row || (row.purpose === 'address' && row.accountEmail.toLowerCase() !== row.email)) return null
  return {
    clientId: row.clientId,
    email: row.email,
    kind: row.purpose,
    accountCreatedAt: row.accountCreatedAt,
  }
}

type ClientRow = typeof clients.$inferSelect

/**
 * Who uses the link, beside holding it (the mailbox):
 * - `session`: the account's own session (its password was proved to sign in), at this epoch;
 * - `new-password`: "No fui yo": the mailbox owner replaces the password (address links only).
 */
export type LinkProof =
  | { kind: 'session'; clientId: string; epoch: number }
  | { kind: 'new-password'; passwordHash: string }

export type LinkOutcome =
  | { ok: true; client: ClientRow; joined: JoinedBookings; kind: LinkKind }
  | { ok: false; reason: 'invalid' | 'not-owner' | 'email-taken' }

/**
 * Uses a link, in one transaction, only when `proof` shows that the mailbox owner also owns the
 * account (docs/decisions.md, "Pre-hijacking"): the link is marked used; the client takes the link's
 * address (a change) and is verified; its session epoch goes up, so every session that existed
 * before ends (the caller signs a new one for this browser); every other unused link and reset link
 * is retired (pending changes end); only then every reservation and request made with the address
 * and no account joins the client. The address is never verified for a password the clicker did not
 * prove or choose.
 */
export async function useVerificationLink(
  db: Database,
  tokenHash: string,
  proof: LinkProof,
): Promise<LinkOutcome> {
  class Refused extends Error {
    constructor(readonly reason: 'invalid' | 'not-owner') {
      super(reason)
    }
  }
  try {
    return await retryOnDeadlock(() =>
      db.transaction(async (tx): Promise<LinkOutcome> => {
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
          .returning({
            clientId: emailVerifications.clientId,
            email: emailVerifications.email,
            kind: emailVerifications.purpose,
          })
        if (!link) throw new Refused('invalid')
        // The client's row first: a booking inserted at this moment locks it (findVerifiedClientIdByEmail).
        const [current] = await tx
          .select({ email: clients.email, sessionEpoch: clients.sessionEpoch })
          .from(clients)
          .where(eq(clients.id, link.clientId))
          .for('update')
        const { kind } = link
        // An address link proves only the address it was sent to, while the client still has it.
        if (!current || (kind === 'address' && current.email.toLowerCase() !== link.email)) {
          throw new Refused('invalid')
        }
        if (proof.kind === 'session') {
          if (proof.clientId !== link.clientId || proof.epoch !== current.sessionEpoch) {
            throw new Refused('not-owner')
          }
        } else if (kind === 'change') {
          // Only the account's owner, signed in, moves it to another address.
          throw new Refused('not-owner')
        }
        const [client] = await tx
          .update(clients)
          .set({
            email: link.email,
            isEmailVerified: true,
            sessionEpoch: sql`${clients.sessionEpoch} + 1`,
            updatedAt: sql`now()`,
            // "No fui yo": what the stranger set that could reach them (a phone for SMS) is dropped.
            ...(proof.kind === 'new-password'
              ? { passwordHash: proof.passwordHash, phone: null, notifySms: false, newsletter: false }
              : {}),
          })
          .where(eq(clients.id, link.clientId))
          .returning()
        if (!client) throw new Refused('invalid')
        await retireOtherLinks(tx, client.id)
        const joined = await joinBookingsToClient(tx, { clientId: client.id, email: link.email })
        return { ok: true, client, joined, kind }
      }),
    )
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason }
    if (sqlStateOf(error) === SQLSTATE.uniqueViolation) return { ok: false, reason: 'email-taken' }
    throw error
  }
}

/** Every unused 'Confirma tu correo' link (pending changes too) and reset link of the client. */
export async function retireOtherLinks(db: Database, clientId: string) {
  await db
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerifications.clientId, clientId), isNull(emailVerifications.usedAt)))
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.clientId, clientId), isNull(passwordResets.usedAt)))
}
