/**
 * Issue 21, point 6: the host's calendar, its month and night prices. Each night's price and where it
 * comes from, the blocks with their private note, reservations with the guest's first name; a night's
 * own price is quoted and asked for until cleared (the set-up: test/calendar-test-kit.ts).
 */

import { CALENDAR_API, HostCalendarResponseSchema } from '@cabanas/domain/calendar'
import { describe, expect, it } from 'vitest'
import { useCalendarRoutes, WEEKEND } from '../../test/calendar-test-kit.ts'
import { insertReservation } from '../../test/factories.ts'

const { ctx, api, world, quote } = useCalendarRoutes()

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
