/**
 * Issue 21, point 6: the host's blocks. Blocked nights are taken everywhere a guest looks, and free again
 * once unblocked; a block over a reservation, in the past or with bad input is refused in Spanish and
 * keeps what was saved (the set-up: test/calendar-test-kit.ts).
 */

import { CALENDAR_API, calendarMessages } from '@cabanas/domain/calendar'
import { quoteMessages } from '@cabanas/domain/quotes'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cabinNightPrices } from '../../db/schema.ts'
import { useCalendarRoutes, WEEKEND } from '../../test/calendar-test-kit.ts'
import { insertBlock, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'

const { ctx, api, world, quote, foundInSearch } = useCalendarRoutes()

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
