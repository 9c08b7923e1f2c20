import { CLABE_BANKS, clabeLast4, type HostProfile } from '@cabanas/domain/hosts'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { hostProfiles } from '../../db/schema.ts'
import { secretBox } from '../../lib/secret-box.ts'

type HostProfileRow = typeof hostProfiles.$inferSelect

/** Where a host's CLABE is sealed: bound to its client, so a sealed value copied to another row does not open. */
const clabeContext = (clientId: string) => `host_profiles.clabe:${clientId}`

/** The sealed CLABE and the parts of it that may be shown (bank code, last 4 digits). */
function clabeColumns(clientId: string, clabe: string) {
  return {
    clabeSealed: secretBox().seal(clabe, clabeContext(clientId)),
    clabeBankCode: clabe.slice(0, 3),
    clabeLast4: clabeLast4(clabe),
  }
}

/** The host profile as answers carry it: the CLABE only as its bank and last 4 digits. */
export function toHostProfile(
  row: Pick<
    HostProfileRow,
    'displayName' | 'phone' | 'clabeBankCode' | 'clabeLast4' | 'createdAt' | 'updatedAt'
  >,
): HostProfile {
  return {
    displayName: row.displayName,
    phone: row.phone,
    clabeLast4: row.clabeLast4,
    bankName: CLABE_BANKS[row.clabeBankCode] ?? row.clabeBankCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Makes the client a host; null when it already is one (the primary key decides, also under a race). */
export async function insertHostProfile(
  db: Database,
  {
    clientId,
    displayName,
    phone,
    clabe,
  }: { clientId: string; displayName: string; phone: string; clabe: string },
): Promise<HostProfileRow | null> {
  const rows = await db
    .insert(hostProfiles)
    .values({ clientId, displayName, phone, ...clabeColumns(clientId, clabe) })
    .onConflictDoNothing()
    .returning()
  return rows[0] ?? null
}

export async function findHostProfile(db: Database, clientId: string): Promise<HostProfileRow | null> {
  const [row] = await db.select().from(hostProfiles).where(eq(hostProfiles.clientId, clientId)).limit(1)
  return row ?? null
}

/** Updates the profile; the CLABE only when a new one is given. Null when the client is not a host. */
export async function updateHostProfile(
  db: Database,
  clientId: string,
  { displayName, phone, clabe }: { displayName: string; phone: string; clabe?: string | undefined },
): Promise<HostProfileRow | null> {
  const [row] = await db
    .update(hostProfiles)
    .set({
      displayName,
      phone,
      ...(clabe === undefined ? {} : clabeColumns(clientId, clabe)),
      updatedAt: sql`now()`,
    })
    .where(eq(hostProfiles.clientId, clientId))
    .returning()
  return row ?? null
}

/** The CLABE in full, for the payouts that will send money to it (never for an answer or a log). */
export async function readHostClabe(db: Database, clientId: string): Promise<string | null> {
  const [row] = await db
    .select({ sealed: hostProfiles.clabeSealed })
    .from(hostProfiles)
    .where(eq(hostProfiles.clientId, clientId))
  return row ? secretBox().open(row.sealed, clabeContext(clientId)) : null
}
