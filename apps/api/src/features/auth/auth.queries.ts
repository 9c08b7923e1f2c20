import type { Client, Preferences, Role } from '@cabanas/domain/auth'
import { and, eq, gt, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { retryOnDeadlock } from '../../db/errors.ts'
import { clients, passwordResets, rateLimitEvents, revokedTokens } from '../../db/schema.ts'
import { joinBookingsToClient } from '../reservations/ownership.queries.ts'
import { retireOtherLinks, retirePendingChanges } from './email-verification.queries.ts'
import { ADDRESS_FAILURES, type LoginFailureKeys, type LoginFailures } from './login-throttle.ts'

type ClientRow = typeof clients.$inferSelect

/** The client as answers carry it; `roles` from `findClientRoles` (plugins/auth.ts) or the request. */
export function toClient(row: ClientRow, roles: readonly Role[]): Client {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    lastLogin: row.lastLogin ? row.lastLogin.toISOString() : null,
    registrationMethod: row.registrationMethod,
    isEmailVerified: row.isEmailVerified,
    oauthProviders: { google: row.oauthGoogle, facebook: row.oauthFacebook },
    preferences: {
      notifications: { email: row.notifyEmail, sms: row.notifySms },
      newsletter: row.newsletter,
    },
    roles: [...roles],
  }
}

/** Inserts a client; null when the email is taken (the unique index on lower(email) decides). */
export async function insertClient(
  db: Database,
  values: Pick<ClientRow, 'firstName' | 'lastName' | 'email' | 'phone' | 'passwordHash'>,
): Promise<ClientRow | null> {
  const rows = await db
    .insert(clients)
    .values({ ...values, email: values.email.toLowerCase(), lastLogin: sql`now()` })
    .onConflictDoNothing()
    .returning()
  return rows[0] ?? null
}

export async function findClientByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(clients)
    .where(eq(sql`lower(${clients.email})`, email.toLowerCase()))
    .limit(1)
  return row ?? null
}

export async function findClientById(db: Database, id: string) {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1)
  return row ?? null
}

/**
 * Stamps a login, only if the password (and so the session epoch) is still the one that was just
 * verified: a reset or change that committed meanwhile wins, and the login gets nothing (null).
 */
export async function recordLogin(db: Database, id: string, verifiedEpoch: number) {
  const [row] = await db
    .update(clients)
    .set({ lastLogin: sql`now()` })
    .where(and(eq(clients.id, id), eq(clients.sessionEpoch, verifiedEpoch)))
    .returning()
  return row ?? null
}

export async function updateClientProfile(
  db: Database,
  id: string,
  profile: { firstName: string; lastName: string; phone: string | null },
) {
  const [row] = await db
    .update(clients)
    .set({ ...profile, updatedAt: sql`now()` })
    .where(eq(clients.id, id))
    .returning()
  return row ?? null
}

export async function updateClientPreferences(db: Database, id: string, preferences: Preferences) {
  const [row] = await db
    .update(clients)
    .set({
      notifyEmail: preferences.notifications.email,
      notifySms: preferences.notifications.sms,
      newsletter: preferences.newsletter,
      updatedAt: sql`now()`,
    })
    .where(eq(clients.id, id))
    .returning()
  return row ?? null
}

/**
 * Sets a new password and ends every session, every reset link and any pending change of address of
 * the client: the session epoch goes up (tokens of older epochs are void) and unused reset and change
 * links are marked used. Returns the new
 * epoch, or null when the client does not exist.
 */
export async function replacePassword(
  db: Database,
  {
    clientId,
    passwordHash,
    expectedEpoch,
  }: {
    clientId: string
    passwordHash: string
    /** A change from the profile: only if no reset or other change committed since the check. */
    expectedEpoch?: number
  },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(clients)
      .set({ passwordHash, sessionEpoch: sql`${clients.sessionEpoch} + 1`, updatedAt: sql`now()` })
      .where(
        expectedEpoch === undefined
          ? eq(clients.id, clientId)
          : and(eq(clients.id, clientId), eq(clients.sessionEpoch, expectedEpoch)),
      )
      .returning({ epoch: clients.sessionEpoch })
    if (!row) return null
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.clientId, clientId), isNull(passwordResets.usedAt)))
    // A pending 'Cambiar correo' ends too (its notice tells the owner to change the password).
    await retirePendingChanges(tx, clientId)
    return row.epoch
  })
}

export async function revokeToken(db: Database, jti: string, expiresAt: Date, now: Date) {
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing()
  // Housekeeping: revocations of tokens that have expired anyway (by the app's clock) are useless.
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date(now.getTime() - 86_400_000)))
}

/**
 * Records a login attempt as a failure on its three keys before the password is checked, so that
 * concurrent guesses count against each other; a success or a refusal forgets it again.
 */
export async function recordLoginAttempt(db: Database, keys: LoginFailureKeys): Promise<number[]> {
  const rows = await db
    .insert(rateLimitEvents)
    .values([{ key: keys.address }, { key: keys.account }, { key: keys.pair }])
    .returning({ id: rateLimitEvents.id })
  return rows.map((row) => row.id)
}

export async function forgetLoginAttempt(db: Database, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids))
}

/** The failures in the window on the three keys of a login, leaving out the attempt's own events. */
export async function readLoginFailures(
  db: Database,
  keys: LoginFailureKeys,
  { ownIds, windowSeconds }: { ownIds: number[]; windowSeconds: number },
): Promise<LoginFailures> {
  const since = sql`now() - make_interval(secs => ${windowSeconds})`
  const others = and(
    gt(rateLimitEvents.createdAt, since),
    ownIds.length > 0 ? notInArray(rateLimitEvents.id, ownIds) : undefined,
  )
  const is = (key: string) => sql`${rateLimitEvents.key} = ${key}`
  // When the address's ADDRESS_FAILURES-th newest failure leaves the window, it may try again.
  const addressFreeAt = db
    .select({ at: sql`${rateLimitEvents.createdAt} + make_interval(secs => ${windowSeconds})` })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, keys.address), others))
    .orderBy(sql`${rateLimitEvents.createdAt} desc`)
    .offset(ADDRESS_FAILURES - 1)
    .limit(1)
  const [row] = await db
    .select({
      addressFailures: sql<number>`count(*) filter (where ${is(keys.address)})::int`,
      accountFailures: sql<number>`count(*) filter (where ${is(keys.account)})::int`,
      pairFailures: sql<number>`count(*) filter (where ${is(keys.pair)})::int`,
      secondsSinceAccountFailure: sql<
        number | null
      >`extract(epoch from now() - max(${rateLimitEvents.createdAt}) filter (where ${is(keys.account)}))::float8`,
      addressFreeInSeconds: sql<number | null>`ceil(extract(epoch from (${addressFreeAt}) - now()))::int`,
    })
    .from(rateLimitEvents)
    .where(and(inArray(rateLimitEvents.key, [keys.address, keys.account, keys.pair]), others))
  return {
    addressFailures: row?.addressFailures ?? 0,
    accountFailures: row?.accountFailures ?? 0,
    pairFailures: row?.pairFailures ?? 0,
    secondsSinceAccountFailure:
      row?.secondsSinceAccountFailure == null ? null : Number(row.secondsSinceAccountFailure),
    addressFreeInSeconds: row?.addressFreeInSeconds ?? 0,
  }
}

export const RESET_MINUTES = 30

export async function insertPasswordReset(db: Database, clientId: string, tokenHash: string) {
  await db.insert(passwordResets).values({
    clientId,
    tokenHash,
    expiresAt: sql`now() + make_interval(mins => ${RESET_MINUTES})`,
  })
}

/** Is this reset link unused and unexpired? (Using it is `consumePasswordReset`'s decision.) */
export async function isPasswordResetUsable(db: Database, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ clientId: passwordResets.clientId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
  return rows.length > 0
}

/** Marks a valid, unused, unexpired reset as used and returns its client; null otherwise. */
async function consumePasswordReset(db: Database, tokenHash: string): Promise<string | null> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ clientId: passwordResets.clientId })
  return rows[0]?.clientId ?? null
}

/**
 * Uses a reset link: one transaction marks it used, sets the password and ends every session, every
 * other reset link and every pending 'Confirma tu correo' or change link of its client. The link was
 * mailed to the client's current address (a change of address retires reset links), and the mailbox
 * owner now holds the only password: the address is verified and, only then, the bookings made with
 * it join the account (docs/decisions.md, "Pre-hijacking"). Returns the client, or null when the link
 * is not valid.
 */
export async function resetPasswordWithLink(
  db: Database,
  { tokenHash, passwordHash }: { tokenHash: string; passwordHash: string },
): Promise<string | null> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const clientId = await consumePasswordReset(tx, tokenHash)
      if (!clientId) return null
      await replacePassword(tx, { clientId, passwordHash })
      const [client] = await tx
        .update(clients)
        .set({ isEmailVerified: true })
        .where(eq(clients.id, clientId))
        .returning({ email: clients.email })
      await retireOtherLinks(tx, clientId)
      if (client) await joinBookingsToClient(tx, { clientId, email: client.email })
      return clientId
    }),
  )
}
