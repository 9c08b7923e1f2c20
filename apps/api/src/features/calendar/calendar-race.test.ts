/**
 * Issue 21, point 6: "a booking racing a block never overlaps". Guests pay for stays through
 * POST /payments/charge (hold → charge → confirm, the checkout's route) on one app while the host blocks
 * the same nights through the other, all at once, on one database. On PostgreSQL the two apps' requests
 * run in parallel transactions over their connection pool; PGlite runs them one at a time, so there the
 * test checks the rules, not the race.
 */

import { randomUUID } from 'node:crypto'
import { CALENDAR_API, calendarMessages } from '@cabanas/domain/calendar'
import { quoteMessages } from '@cabanas/domain/quotes'
import { addDays } from '@cabanas/domain/shared'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cabinBlocks, cabinHolds, reservations } from '../../db/schema.ts'
import { testEngine } from '../../test/build-test-app.ts'
import { completeListing } from '../../test/listing-fixtures.ts'
import {
  injectApi,
  insertHost,
  insertOperator,
  plantPublishedListing,
  sessionFor,
} from '../../test/listing-test-kit.ts'
import { must } from '../../test/must.ts'
import { chargeRequestBody, newClientIp, startSandbox } from '../../test/sandbox-test-kit.ts'

let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ today: '2026-06-01' })
}, 60_000)
afterAll(() => sandbox.ctx.close())

/** [start, end) ranges that share a night. */
const overlap = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  a.start < b.end && b.start < a.end

describe(`bookings racing blocks on two app instances (${testEngine})`, () => {
  it('never lets a live stay and a block share a night; every request is a 2xx or a clear 409', async () => {
    const { ctx } = sandbox
    const twin = await ctx.buildTwin()
    const host = injectApi(twin)
    const session = (clientId: string) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())
    const owner = await insertHost(ctx.db, host, session)
    const operator = await insertOperator(ctx.db, session)
    const { listingId, cabinId } = await plantPublishedListing(ctx.db, {
      hostId: owner.client.id,
      operatorId: operator.client.id,
      draft: completeListing(
        Array.from({ length: 5 }, () => randomUUID()),
        { locality: 'Carrera de Noches' },
      ),
    })

    // Two-night stays and 1–3-night blocks over the same twelve nights, each starting on every other day.
    const first = '2026-08-03'
    const stays = Array.from({ length: 10 }, (_, i) => ({
      start: addDays(first, i),
      end: addDays(first, i + 2),
    }))
    const blocks = Array.from({ length: 10 }, (_, i) => ({
      start: addDays(first, i + 1),
      end: addDays(first, i + 1 + 1 + (i % 3)),
    }))
    const tokens = await Promise.all(stays.map(() => sandbox.tokenFor('4111111111111111')))

    const charge = (i: number) =>
      sandbox
        .charge(
          chargeRequestBody(must(tokens[i], 'tokens[i]'), cabinId, {
            checkIn: must(stays[i], 'stays[i]').start,
            checkOut: must(stays[i], 'stays[i]').end,
          }),
          {
            ip: newClientIp(),
          },
        )
        .then((res) => ({ kind: 'stay' as const, status: res.statusCode, body: res.json() }))
    const block = (i: number) =>
      host({
        method: 'POST',
        url: CALENDAR_API.blocks(listingId),
        token: owner.token,
        body: {
          startsOn: must(blocks[i], 'blocks[i]').start,
          endsOn: must(blocks[i], 'blocks[i]').end,
          note: 'Carrera',
        },
      }).then((res) => ({ kind: 'block' as const, status: res.status, body: res.json() }))
    // The host's request does more before its insert (session, role, listing, limit) than the guest's:
    // the charges leave a few milliseconds later, each pair at its own moment, so both sides win some.
    const after = <T>(ms: number, send: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => setTimeout(() => send().then(resolve, reject), ms))
    const answers = await Promise.all(
      stays.flatMap((_, i) => [after(i * 4, () => block(i)), after(i * 4 + 12, () => charge(i))]),
    )

    for (const answer of answers) {
      if (answer.kind === 'stay') {
        expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status)
        if (answer.status === 409) expect(answer.body.message).toBe(quoteMessages.NOT_AVAILABLE)
      } else {
        expect([201, 409], JSON.stringify(answer.body)).toContain(answer.status)
        if (answer.status === 409)
          expect([calendarMessages.overReservation, calendarMessages.overBlock]).toContain(
            answer.body.message,
          )
      }
    }
    const won = answers.filter((a) => a.status < 300)
    expect(won.length).toBeGreaterThan(0)

    // What the database holds: live stays and blocks, no two sharing a night.
    const liveStays = await ctx.db
      .select({ id: reservations.id, start: reservations.checkIn, end: reservations.checkOut })
      .from(reservations)
      .where(and(eq(reservations.cabinId, cabinId), inArray(reservations.status, ['pending', 'active'])))
    const blocked = await ctx.db
      .select({ id: cabinBlocks.id, start: cabinBlocks.startsOn, end: cabinBlocks.endsOn })
      .from(cabinBlocks)
      .where(eq(cabinBlocks.cabinId, cabinId))
    const taken = [...liveStays, ...blocked]
    for (let i = 0; i < taken.length; i++)
      for (let j = i + 1; j < taken.length; j++)
        expect(
          overlap(must(taken[i], 'taken[i]'), must(taken[j], 'taken[j]')),
          `${JSON.stringify(taken[i])} × ${JSON.stringify(taken[j])}`,
        ).toBe(false)
    // Every answer told the truth: as many stays paid and blocks made as the database holds.
    expect(liveStays).toHaveLength(answers.filter((a) => a.kind === 'stay' && a.status === 200).length)
    expect(blocked).toHaveLength(answers.filter((a) => a.kind === 'block' && a.status === 201).length)
    const holds = await ctx.db
      .select({ id: cabinHolds.id })
      .from(cabinHolds)
      .where(eq(cabinHolds.cabinId, cabinId))
    expect(holds).toHaveLength(taken.length)

    // Both apps' guests are now refused every taken night (the quote's read model included), for a
    // stay of the cabin's two nights minimum.
    for (const app of [ctx.app, twin]) {
      for (const { start } of taken) {
        const res = await app.inject({
          method: 'POST',
          url: '/reservas/cotizar',
          payload: { habitacionId: cabinId, checkIn: start, checkOut: addDays(start, 2), guests: 2 },
        })
        expect(res.json()).toMatchObject({ errorType: 'NOT_AVAILABLE' })
      }
    }
  }, 120_000)
})
