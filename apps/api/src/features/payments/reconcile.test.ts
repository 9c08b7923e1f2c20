import { ChargeResponseSchema } from '@cabanas/domain/bookings'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobLeases, reservations } from '../../db/schema.ts'
import { releaseLease } from '../../plugins/jobs.ts'
import { insertCabin, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { ageHold } from '../../test/payments-test-kit.ts'
import { chargeRequestBody, newClientIp, startSandbox } from '../../test/sandbox-test-kit.ts'
import {
  chargeSettledAfterSeconds,
  type ReconcileDeps,
  reconcilePendingReservations,
  reconciliationJob,
} from './reconcile.ts'

// The gateway timeout is the default 20 s here: an unknown outcome is first looked up 30 s after its hold.
let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ today: '2026-06-01' })
})
afterAll(() => sandbox.ctx.close())

const db = () => sandbox.ctx.db
const settledAfterSeconds = chargeSettledAfterSeconds(20_000)
const deps = (gateway = sandbox.ctx.app.paymentGateway): ReconcileDeps => ({
  db: db(),
  gateway,
  log: sandbox.ctx.app.log,
})
const reconcile = (gateway = sandbox.ctx.app.paymentGateway) =>
  reconcilePendingReservations(deps(gateway), { settledAfterSeconds })

/** A gateway whose every call fails as if the provider were down. */
const unreachable = () => sandbox.gateway({ baseUrl: () => 'http://127.0.0.1:9/sandbox/openpay' })

async function reservationOf(id: string) {
  const [row] = await db().select().from(reservations).where(eq(reservations.id, id))
  return must(row, 'row')
}

const stay = { checkIn: '2026-07-06', checkOut: '2026-07-08' }

describe('an unknown outcome', () => {
  it('is looked up within a minute, and its nights are freed when the provider has no charge', async () => {
    const cabin = await insertCabin(db())
    const token = await sandbox.tokenFor('4111111111111111')
    await sandbox.setFault({ mode: 'error5xx' })
    const res = await sandbox.charge(chargeRequestBody(token, cabin.id, stay), { ip: newClientIp() })
    expect(res.statusCode).toBe(202)
    const { reservationId } = ChargeResponseSchema.parse(res.json()).data
    const held = await reservationOf(reservationId)
    const firstLookupAfterMs =
      must(held.holdExpiresAt, 'held.holdExpiresAt').getTime() - held.createdAt.getTime()
    expect(firstLookupAfterMs).toBeLessThanOrEqual(60_000)
    expect(firstLookupAfterMs).toBeGreaterThanOrEqual(20_000)

    // While the charge may still be in flight, nobody looks.
    expect((await reconcile()).checked).toBe(0)
    await ageHold(db(), reservationId, settledAfterSeconds)
    expect(await reconcile()).toMatchObject({ checked: 1, released: 1 })
    expect(await reservationOf(reservationId)).toMatchObject({ status: 'cancelled', paymentStatus: 'FAILED' })
    const next = await sandbox.charge(
      chargeRequestBody(await sandbox.tokenFor('4111111111111111'), cabin.id, stay),
      { ip: newClientIp() },
    )
    expect(next.statusCode).toBe(200)
  })

  it('is confirmed at its first lookup when the provider did charge', async () => {
    const cabin = await insertCabin(db())
    await sandbox.setFault({ mode: 'lose-response' })
    const res = await sandbox.charge(
      chargeRequestBody(await sandbox.tokenFor('4111111111111111'), cabin.id, stay),
      { ip: newClientIp() },
    )
    const { reservationId } = ChargeResponseSchema.parse(res.json()).data
    await ageHold(db(), reservationId, settledAfterSeconds)
    expect(await reconcile()).toMatchObject({ settled: 1 })
    expect(await reservationOf(reservationId)).toMatchObject({ status: 'active', paymentStatus: 'PAID' })
  })

  it('is looked up again with a growing delay while the provider does not answer', async () => {
    const cabin = await insertCabin(db())
    const row = await insertReservation(db(), {
      cabinId: cabin.id,
      checkIn: '2026-08-01',
      status: 'pending',
      paymentStatus: 'PENDING',
      createdAt: new Date(Date.now() - 4 * 60_000),
      holdExpiresAt: new Date(Date.now() - 1_000),
    })
    expect(await reconcile(unreachable())).toMatchObject({ checked: 1, failedLookups: 1 })
    const after = await reservationOf(row.id)
    expect(after.status).toBe('pending')
    // Half its age (4 min): the next lookup in about two minutes, not at the next tick.
    const waitMs = must(after.holdExpiresAt, 'after.holdExpiresAt').getTime() - Date.now()
    expect(waitMs).toBeGreaterThan(100_000)
    expect(waitMs).toBeLessThanOrEqual(130_000)
    expect((await reconcile()).checked).toBe(0)
    await ageHold(db(), row.id, 130)
    expect(await reconcile()).toMatchObject({ checked: 1, released: 1 })
  })

  it('never waits more than ten minutes between two lookups', async () => {
    const cabin = await insertCabin(db())
    const row = await insertReservation(db(), {
      cabinId: cabin.id,
      checkIn: '2026-08-10',
      status: 'pending',
      paymentStatus: 'PENDING',
      createdAt: new Date(Date.now() - 5 * 3600_000),
      holdExpiresAt: new Date(Date.now() - 1_000),
    })
    await reconcile(unreachable())
    const waitMs =
      must(
        (await reservationOf(row.id)).holdExpiresAt,
        '(await reservationOf(row.id)).holdExpiresAt',
      ).getTime() - Date.now()
    expect(waitMs).toBeLessThanOrEqual(600_000)
    expect(waitMs).toBeGreaterThan(590_000)
  })
})

describe('with two API processes on one database', () => {
  it('runs reconciliation in one process at a time; another takes over once the lease is free', async () => {
    const first = sandbox.ctx.app
    const second = await sandbox.ctx.buildTwin()
    await second.listen({ port: 0, host: '127.0.0.1' })
    const jobOf = (app: typeof first) =>
      reconciliationJob(() => ({ db: app.db, gateway: app.paymentGateway, log: app.log }), {
        intervalMs: 15_000,
        gatewayTimeoutMs: 20_000,
      })
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let started = () => {}
    const running = new Promise<void>((resolve) => {
      started = resolve
    })
    const runs: string[] = []
    const slowFirst = {
      ...jobOf(first),
      run: async () => {
        runs.push('first')
        started()
        await gate
      },
    }
    const counted = (name: string, app: typeof first) => ({
      ...jobOf(app),
      run: async () => {
        runs.push(name)
        return jobOf(app).run()
      },
    })

    const firstRun = first.runJobOnce(slowFirst)
    await running
    expect(await second.runJobOnce(counted('second', second))).toBe(false)
    release()
    expect(await firstRun).toBe(true)
    // The lease outlives the run: the next tick is the first process's again.
    expect(await second.runJobOnce(counted('second', second))).toBe(false)

    // Released (the first process shuts down): the second takes over at its next tick.
    await releaseLease(db(), { name: 'reconcile-payments', holder: first.jobHolderId })
    const cabin = await insertCabin(db())
    const stale = await insertReservation(db(), {
      cabinId: cabin.id,
      checkIn: '2026-09-01',
      status: 'pending',
      paymentStatus: 'PENDING',
      createdAt: new Date(Date.now() - 120_000),
      holdExpiresAt: new Date(Date.now() - 60_000),
    })
    expect(await second.runJobOnce(counted('second', second))).toBe(true)
    expect(await reservationOf(stale.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'FAILED' })
    expect(await first.runJobOnce(counted('first', first))).toBe(false)

    // Expired (the second process died without giving it up): the first takes over.
    await db()
      .update(jobLeases)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(jobLeases.name, 'reconcile-payments'))
    expect(await first.runJobOnce(counted('first', first))).toBe(true)
    expect(runs).toEqual(['first', 'second', 'first'])
  })
})
