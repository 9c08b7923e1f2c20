import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { Database } from '../db/client.ts'
import { reservations } from '../db/schema.ts'
import { reconcilePendingReservations } from '../features/payments/reconcile.ts'
import { must } from './must.ts'
import { chargeRequestBody, newClientIp, startSandbox } from './sandbox-test-kit.ts'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>

/**
 * The payment route tests' setup (features/payments: payments.routes.test.ts, payments-outcomes.test.ts): one app with the
 * Openpay sandbox per file (its gateway times out after 800 ms), and each test another client with its
 * own address, so the per-IP limits of one never meet another's.
 */
export function usePaymentsSandbox() {
  let current: Sandbox | undefined
  let currentIp = ''
  beforeAll(async () => {
    current = await startSandbox({ today: '2026-06-01', env: { OPENPAY_TIMEOUT_MS: '800' } })
  })
  afterAll(() => current?.ctx.close())
  beforeEach(() => {
    currentIp = newClientIp()
  })

  const sandbox = () => must(current, 'the sandbox (beforeAll)')
  const ip = () => currentIp
  const db = () => sandbox().ctx.db
  return {
    sandbox,
    ip,
    /** From here on the test is another client, with an address of its own. */
    nextClient: () => {
      currentIp = newClientIp()
    },
    db,
    tokenFor: (card: string) => sandbox().tokenFor(card),
    charge: (body: object, headers: Record<string, string> = {}) =>
      sandbox().charge(body, { ip: currentIp, headers }),
    chargeBody: (
      tokenId: string,
      cabinId: string,
      dates: { checkIn: string; checkOut: string },
      totalPrice = 1,
    ) => chargeRequestBody(tokenId, cabinId, dates, { totalPrice }),
    async reservationOf(id: string) {
      const [row] = await db().select().from(reservations).where(eq(reservations.id, id))
      return must(row, 'row')
    },
    reconcile: (settledAfterSeconds = 0) =>
      reconcilePendingReservations(
        { db: db(), gateway: sandbox().ctx.app.paymentGateway, log: sandbox().ctx.app.log },
        { settledAfterSeconds },
      ),
    /** As if `seconds` had passed since the hold was made: its first lookup is due. */
    ageHold: (id: string, seconds: number) => ageHold(db(), id, seconds),
  }
}

/** As if `seconds` had passed since the hold `id` was made (its creation and its expiry move back). */
export async function ageHold(db: Database, id: string, seconds: number) {
  await db
    .update(reservations)
    .set({
      createdAt: sql`${reservations.createdAt} - make_interval(secs => ${seconds})`,
      holdExpiresAt: sql`${reservations.holdExpiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(reservations.id, id))
}

/** The stay most tests charge for. */
export const stay = { checkIn: '2026-07-06', checkOut: '2026-07-08' }
