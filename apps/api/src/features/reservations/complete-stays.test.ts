import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobLeases, reservations } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin, insertReservation } from '../../test/factories.ts'
import { completeStaysJob } from './complete-stays.ts'

// Mexico City's today, fixed: 2026-06-15.
let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-15' })
})
afterAll(() => ctx.close())

const job = () => completeStaysJob({ db: ctx.db, today: () => ctx.clock.today(), log: ctx.app.log })

async function statesOf(ids: string[]) {
  const rows = await ctx.db
    .select({ id: reservations.id, status: reservations.status, paymentStatus: reservations.paymentStatus })
    .from(reservations)
    .where(inArray(reservations.id, ids))
  return Object.fromEntries(rows.map((row) => [row.id, `${row.status}/${row.paymentStatus}`]))
}

describe('complete-stays job', () => {
  it("completes paid stays whose check-out day has come, by Mexico City's date, and nothing else", async () => {
    const { id: cabinId } = await insertCabin(ctx.db)
    const stay = (checkIn: string, checkOut: string, state = {}) =>
      insertReservation(ctx.db, { cabinId, checkIn, checkOut, ...state })
    const endedYesterday = await stay('2026-06-11', '2026-06-14')
    const endsToday = await stay('2026-06-14', '2026-06-15')
    const endsTomorrow = await stay('2026-06-15', '2026-06-16')
    const future = await stay('2026-07-01', '2026-07-03')
    const pending = await stay('2026-05-01', '2026-05-03', { status: 'pending', paymentStatus: 'PENDING' })
    const cancelled = await stay('2026-05-05', '2026-05-07', { status: 'cancelled', paymentStatus: 'PAID' })
    const failed = await stay('2026-05-08', '2026-05-10', { status: 'cancelled', paymentStatus: 'FAILED' })
    const refunded = await stay('2026-05-11', '2026-05-13', { status: 'active', paymentStatus: 'REFUNDED' })
    const ids = [endedYesterday, endsToday, endsTomorrow, future, pending, cancelled, failed, refunded].map(
      (row) => row.id,
    )

    expect(await ctx.app.runJobOnce(job())).toBe(true)

    expect(await statesOf(ids)).toEqual({
      [endedYesterday.id]: 'completed/PAID',
      [endsToday.id]: 'completed/PAID',
      [endsTomorrow.id]: 'active/PAID',
      [future.id]: 'active/PAID',
      [pending.id]: 'pending/PENDING',
      [cancelled.id]: 'cancelled/PAID',
      [failed.id]: 'cancelled/FAILED',
      [refunded.id]: 'active/REFUNDED',
    })
    // A second run changes nothing.
    expect(await ctx.app.runJobOnce(job())).toBe(true)
    expect((await statesOf([endedYesterday.id]))[endedYesterday.id]).toBe('completed/PAID')
  })

  it('runs in one process at a time: a second API process does not take its lease', async () => {
    const twin = await ctx.buildTwin()
    expect(await ctx.app.runJobOnce(job())).toBe(true)
    expect(await twin.runJobOnce(job())).toBe(false)
    const leases = await ctx.db
      .select({ holder: jobLeases.holder })
      .from(jobLeases)
      .where(inArray(jobLeases.name, ['complete-stays']))
    expect(leases).toEqual([{ holder: ctx.app.jobHolderId }])
  })
})
