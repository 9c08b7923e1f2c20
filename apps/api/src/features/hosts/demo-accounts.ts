import { requireValue } from '@cabanas/domain/shared'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { cabins, clients, operators } from '../../db/schema.ts'
import { SEED_CABINS } from '../../db/seed-data/catalogue.ts'
import { hashPassword } from '../auth/passwords.ts'
import { insertHostProfile } from './hosts.queries.ts'

/*
 * Issue 21, point 9 ('Try it at once'): outside production the demo catalogue belongs to three demo
 * hosts, and a demo operator can approve listings. Never created in production (server.ts checks, and
 * so does this function). Every account shares one password, printed by `npm start`.
 */

export const DEMO_PASSWORD = 'cabanas-demo-2026'

export const DEMO_HOSTS = [
  {
    email: 'lupe.anfitriona@demo.cabanas.mx',
    firstName: 'Guadalupe',
    lastName: 'Hernández',
    displayName: 'Cabañas Doña Lupe',
    phone: '+523312345671',
    clabe: '072320001122334455',
  },
  {
    email: 'beto.anfitrion@demo.cabanas.mx',
    firstName: 'Alberto',
    lastName: 'Ramírez',
    displayName: 'Refugios Don Beto',
    phone: '+525512345672',
    clabe: '012180012345678909',
  },
  {
    email: 'ximena.anfitriona@demo.cabanas.mx',
    firstName: 'Ximena',
    lastName: 'Torres',
    displayName: 'Glampings Xime',
    phone: '+529512345673',
    clabe: '646180158000012347',
  },
] as const

export const DEMO_OPERATOR = {
  email: 'operador@demo.cabanas.mx',
  firstName: 'Óscar',
  lastName: 'Mendoza',
} as const

export type DemoSignIns = {
  host: { email: string; password: string }
  operator: { email: string; password: string }
}

/** The client of `email`, created with a verified address and the demo password when missing. */
async function ensureDemoClient(
  db: Database,
  person: { email: string; firstName: string; lastName: string },
) {
  const find = async () => {
    const [row] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(sql`lower(${clients.email})`, person.email))
    return row?.id ?? null
  }
  const existing = await find()
  if (existing) return existing
  await db
    .insert(clients)
    .values({ ...person, passwordHash: await hashPassword(DEMO_PASSWORD), isEmailVerified: true })
    .onConflictDoNothing()
  return requireValue(await find(), 'the demo account just inserted')
}

/**
 * Creates (once: every step does nothing the second time) the demo hosts with their host profiles,
 * gives each a third of the seeded cabins that have no host yet, and the demo operator. Null in
 * production, where it creates nothing.
 */
export async function seedDemoAccounts(
  db: Database,
  { env }: { env: 'development' | 'production' | 'test' },
): Promise<DemoSignIns | null> {
  if (env === 'production') return null
  const slugs = SEED_CABINS.map((cabin) => cabin.slug)
  for (const [index, host] of DEMO_HOSTS.entries()) {
    const { email, firstName, lastName, displayName, phone, clabe } = host
    const clientId = await ensureDemoClient(db, { email, firstName, lastName })
    await insertHostProfile(db, { clientId, displayName, phone, clabe })
    const theirs = slugs.filter((_, n) => n % DEMO_HOSTS.length === index)
    await db
      .update(cabins)
      .set({ hostId: clientId })
      .where(and(inArray(cabins.slug, theirs), isNull(cabins.hostId)))
  }
  const operatorId = await ensureDemoClient(db, DEMO_OPERATOR)
  await db.insert(operators).values({ clientId: operatorId, grantedBy: 'command' }).onConflictDoNothing()
  return {
    host: { email: DEMO_HOSTS[0].email, password: DEMO_PASSWORD },
    operator: { email: DEMO_OPERATOR.email, password: DEMO_PASSWORD },
  }
}
