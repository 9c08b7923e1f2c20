import { SessionResponseSchema } from '@cabanas/domain/auth'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { outbox, reservations } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { openMailSecrets } from '../mail/mail-jobs.ts'
import { findVerifiedClientIdByEmail } from './ownership.queries.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
let cabinId: string
beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01' })
  cabinId = (await insertCabin(ctx.db)).id
})
afterAll(() => ctx.close())

let guests = 0
let email = ''
beforeEach(() => {
  guests += 1
  email = `viajera.${guests}@ejemplo.mx`
})

async function register(address = email) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/register',
    remoteAddress: `10.40.0.${guests & 255}`,
    payload: {
      firstName: 'Ana',
      lastName: 'Rodríguez',
      email: address,
      password: 'secreta1',
      confirmPassword: 'secreta1',
      acceptTerms: true,
    },
  })
  const { client, token } = SessionResponseSchema.parse(res.json()).data
  sessions.set(client.id, token)
  return client
}

/** Each client's session, as its browser keeps it: a link joins bookings only with it. */
const sessions = new Map<string, string>()

/** Verifies the client's address with the link of its 'verify-email' mail, as its own browser does. */
function verifyLinkOf(clientId: string) {
  return async () => {
    const [row] = await ctx.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, 'mail:verify-email'), sql`${outbox.payload}->>'clientId' = ${clientId}`))
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/verify-email',
      payload: { token: openMailSecrets('mail:verify-email', must(row, 'row').payload).token },
      headers: { authorization: `Bearer ${sessions.get(clientId)}` },
    })
    expect(res.statusCode).toBe(200)
  }
}

describe('findVerifiedClientIdByEmail', () => {
  it('is null for an address no account has', async () => {
    expect(await findVerifiedClientIdByEmail(ctx.db, email)).toBeNull()
  })

  it('is null while the account has not verified its address, its id once it has', async () => {
    const client = await register()
    expect(await findVerifiedClientIdByEmail(ctx.db, email)).toBeNull()
    await verifyLinkOf(client.id)()
    expect(await findVerifiedClientIdByEmail(ctx.db, email)).toBe(client.id)
  })

  it('reads the address as a guest types it: any case, spaces around', async () => {
    const client = await register()
    await verifyLinkOf(client.id)()
    expect(await findVerifiedClientIdByEmail(ctx.db, `  ${email.toUpperCase()} `)).toBe(client.id)
  })

  it('lets no booking inserted during a verification escape the account', async () => {
    const client = await register()
    let inserted!: () => void
    let commit!: () => void
    const insertedSignal = new Promise<void>((resolve) => {
      inserted = resolve
    })
    const commitSignal = new Promise<void>((resolve) => {
      commit = resolve
    })
    // A charge holding nights: it looks the owner up (not verified yet) and inserts in one transaction.
    const booking = ctx.db.transaction(async (tx) => {
      const clientId = await findVerifiedClientIdByEmail(tx, email)
      const row = await insertReservation(tx as unknown as Database, {
        cabinId,
        checkIn: '2026-10-01',
        guestEmail: email,
        clientId,
      })
      inserted()
      await commitSignal
      return row
    })
    await insertedSignal
    // The verification starts before the booking commits; without the lock it would finish now.
    const verification = verifyLinkOf(client.id)()
    await Promise.race([verification, new Promise((resolve) => setTimeout(resolve, 300))])
    commit()
    const row = await booking
    await verification

    const [stored] = await ctx.db
      .select({ clientId: reservations.clientId })
      .from(reservations)
      .where(eq(reservations.id, row.id))
    expect(must(stored, 'stored').clientId).toBe(client.id)
  })
})
