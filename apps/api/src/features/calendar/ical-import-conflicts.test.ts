/**
 * Issue 22, point 5: an imported event over a reservation is a conflict the host sees and is mailed about
 * (once a day at most); the event's free nights stay blocked, all of it once the reservation is cancelled.
 */

import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cabinBlocks, cabinCalendarFeeds, outbox, reservations } from '../../db/schema.ts'
import { calendar, useIcalImport } from '../../test/calendar-test-kit.ts'
import { insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'

const { ctx, mailDir, poll, serveCalendar, world } = useIcalImport()

describe('one poll', () => {
  it('records an event over a reservation as a conflict the host sees, and blocks the rest', async () => {
    const w = await world()
    await insertReservation(ctx.db, { cabinId: w.cabinId, checkIn: '2026-07-10', checkOut: '2026-07-12' })
    serveCalendar(w.path, () =>
      calendar([
        { uid: 'clash@booking', start: '2026-07-11', end: '2026-07-13' },
        { uid: 'fine@booking', start: '2026-07-20', end: '2026-07-22' },
      ]),
    )
    await w.addFeed()
    await poll()
    // The clashing event's free night (the 12th) is blocked too: the other platform sold it.
    expect(await w.blocks()).toEqual([
      { startsOn: '2026-07-12', endsOn: '2026-07-13', source: 'ical', note: '' },
      { startsOn: '2026-07-20', endsOn: '2026-07-22', source: 'ical', note: '' },
    ])
    const { conflicts } = await w.sync()
    expect(conflicts).toEqual([
      expect.objectContaining({
        feedName: 'Airbnb',
        startsOn: '2026-07-11',
        endsOn: '2026-07-13',
        over: 'reservation',
      }),
    ])
    // The host is mailed once about it; the next read keeps the one conflict and mails nothing more.
    const mails = () =>
      ctx.db
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(eq(outbox.kind, 'mail:calendar-conflicts'))
    expect(await mails()).toEqual([{ payload: { feedId: must(conflicts[0], 'conflicts[0]').feedId } }])
    await poll()
    expect((await w.sync()).conflicts).toHaveLength(1)
    expect(await mails()).toHaveLength(1)
    // The mail names the calendar and the nights, and links to the cabin's calendar.
    expect(await ctx.app.runJobOnce(ctx.app.outboxJob)).toBe(true)
    const sent = readdirSync(mailDir).map((file) => readFileSync(path.join(mailDir, file), 'utf8'))
    const mail = sent.find((text) => text.includes('Noches ocupadas en dos lugares'))
    expect(mail).toBeDefined()
    const text = must(mail, 'mail').replace(/=\r?\n/g, '')
    expect(text).toContain(`https://cabanas.example/anfitrion/cabanas/${w.listingId}/calendario`)
  })

  it("keeps a clashing event's free nights blocked across reads, and blocks all of it once the reservation is cancelled", async () => {
    const w = await world()
    const reservation = await insertReservation(ctx.db, {
      cabinId: w.cabinId,
      checkIn: '2026-09-12',
      checkOut: '2026-09-14',
    })
    // Over the reservation's two nights, with free nights on both sides.
    serveCalendar(w.path, () => calendar([{ uid: 'wide@airbnb', start: '2026-09-10', end: '2026-09-17' }]))
    await w.addFeed()
    await poll()
    const ids = () =>
      ctx.db
        .select({ id: cabinBlocks.id, startsOn: cabinBlocks.startsOn, endsOn: cabinBlocks.endsOn })
        .from(cabinBlocks)
        .where(eq(cabinBlocks.cabinId, w.cabinId))
        .orderBy(asc(cabinBlocks.startsOn))
    const first = await ids()
    expect(first.map(({ startsOn, endsOn }) => [startsOn, endsOn])).toEqual([
      ['2026-09-10', '2026-09-12'],
      ['2026-09-14', '2026-09-17'],
    ])
    expect((await w.sync()).conflicts).toEqual([
      expect.objectContaining({ startsOn: '2026-09-10', endsOn: '2026-09-17', over: 'reservation' }),
    ])
    // A feed in conflict is read in full every time; its parts stay the same rows.
    await poll()
    expect(await ids()).toEqual(first)
    // The guest cancels: the event's last nights are blocked and the conflict is gone.
    await ctx.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, reservation.id))
    await poll()
    expect((await ids()).map(({ startsOn, endsOn }) => [startsOn, endsOn])).toEqual([
      ['2026-09-10', '2026-09-12'],
      ['2026-09-12', '2026-09-14'],
      ['2026-09-14', '2026-09-17'],
    ])
    expect((await w.sync()).conflicts).toEqual([])
    expect(await w.bookedNights()).toEqual(
      expect.arrayContaining(['2026-09-10', '2026-09-12', '2026-09-13', '2026-09-16']),
    )
  })

  it('mails about conflicts once a day at most, and only for nights not in conflict before', async () => {
    const w = await world()
    await insertReservation(ctx.db, { cabinId: w.cabinId, checkIn: '2026-07-01', checkOut: '2026-07-31' })
    let read = 0
    let events = () => [{ uid: `clash-${read}@flaky`, start: '2026-07-10', end: '2026-07-12' }]
    serveCalendar(w.path, () => {
      read += 1
      return calendar(events())
    })
    const mails = async () =>
      (
        await ctx.db
          .select({ payload: outbox.payload })
          .from(outbox)
          .where(eq(outbox.kind, 'mail:calendar-conflicts'))
      ).length
    const before = await mails()
    await w.addFeed()
    await poll()
    expect(await mails()).toBe(before + 1)
    // The UID changes on every export: the same nights are no new conflict.
    await poll()
    await poll()
    expect((await w.sync()).conflicts).toHaveLength(1)
    expect(await mails()).toBe(before + 1)
    // New nights within a day: no second mail yet.
    events = () => [{ uid: `clash-${read}@flaky`, start: '2026-07-20', end: '2026-07-22' }]
    await poll()
    expect(await mails()).toBe(before + 1)
    // A day later, more new nights: mailed again.
    await ctx.db.update(cabinCalendarFeeds).set({ lastConflictMailAt: sql`now() - interval '25 hours'` })
    events = () => [{ uid: `clash-${read}@flaky`, start: '2026-07-25', end: '2026-07-27' }]
    expect(await poll()).toEqual(['synced'])
    expect(await mails()).toBe(before + 2)
  })
})
