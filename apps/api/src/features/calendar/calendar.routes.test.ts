/**
 * Issue 21, point 6: the host's calendar. Blocks with a private note, night prices, reservations with
 * the guest's first name; blocked nights taken everywhere a guest looks; refusals in Spanish that keep
 * what was saved.
 */

import { randomUUID } from 'node:crypto'
import { CALENDAR_API, calendarMessages, HostCalendarResponseSchema } from '@cabanas/domain/calendar'
import { LISTING_API, listingApiMessages } from '@cabanas/domain/listings'
import { quoteMessages } from '@cabanas/domain/quotes'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cabinBlocks, cabinNightPrices, listings } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertBlock, insertReservation } from '../../test/factories.ts'
import { completeListing } from '../../test/listing-fixtures.ts'
import {
  type Api,
  injectApi,
  insertHost,
  insertOperator,
  plantPublishedListing,
  sessionFor,
} from '../../test/listing-test-kit.ts'
import { must } from '../../test/must.ts'

// Today is 2026-06-01 (a Monday) in Mexico City; 2026-07-10 is a Friday.
const WEEKEND = { startsOn: '2026-07-10', endsOn: '2026-07-12' }

let ctx: Awaited<ReturnType<typeof buildTestApp>>
let api: Api
const session = (clientId: string) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())

beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01' })
  api = injectApi(ctx.app)
})
afterAll(() => ctx.close())

let places = 0
/**
 * A host with a published cabin (weekdays $1,800, weekends $2,400, Navidad $3,000, 2 nights minimum) in
 * a town of its own, so a search sees only it.
 */
async function world() {
  places += 1
  const place = `Rancho Calendario ${places}`
  const host = await insertHost(ctx.db, api, session)
  const operator = await insertOperator(ctx.db, session)
  const photos = Array.from({ length: 5 }, () => randomUUID())
  const { listingId, cabinId } = await plantPublishedListing(ctx.db, {
    hostId: host.client.id,
    operatorId: operator.client.id,
    draft: completeListing(photos, { locality: place }),
  })
  const calendar = (from = '2026-07-01', to = '2026-08-01') =>
    api({ url: `${CALENDAR_API.calendar(listingId)}?from=${from}&to=${to}`, token: host.token })
  const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    api({ method, url, token: host.token, ...(body !== undefined ? { body } : {}) })
  return {
    host,
    place,
    listingId,
    cabinId,
    calendar: async (from?: string, to?: string) => {
      const res = await calendar(from, to)
      expect(res.status, res.body).toBe(200)
      return HostCalendarResponseSchema.parse(res.json()).calendar
    },
    block: (body: object) => write('POST', CALENDAR_API.blocks(listingId), body),
    unblock: (body: object) => write('POST', CALENDAR_API.unblock(listingId), body),
    removeBlock: (blockId: string) => write('DELETE', CALENDAR_API.block(listingId, blockId)),
    price: (body: object) => write('PUT', CALENDAR_API.nightPrices(listingId), body),
    clearPrices: ({ startsOn, endsOn }: { startsOn: string; endsOn: string }) =>
      write('DELETE', `${CALENDAR_API.nightPrices(listingId)}?startsOn=${startsOn}&endsOn=${endsOn}`),
    blocksInDb: () =>
      ctx.db
        .select({ startsOn: cabinBlocks.startsOn, endsOn: cabinBlocks.endsOn, note: cabinBlocks.note })
        .from(cabinBlocks)
        .where(eq(cabinBlocks.cabinId, cabinId))
        .orderBy(asc(cabinBlocks.startsOn)),
  }
}

/** What a guest is told of a stay: the quote's status and lodging (or its refusal). */
async function quote(cabinId: string, checkIn: string, checkOut: string) {
  const res = await api({
    method: 'POST',
    url: '/reservas/cotizar',
    body: { habitacionId: cabinId, checkIn, checkOut, guests: 2 },
  })
  const body = res.json()
  return res.status === 200
    ? { status: 200, lodging: body.pricing.basePrice as number, total: body.pricing.totalPrice as number }
    : { status: res.status, errorType: body.errorType as string, message: body.message as string }
}

async function foundInSearch(place: string, cabinId: string, checkIn: string, checkOut: string) {
  const query = new URLSearchParams({ location: place, checkIn, checkOut, guests: '2' })
  const res = await api({ url: `/cotizar/search?${query}` })
  expect(res.status, res.body).toBe(200)
  return (res.json().habitaciones as { _id: string }[]).some((cabin) => cabin._id === cabinId)
}

describe('the host’s month', () => {
  it('shows each night’s price and where it comes from, the blocks with their notes, the stays with the guest’s first name only', async () => {
    const w = await world()
    await insertReservation(ctx.db, {
      cabinId: w.cabinId,
      checkIn: '2026-07-06',
      checkOut: '2026-07-08',
      guestFirstName: 'Lucía',
      guestLastName: 'Mendoza',
      guestEmail: 'lucia.mendoza@ejemplo.mx',
      guestPhone: '3311112222',
    })
    await insertReservation(ctx.db, {
      cabinId: w.cabinId,
      checkIn: '2026-07-20',
      status: 'cancelled',
      paymentStatus: 'FAILED',
      guestFirstName: 'Cancelada',
    })
    expect((await w.block({ ...WEEKEND, note: 'Boda de mi prima' })).status).toBe(201)
    expect(
      (await w.price({ startsOn: '2026-07-15', endsOn: '2026-07-16', nightlyRate: 2_900_00 })).status,
    ).toBe(200)

    const res = await api({
      url: `${CALENDAR_API.calendar(w.listingId)}?from=2026-06-28&to=2026-08-09`,
      token: w.host.token,
    })
    expect(res.body).not.toMatch(/Mendoza|lucia\.mendoza|3311112222|Cancelada/)
    const month = HostCalendarResponseSchema.parse(res.json()).calendar
    expect(month).toMatchObject({ listingId: w.listingId, cabinId: w.cabinId, today: '2026-06-01' })
    expect(month.nights).toHaveLength(42)
    const night = (date: string) => month.nights.find((n) => n.date === date)
    expect(night('2026-07-06')).toEqual({ date: '2026-07-06', rate: 1_800_00, kind: 'weekday', season: null })
    expect(night('2026-07-10')).toEqual({ date: '2026-07-10', rate: 2_400_00, kind: 'weekend', season: null })
    expect(night('2026-07-15')).toEqual({ date: '2026-07-15', rate: 2_900_00, kind: 'custom', season: null })
    expect(month.blocks).toEqual([
      expect.objectContaining({ ...WEEKEND, note: 'Boda de mi prima', source: 'host' }),
    ])
    expect(month.reservations).toEqual([
      expect.objectContaining({
        checkIn: '2026-07-06',
        checkOut: '2026-07-08',
        guestFirstName: 'Lucía',
        status: 'active',
      }),
    ])

    const christmas = await w.calendar('2026-12-23', '2026-12-26')
    expect(christmas.nights.map((n) => [n.rate, n.kind, n.season])).toEqual(
      Array(3).fill([3_000_00, 'season', 'Navidad']),
    )
  })
})

describe('a blocked weekend', () => {
  it('is no longer quoted, found, offered in the cabin’s calendar or asked for; unblocking brings it back', async () => {
    const w = await world()
    const stay = ['2026-07-10', '2026-07-12'] as const
    expect((await quote(w.cabinId, ...stay)).status).toBe(200)
    expect(await foundInSearch(w.place, w.cabinId, ...stay)).toBe(true)

    const blocked = await w.block({ ...WEEKEND, note: 'Mantenimiento del techo' })
    expect(blocked.status, blocked.body).toBe(201)
    const { block } = blocked.json()
    expect(block).toMatchObject({ ...WEEKEND, note: 'Mantenimiento del techo', source: 'host' })

    expect(await quote(w.cabinId, ...stay)).toMatchObject({
      status: 409,
      message: quoteMessages.NOT_AVAILABLE,
    })
    // A stay touching only one blocked night is refused too; one ending on the first blocked day is not.
    expect((await quote(w.cabinId, '2026-07-11', '2026-07-13')).status).toBe(409)
    expect((await quote(w.cabinId, '2026-07-08', '2026-07-10')).status).toBe(200)
    expect(await foundInSearch(w.place, w.cabinId, ...stay)).toBe(false)
    const guestCalendar = await api({ url: `/api/availability/cabin/${w.cabinId}` })
    expect(guestCalendar.json().bookedNights).toEqual(['2026-07-10', '2026-07-11'])
    // The guest is never told why: no note, no word of a block.
    expect(guestCalendar.body).not.toContain('Mantenimiento')
    const check = await api({
      method: 'POST',
      url: '/api/availability/check',
      body: { cabinId: w.cabinId, checkIn: stay[0], checkOut: stay[1] },
    })
    expect(check.json()).toMatchObject({ available: false, errorType: 'NOT_AVAILABLE' })
    const asked = await api({
      method: 'POST',
      url: '/api/bookings',
      body: {
        cabinId: w.cabinId,
        checkIn: stay[0],
        checkOut: stay[1],
        guests: 2,
        fullName: 'Ana Rodríguez',
        email: 'ana@ejemplo.mx',
        phone: '5512345678',
      },
    })
    expect(asked.status).toBe(409)

    // Friday unblocked: the block keeps Saturday, with its note.
    const friday = await w.unblock({ startsOn: '2026-07-10', endsOn: '2026-07-11' })
    expect(friday.json()).toEqual({ nights: 1 })
    expect(await w.blocksInDb()).toEqual([
      { startsOn: '2026-07-11', endsOn: '2026-07-12', note: 'Mantenimiento del techo' },
    ])
    expect((await quote(w.cabinId, '2026-07-09', '2026-07-11')).status).toBe(200)

    const [rest] = (await w.calendar()).blocks
    expect((await w.removeBlock(must(rest, 'rest').id)).status).toBe(204)
    expect(await w.blocksInDb()).toEqual([])
    expect((await quote(w.cabinId, ...stay)).status).toBe(200)
    expect(await foundInSearch(w.place, w.cabinId, ...stay)).toBe(true)
    const again = await w.removeBlock(must(rest, 'rest').id)
    expect(again.status).toBe(404)
    expect(again.json().message).toBe(calendarMessages.blockNotFound)
  })

  it('splits a block when nights in its middle are unblocked', async () => {
    const w = await world()
    expect((await w.block({ startsOn: '2026-08-01', endsOn: '2026-08-11', note: 'Vacaciones' })).status).toBe(
      201,
    )
    expect((await w.unblock({ startsOn: '2026-08-04', endsOn: '2026-08-06' })).json()).toEqual({ nights: 2 })
    expect(await w.blocksInDb()).toEqual([
      { startsOn: '2026-08-01', endsOn: '2026-08-04', note: 'Vacaciones' },
      { startsOn: '2026-08-06', endsOn: '2026-08-11', note: 'Vacaciones' },
    ])
    expect((await quote(w.cabinId, '2026-08-04', '2026-08-06')).status).toBe(200)
    // Unblocking nights nothing blocks frees nothing, and is not an error.
    expect((await w.unblock({ startsOn: '2026-09-01', endsOn: '2026-09-03' })).json()).toEqual({ nights: 0 })
  })
})

describe('a block refused', () => {
  it('over a reservation, confirmed or being paid, says so; over another block too; nothing saved is lost', async () => {
    const w = await world()
    await insertReservation(ctx.db, { cabinId: w.cabinId, checkIn: '2026-07-20', checkOut: '2026-07-23' })
    await insertReservation(ctx.db, {
      cabinId: w.cabinId,
      checkIn: '2026-07-28',
      checkOut: '2026-07-30',
      status: 'pending',
      paymentStatus: 'PENDING',
    })
    expect((await w.block({ startsOn: '2026-07-24', endsOn: '2026-07-27', note: 'Pintura' })).status).toBe(
      201,
    )
    const before = await w.blocksInDb()

    for (const range of [
      { startsOn: '2026-07-22', endsOn: '2026-07-24' },
      { startsOn: '2026-07-15', endsOn: '2026-08-15' },
      { startsOn: '2026-07-29', endsOn: '2026-07-30' },
    ]) {
      const res = await w.block({ ...range, note: 'Otra cosa' })
      expect(res.status, JSON.stringify(range)).toBe(409)
      expect(res.json()).toMatchObject({
        errorType: 'NOT_AVAILABLE',
        message: calendarMessages.overReservation,
      })
    }
    const overBlock = await w.block({ startsOn: '2026-07-26', endsOn: '2026-07-28' })
    expect(overBlock.status).toBe(409)
    expect(overBlock.json().message).toBe(calendarMessages.overBlock)

    expect(await w.blocksInDb()).toEqual(before)
    const month = await w.calendar()
    expect(month.reservations.map((r) => r.status)).toEqual(['active', 'pending'])
    // Back to back with both is fine: a check-out day is free.
    expect((await w.block({ startsOn: '2026-07-23', endsOn: '2026-07-24' })).status).toBe(201)
  })

  it('in the past gets a Spanish 400 saying so; nothing saved is lost; a block from today is fine', async () => {
    const w = await world()
    const old = await insertBlock(ctx.db, {
      cabinId: w.cabinId,
      startsOn: '2026-05-01',
      endsOn: '2026-05-03',
      note: 'Antes',
    })
    const across = await insertBlock(ctx.db, {
      cabinId: w.cabinId,
      startsOn: '2026-05-30',
      endsOn: '2026-06-04',
      note: 'Cruza hoy',
    })
    const yesterday = { startsOn: '2026-05-31', endsOn: '2026-06-02' }
    for (const res of [
      await w.block({ ...yesterday, note: 'Tarde' }),
      await w.unblock(yesterday),
      await w.price({ ...yesterday, nightlyRate: 2_000_00 }),
      await w.clearPrices(yesterday),
      await w.removeBlock(old.id),
    ]) {
      expect(res.status).toBe(400)
      expect(res.json()).toMatchObject({ errorType: 'INVALID_DATE', message: calendarMessages.past })
    }
    expect(await w.blocksInDb()).toEqual([
      { startsOn: '2026-05-01', endsOn: '2026-05-03', note: 'Antes' },
      { startsOn: '2026-05-30', endsOn: '2026-06-04', note: 'Cruza hoy' },
    ])
    // Removing the block across today frees today on and keeps the nights already past.
    expect((await w.removeBlock(across.id)).status).toBe(204)
    expect(await w.blocksInDb()).toEqual([
      { startsOn: '2026-05-01', endsOn: '2026-05-03', note: 'Antes' },
      { startsOn: '2026-05-30', endsOn: '2026-06-01', note: 'Cruza hoy' },
    ])
    expect((await w.block({ startsOn: '2026-06-01', endsOn: '2026-06-02' })).status).toBe(201)
    const tooFar = await w.block({ startsOn: '2028-09-01', endsOn: '2028-09-03' })
    expect(tooFar.json()).toMatchObject({ errorType: 'INVALID_DATE', message: calendarMessages.tooFar })
  })

  it('with a bad range, note or price gets the domain’s Spanish 400, and nothing is written', async () => {
    const w = await world()
    const refusals = [
      [await w.block({ startsOn: '2026-07-12', endsOn: '2026-07-10' }), calendarMessages.order],
      [await w.block({ startsOn: '2026-07-01', endsOn: '2027-07-02' }), calendarMessages.tooLong],
      [await w.block({ ...WEEKEND, note: 'x'.repeat(201) }), calendarMessages.note],
      [
        await w.block({ ...WEEKEND, note: 'nota\u0000oculta' }),
        'El campo nota contiene caracteres no permitidos',
      ],
      [await w.block({ ...WEEKEND, cabinId: w.cabinId }), undefined],
      [await w.price({ ...WEEKEND, nightlyRate: 0 }), calendarMessages.rateMin],
      [await w.price({ ...WEEKEND, nightlyRate: 10_000_000_00 }), calendarMessages.rateMax],
      [await w.price({ ...WEEKEND, nightlyRate: '2500' }), calendarMessages.rateWhole],
      [await w.price({ ...WEEKEND, nightlyRate: 2_500_50 }), calendarMessages.ratePesos],
    ] as const
    for (const [res, message] of refusals) {
      expect(res.status, res.body).toBe(400)
      expect(res.json().errorType).toBe('VALIDATION_ERROR')
      if (message) expect(res.json().message).toBe(message)
    }
    expect(await w.blocksInDb()).toEqual([])
    expect(
      await ctx.db.select().from(cabinNightPrices).where(eq(cabinNightPrices.cabinId, w.cabinId)),
    ).toEqual([])
    const read = await api({
      url: `${CALENDAR_API.calendar(w.listingId)}?from=2026-06-01&to=2026-12-01`,
      token: w.host.token,
    })
    expect(read.json()).toMatchObject({
      errorType: 'VALIDATION_ERROR',
      message: calendarMessages.readTooLong,
    })
  })
})

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

describe('night prices', () => {
  it('are quoted and asked for at the night’s own price, over weekends and seasons, until cleared', async () => {
    const w = await world()
    // Thursday $1,800, Friday and Saturday at their own price.
    expect((await w.price({ ...WEEKEND, nightlyRate: 3_100_00 })).json()).toEqual({ nights: 2 })
    expect(await quote(w.cabinId, '2026-07-09', '2026-07-12')).toMatchObject({
      status: 200,
      lodging: 1_800_00 + 2 * 3_100_00,
    })
    // Setting again replaces the price.
    expect(
      (await w.price({ startsOn: '2026-07-11', endsOn: '2026-07-12', nightlyRate: 2_000_00 })).json(),
    ).toEqual({ nights: 1 })
    const quoted = await quote(w.cabinId, '2026-07-09', '2026-07-12')
    expect(quoted).toMatchObject({ status: 200, lodging: 1_800_00 + 3_100_00 + 2_000_00 })
    // 'Solicitar reserva' prices from the database: the same total.
    const asked = await api({
      method: 'POST',
      url: '/api/bookings',
      body: {
        cabinId: w.cabinId,
        checkIn: '2026-07-09',
        checkOut: '2026-07-12',
        guests: 2,
        fullName: 'Ana Rodríguez',
        email: 'ana@ejemplo.mx',
        phone: '5512345678',
      },
    })
    expect(asked.status, asked.body).toBe(201)
    expect(asked.json().data.totalPrice).toBe((quoted as { total: number }).total)

    // A night inside Navidad wins over the season.
    expect(
      (await w.price({ startsOn: '2026-12-24', endsOn: '2026-12-25', nightlyRate: 4_000_00 })).status,
    ).toBe(200)
    expect(await quote(w.cabinId, '2026-12-23', '2026-12-26')).toMatchObject({
      lodging: 3_000_00 + 4_000_00 + 3_000_00,
    })

    expect((await w.clearPrices({ startsOn: '2026-07-10', endsOn: '2026-07-11' })).json()).toEqual({
      nights: 1,
    })
    expect(await quote(w.cabinId, '2026-07-09', '2026-07-12')).toMatchObject({
      lodging: 1_800_00 + 2_400_00 + 2_000_00,
    })
    const month = await w.calendar()
    expect(month.nights.filter((n) => n.kind === 'custom').map((n) => [n.date, n.rate])).toEqual([
      ['2026-07-11', 2_000_00],
    ])
  })
})
