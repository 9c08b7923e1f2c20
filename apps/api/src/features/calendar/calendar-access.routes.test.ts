/**
 * Issue 21, point 6: whose calendar it is. Another host's cabin answers 404 and is left as it was, a
 * draft's calendar is 409, a paused listing's stays open, and each host has 60 changes a minute.
 */

import { CALENDAR_API, calendarMessages } from '@cabanas/domain/calendar'
import { LISTING_API, listingApiMessages } from '@cabanas/domain/listings'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cabinNightPrices, listings } from '../../db/schema.ts'
import { useCalendarRoutes, WEEKEND } from '../../test/calendar-test-kit.ts'
import { insertHost } from '../../test/listing-test-kit.ts'
import { must } from '../../test/must.ts'

const { ctx, api, session, world } = useCalendarRoutes()

describe('whose calendar', () => {
  it('another host’s cabin answers 404 to every calendar address and is left as it was; a draft’s is 409', async () => {
    const w = await world()
    expect((await w.block(WEEKEND)).status).toBe(201)
    const [block] = (await w.calendar()).blocks
    const other = await insertHost(ctx.db, api, session, { displayName: 'Refugio del Otro' })
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      api({ method, url, token: other.token, ...(body ? { body } : {}) })
    for (const res of [
      await as('GET', `${CALENDAR_API.calendar(w.listingId)}?from=2026-07-01&to=2026-08-01`),
      await as('POST', CALENDAR_API.blocks(w.listingId), { startsOn: '2026-07-20', endsOn: '2026-07-22' }),
      await as('DELETE', CALENDAR_API.block(w.listingId, must(block, 'block').id)),
      await as('POST', CALENDAR_API.unblock(w.listingId), WEEKEND),
      await as('PUT', CALENDAR_API.nightPrices(w.listingId), { ...WEEKEND, nightlyRate: 100_00 }),
      await as('DELETE', `${CALENDAR_API.nightPrices(w.listingId)}?startsOn=2026-07-10&endsOn=2026-07-12`),
      await as('GET', `${CALENDAR_API.calendar('not-a-uuid')}?from=2026-07-01&to=2026-08-01`),
    ]) {
      expect(res.status).toBe(404)
      expect(res.json().message).toBe(listingApiMessages.notFound)
    }
    expect(await w.blocksInDb()).toEqual([{ ...WEEKEND, note: '' }])
    expect(
      await ctx.db.select().from(cabinNightPrices).where(eq(cabinNightPrices.cabinId, w.cabinId)),
    ).toEqual([])

    // A block id of another cabin is not this cabin's block.
    const mine = await world()
    expect((await mine.removeBlock(must(block, 'block').id)).status).toBe(404)
    expect(await w.blocksInDb()).toHaveLength(1)

    const created = await api({ method: 'POST', url: LISTING_API.mine, token: other.token })
    const draftId = created.json().listing.id as string
    const draft = await as('GET', `${CALENDAR_API.calendar(draftId)}?from=2026-07-01&to=2026-08-01`)
    expect(draft.status).toBe(409)
    expect(draft.json().message).toBe(calendarMessages.notPublished)
  })

  it('stays open while the listing is paused', async () => {
    const w = await world()
    await ctx.db.update(listings).set({ status: 'paused' }).where(eq(listings.id, w.listingId))
    expect((await w.block(WEEKEND)).status).toBe(201)
  })

  it('limits each host to 60 changes a minute, with a Spanish 429', async () => {
    const w = await world()
    const free = { startsOn: '2026-10-01', endsOn: '2026-10-02' }
    for (let i = 0; i < 60; i++) expect((await w.unblock(free)).status).toBe(200)
    const refused = await w.unblock(free)
    expect(refused.status).toBe(429)
    expect(refused.json().message).toBe(listingApiMessages.tooManyChanges)
    // Reading is not a change.
    expect((await w.calendar()).blocks).toEqual([])
  })
})
