/**
 * Issue 22, point 5: imported calendars read from a real HTTP server on 127.0.0.1 (test/calendar-test-kit.ts).
 * Events become blocks in one poll, within today and the bookable horizon; a calendar removed frees its
 * nights; the poll runs in the one process holding its lease.
 */

import { CALENDAR_API, CALENDAR_LIMITS, calendarSyncMessages } from '@cabanas/domain/calendar'
import { addDays } from '@cabanas/domain/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cabinBlocks, cabinCalendarFeeds } from '../../db/schema.ts'
import { tryTakeLease } from '../../plugins/jobs.ts'
import { calendar, rawCalendar, useIcalImport } from '../../test/calendar-test-kit.ts'
import { insertBlock, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { MAX_FEED_EVENTS } from './ical-feed.ts'
import { FEED_LIMITS, icalImportJob, syncDueFeeds } from './ical-import.ts'

const { ctx, api, hits, deps, everyFeedDue, poll, serveCalendar, world } = useIcalImport()

describe('one poll', () => {
  it('turns events into blocks, frees the nights of an event removed upstream, and asks again with If-None-Match', async () => {
    const w = await world()
    let events = [
      { uid: 'a@airbnb', start: '2026-07-10', end: '2026-07-12' },
      { uid: 'b@airbnb', start: '2026-08-01', end: '2026-08-02' },
      // Ended before today: ignored.
      { uid: 'old@airbnb', start: '2026-05-01', end: '2026-05-03' },
    ]
    serveCalendar(w.path, () => calendar(events))
    await w.addFeed()
    await poll()
    expect(await w.blocks()).toEqual([
      { startsOn: '2026-07-10', endsOn: '2026-07-12', source: 'ical', note: '' },
      { startsOn: '2026-08-01', endsOn: '2026-08-02', source: 'ical', note: '' },
    ])
    expect(await w.bookedNights()).toEqual(expect.arrayContaining(['2026-07-10', '2026-07-11', '2026-08-01']))
    const [feed] = (await w.sync()).feeds
    expect(feed).toMatchObject({ status: 'ok', lastError: null })
    expect(must(feed, 'feed').lastSuccessAt).not.toBeNull()
    // Unchanged: 304, nothing changes.
    const before = hits.get(w.path)
    expect(await poll()).toEqual(['not-modified'])
    expect(hits.get(w.path)).toBe((before ?? 0) + 1)
    expect(await w.blocks()).toHaveLength(2)
    // Removed upstream: its nights are free again.
    events = events.filter((event) => event.uid !== 'a@airbnb')
    expect(await poll()).toEqual(['synced'])
    expect(await w.blocks()).toEqual([
      { startsOn: '2026-08-01', endsOn: '2026-08-02', source: 'ical', note: '' },
    ])
    expect(await w.bookedNights()).not.toContain('2026-07-10')
  })

  it("does not export imported blocks again: only reservations and the host's own blocks", async () => {
    const w = await world()
    await insertReservation(ctx.db, { cabinId: w.cabinId, checkIn: '2026-07-06', checkOut: '2026-07-08' })
    await insertBlock(ctx.db, { cabinId: w.cabinId, startsOn: '2026-07-20', endsOn: '2026-07-21' })
    serveCalendar(w.path, () => calendar([{ uid: 'up@airbnb', start: '2026-07-10', end: '2026-07-12' }]))
    await w.addFeed()
    await poll()
    expect(await w.blocks()).toHaveLength(2)
    const { exportUrl } = await w.sync()
    const res = await ctx.app.inject({ url: new URL(exportUrl).pathname })
    expect(res.statusCode).toBe(200)
    const starts = [...res.body.matchAll(/DTSTART;VALUE=DATE:(\d{8})/g)].map((match) => match[1])
    expect(starts).toEqual(['20260706', '20260720'])
  })

  it('skips events with impossible dates and applies the rest', async () => {
    const w = await world()
    const dated = (uid: string, start: string, end: string) => [`UID:${uid}`, start, end]
    serveCalendar(w.path, () =>
      rawCalendar([
        dated('good', 'DTSTART;VALUE=DATE:20260710', 'DTEND;VALUE=DATE:20260712'),
        dated('feb31', 'DTSTART;VALUE=DATE:20260231', 'DTEND;VALUE=DATE:20260302'),
        dated('month13', 'DTSTART;VALUE=DATE:20261340', 'DTEND;VALUE=DATE:20261345'),
        dated('garbage', 'DTSTART:garbage', 'DTEND;VALUE=DATE:20260802'),
        dated('year0', 'DTSTART;VALUE=DATE:00000101', 'DTEND;VALUE=DATE:00000103'),
        dated('end-feb30', 'DTSTART;VALUE=DATE:20260820', 'DTEND;VALUE=DATE:20260230'),
        dated('good2', 'DTSTART;VALUE=DATE:20260901', 'DTEND;VALUE=DATE:20260903'),
      ]),
    )
    await w.addFeed()
    expect(await poll()).toEqual(['synced'])
    expect(await w.blocks()).toEqual([
      { startsOn: '2026-07-10', endsOn: '2026-07-12', source: 'ical', note: '' },
      { startsOn: '2026-09-01', endsOn: '2026-09-03', source: 'ical', note: '' },
    ])
    expect((await w.sync()).feeds[0]).toMatchObject({ status: 'ok', lastError: null })
  })

  it('stores events within today and the bookable horizon, skips events over 366 nights, and keeps blocks stable', async () => {
    const w = await world()
    const lastDay = addDays('2026-06-01', CALENDAR_LIMITS.daysAhead)
    serveCalendar(w.path, () =>
      calendar([
        { uid: 'ongoing', start: '2026-05-20', end: '2026-06-05' },
        { uid: 'forever', start: '0001-01-01', end: '9999-12-31' },
        { uid: 'year', start: '2026-07-01', end: '2027-07-03' },
        { uid: 'edge', start: addDays(lastDay, -2), end: addDays(lastDay, 5) },
      ]),
    )
    await w.addFeed()
    expect(await poll()).toEqual(['synced'])
    const stored = [
      { startsOn: '2026-06-01', endsOn: '2026-06-05', source: 'ical', note: '' },
      { startsOn: addDays(lastDay, -2), endsOn: lastDay, source: 'ical', note: '' },
    ]
    expect(await w.blocks()).toEqual(stored)
    const ids = await ctx.db
      .select({ id: cabinBlocks.id })
      .from(cabinBlocks)
      .where(eq(cabinBlocks.cabinId, w.cabinId))
    await ctx.db.update(cabinCalendarFeeds).set({ etag: null })
    expect(await poll()).toEqual(['synced'])
    expect(
      await ctx.db.select({ id: cabinBlocks.id }).from(cabinBlocks).where(eq(cabinBlocks.cabinId, w.cabinId)),
    ).toEqual(ids)
  })

  it('fails a calendar with more events to come than the limit, keeping its last good blocks', async () => {
    const w = await world()
    let many = false
    serveCalendar(w.path, () =>
      calendar(
        many
          ? Array.from({ length: MAX_FEED_EVENTS + 1 }, (_, n) => ({
              uid: `e${n}`,
              start: addDays('2026-07-01', n % 600),
              end: addDays('2026-07-02', n % 600),
            }))
          : [{ uid: 'kept', start: '2026-07-10', end: '2026-07-12' }],
      ),
    )
    await w.addFeed()
    await poll()
    many = true
    const limits = { ...deps().limits, maxBytes: FEED_LIMITS.maxBytes }
    await everyFeedDue()
    expect(await syncDueFeeds({ ...deps(), limits }, 0)).toEqual(['failed'])
    expect((await w.sync()).feeds[0]).toMatchObject({ lastError: calendarSyncMessages.failure.tooManyEvents })
    expect(await w.blocks()).toEqual([
      { startsOn: '2026-07-10', endsOn: '2026-07-12', source: 'ical', note: '' },
    ])
  })

  it('removing the calendar frees its nights', async () => {
    const w = await world()
    serveCalendar(w.path, () => calendar([{ uid: 'x', start: '2026-07-01', end: '2026-07-03' }]))
    await w.addFeed()
    await poll()
    expect(await w.blocks()).toHaveLength(1)
    const [feed] = (await w.sync()).feeds
    const res = await api({
      method: 'DELETE',
      url: CALENDAR_API.feed(w.listingId, must(feed, 'feed').id),
      token: w.token,
    })
    expect(res.status).toBe(204)
    expect(await w.blocks()).toEqual([])
    expect(await w.bookedNights()).toEqual([])
  })
})

describe('the poll job', () => {
  it('runs in the one process holding its lease', async () => {
    const w = await world()
    serveCalendar(w.path, () => calendar([{ uid: 'x', start: '2026-07-01', end: '2026-07-03' }]))
    await w.addFeed()
    const job = icalImportJob(deps(), 0)
    // Another process holds the lease: this one does not run the job.
    expect(await tryTakeLease(ctx.db, { name: job.name, holder: 'another-process', ttlMs: 60_000 })).toBe(
      true,
    )
    expect(await ctx.app.runJobOnce(job)).toBe(false)
    expect(await w.blocks()).toEqual([])
    // The lease expires: this process takes it and reads the feed.
    await tryTakeLease(ctx.db, { name: job.name, holder: 'another-process', ttlMs: -1000 })
    expect(await ctx.app.runJobOnce(job)).toBe(true)
    expect(await w.blocks()).toHaveLength(1)
  })
})
