import { randomBytes } from 'node:crypto'
import type { Client, Preferences } from '@cabanas/domain/auth'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { appSecrets, clients, passwordResets, revokedTokens } from '../../db/schema.ts'
import { countRecentEvents, recordEvents } from '../../plugins/rate-limits.ts'

type ClientRow = typeof clients.$inferSelect

export function toClient(row: ClientRow): Client {
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

export async function recordLogin(db: Database, id: string) {
  const [row] = await db.update(clients).set({ lastLogin: sql`now()` }).where(eq(clients.id, id)).returning()
  return row!
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

export async function updateClientPassword(db: Database, id: string, passwordHash: string) {
  await db.update(clients).set({ passwordHash, updatedAt: sql`now()` }).where(eq(clients.id, id))
}

export async function revokeToken(db: Database, jti: string, expiresAt: Date, now: Date) {
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing()
  // Housekeeping: revocations of tokens that have expired anyway (by the app's clock) are useless.
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date(now.getTime() - 86_400_000)))
}

export async function isTokenRevoked(db: Database, jti: string) {
  const rows = await db
    .select({ jti: revokedTokens.jti })
    .from(revokedTokens)
    .where(eq(revokedTokens.jti, jti))
  return rows.length > 0
}

export const LOGIN_WINDOW_MINUTES = 15

/** Counts one attempt for each key in the last 15 minutes; returns the highest count. */
export async function countLoginAttempt(db: Database, keys: string[]): Promise<number> {
  await recordEvents(db, keys)
  let highest = 0
  for (const key of keys)
    highest = Math.max(highest, await countRecentEvents(db, key, LOGIN_WINDOW_MINUTES * 60))
  return highest
}

/** The signing key shared by every process: JWT_SECRET, or one generated once and kept in the database. */
export async function loadSharedSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name))
  return row!.value
}

export const RESET_MINUTES = 30

export async function insertPasswordReset(db: Database, clientId: string, tokenHash: string) {
  await db.insert(passwordResets).values({
    clientId,
    tokenHash,
    expiresAt: sql`now() + make_interval(mins => ${RESET_MINUTES})`,
  })
}

/** Marks a valid, unused, unexpired reset as used and returns its client; null otherwise. */
export async function consumePasswordReset(db: Database, tokenHash: string): Promise<string | null> {
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
