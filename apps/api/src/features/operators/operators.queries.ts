import { CLABE_BANKS, type OperatorHost } from '@cabanas/domain/hosts'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  cabins,
  clients,
  hostProfiles,
  type OperatorGrantSource,
  operators,
  reservations,
} from '../../db/schema.ts'

/** The outcome of a grant or a revocation by e-mail, for the command to explain. */
export type OperatorChange =
  | { outcome: 'granted' | 'revoked' | 'unchanged'; clientId: string }
  | { outcome: 'no-account' | 'unverified' }

async function findClientByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: clients.id, isEmailVerified: clients.isEmailVerified })
    .from(clients)
    .where(eq(sql`lower(${clients.email})`, email.trim().toLowerCase()))
    .limit(1)
  return row ?? null
}

/**
 * Makes the account of `email` an operator. Only an account whose address is confirmed: whoever
 * registered an address before its owner did (pre-hijacking) cannot be the one who gets the role.
 */
export async function grantOperator(
  db: Database,
  email: string,
  grantedBy: OperatorGrantSource,
): Promise<OperatorChange> {
  const client = await findClientByEmail(db, email)
  if (!client) return { outcome: 'no-account' }
  if (!client.isEmailVerified) return { outcome: 'unverified' }
  const rows = await db
    .insert(operators)
    .values({ clientId: client.id, grantedBy })
    .onConflictDoNothing()
    .returning({ clientId: operators.clientId })
  return { outcome: rows.length > 0 ? 'granted' : 'unchanged', clientId: client.id }
}

/** Takes the operator role from the account of `email`; its next request no longer has it. */
export async function revokeOperator(db: Database, email: string): Promise<OperatorChange> {
  const client = await findClientByEmail(db, email)
  if (!client) return { outcome: 'no-account' }
  const rows = await db
    .delete(operators)
    .where(eq(operators.clientId, client.id))
    .returning({ clientId: operators.clientId })
  return { outcome: rows.length > 0 ? 'revoked' : 'unchanged', clientId: client.id }
}

/** Every operator's e-mail, oldest grant first (`npm run operator -- list`). */
export async function listOperatorEmails(db: Database) {
  return db
    .select({ email: clients.email, grantedBy: operators.grantedBy, grantedAt: operators.grantedAt })
    .from(operators)
    .innerJoin(clients, eq(clients.id, operators.clientId))
    .orderBy(asc(operators.grantedAt))
}

/**
 * OPERATOR_EMAILS at start-up: each listed account with a confirmed address becomes an operator (an
 * insert that does nothing for one already there, so every process may run it). Returns how many
 * were granted now and how many listed addresses have no confirmed account yet.
 */
export async function grantConfiguredOperators(
  db: Database,
  emails: string[],
): Promise<{ granted: string[]; waiting: number }> {
  if (emails.length === 0) return { granted: [], waiting: 0 }
  const found = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(inArray(sql`lower(${clients.email})`, emails), eq(clients.isEmailVerified, true)))
  const rows =
    found.length === 0
      ? []
      : await db
          .insert(operators)
          .values(found.map((client) => ({ clientId: client.id, grantedBy: 'OPERATOR_EMAILS' as const })))
          .onConflictDoNothing()
          .returning({ clientId: operators.clientId })
  return { granted: rows.map((row) => row.clientId), waiting: emails.length - found.length }
}

/** The operator console's hosts, newest first: the CLABE only as its bank and last 4 digits. */
export async function listHostsForOperator(db: Database): Promise<OperatorHost[]> {
  const rows = await db
    .select({
      clientId: hostProfiles.clientId,
      email: clients.email,
      displayName: hostProfiles.displayName,
      phone: hostProfiles.phone,
      clabeBankCode: hostProfiles.clabeBankCode,
      clabeLast4: hostProfiles.clabeLast4,
      createdAt: hostProfiles.createdAt,
      updatedAt: hostProfiles.updatedAt,
      // Issue 22: the reservations the host cancelled, counted (no column to keep in step).
      hostCancellations: sql<number>`(select count(*)::int from ${reservations} join ${cabins} on ${cabins.id} = ${reservations.cabinId} where ${cabins.hostId} = ${hostProfiles.clientId} and ${reservations.cancelledBy} = 'host')`,
    })
    .from(hostProfiles)
    .innerJoin(clients, eq(clients.id, hostProfiles.clientId))
    .orderBy(sql`${hostProfiles.createdAt} desc`, asc(hostProfiles.clientId))
  return rows.map(({ clabeBankCode, createdAt, updatedAt, ...row }) => ({
    ...row,
    bankName: CLABE_BANKS[clabeBankCode] ?? clabeBankCode,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  }))
}
