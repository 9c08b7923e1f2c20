/**
 * Issue 22: the request clock. A test moves the clock: pending → reminded at 12 h (once) → expired at
 * 24 h (both sides told); accepted and unpaid → expired when its pay link's 24 h end. Each transition
 * happens once, even when two runs race; the state is in the database, so a restarted process resumes.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingRequests } from '../../db/schema.ts'
import { releaseLease } from '../../plugins/jobs.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import {
  insertHostWithCabin,
  insertPendingRequest,
  requestMails,
  requestStatus,
} from '../../test/request-test-kit.ts'
import { requestClockJob, runRequestClock } from './request-clock.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01' })
})
afterAll(() => ctx.close())

const HOUR = 3_600_000
const start = () => ctx.clock.now()
const at = (hours: number) => new Date(start().getTime() + hours * HOUR)
const events = async (id: string) => (await requestMails(ctx.db, id)).map((m) => m.event)

async function pendingRequest(checkIn = '2026-07-10') {
  const { cabinId } = await insertHostWithCabin(ctx.db)
  return insertPendingRequest(ctx.db, { cabinId, checkIn, createdAt: start() })
}

describe('the request clock', () => {
  it('reminds the host once at 12 h and expires the request at 24 h, mailing both sides', async () => {
    const request = await pendingRequest()

    await runRequestClock(ctx.db, at(11.9))
    expect(await requestStatus(ctx.db, request.id)).toMatchObject({ status: 'pending', remindedAt: null })
    expect(await events(request.id)).toEqual([])

    await runRequestClock(ctx.db, at(12))
    await runRequestClock(ctx.db, at(13))
    expect((await requestStatus(ctx.db, request.id)).status).toBe('pending')
    expect(await events(request.id)).toEqual(['host-reminder'])

    await runRequestClock(ctx.db, at(23.9))
    expect((await requestStatus(ctx.db, request.id)).status).toBe('pending')

    await runRequestClock(ctx.db, at(24))
    await runRequestClock(ctx.db, at(30))
    expect((await requestStatus(ctx.db, request.id)).status).toBe('expired')
    expect(await events(request.id)).toEqual(['host-reminder', 'guest-expired', 'host-expired'])
  })

  it('a request found past 24 h is expired without a late reminder', async () => {
    const request = await pendingRequest()
    await runRequestClock(ctx.db, at(25))
    expect(await events(request.id)).toEqual(['guest-expired', 'host-expired'])
  })

  it('expires an accepted request left unpaid 24 h after acceptance, and leaves answered ones alone', async () => {
    const accepted = await pendingRequest()
    await ctx.db
      .update(bookingRequests)
      .set({ status: 'accepted', answeredAt: at(2), payTokenHash: 'h' })
      .where(eq(bookingRequests.id, accepted.id))
    const declined = await pendingRequest()
    await ctx.db
      .update(bookingRequests)
      .set({ status: 'declined', answeredAt: at(1) })
      .where(eq(bookingRequests.id, declined.id))

    await runRequestClock(ctx.db, at(25.9))
    expect((await requestStatus(ctx.db, accepted.id)).status).toBe('accepted')
    await runRequestClock(ctx.db, at(26))
    expect((await requestStatus(ctx.db, accepted.id)).status).toBe('expired')
    expect(await events(accepted.id)).toEqual(['guest-pay-expired', 'host-pay-expired'])
    expect((await requestStatus(ctx.db, declined.id)).status).toBe('declined')
    expect(await events(declined.id)).toEqual([])
  })

  it('moves each request once when two runs race', async () => {
    const request = await pendingRequest()
    await Promise.all([runRequestClock(ctx.db, at(12)), runRequestClock(ctx.db, at(12))])
    await Promise.all([runRequestClock(ctx.db, at(24)), runRequestClock(ctx.db, at(24))])
    expect(await events(request.id)).toEqual(['host-reminder', 'guest-expired', 'host-expired'])
  })

  it('runs under its lease in one process at a time, and a new process resumes from the database', async () => {
    const request = await pendingRequest()
    let clockNow = at(12)
    const job = () => requestClockJob({ db: ctx.db, now: () => clockNow, log: ctx.app.log })
    expect(await ctx.app.runJobOnce(job())).toBe(true)
    const twin = await ctx.buildTwin()
    // The first process holds the lease: the second does not run the job.
    expect(await twin.runJobOnce(job())).toBe(false)
    // The first process stops (it gives its lease up on close): the other picks up where the database says.
    await releaseLease(ctx.db, { name: 'request-clock', holder: ctx.app.jobHolderId })
    clockNow = at(24)
    expect(await twin.runJobOnce(job())).toBe(true)
    expect(await events(request.id)).toEqual(['host-reminder', 'guest-expired', 'host-expired'])
  })
})
