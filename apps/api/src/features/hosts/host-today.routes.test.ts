/**
 * Issue 22, 'Hoy': the host's home answers, for the signed-in host's cabins only and on Mexico City's
 * date, the arrivals and departures from today to today + 7, the requests still waiting with their
 * deadline, the paid bookings of the last 7 days and the open import conflicts.
 */

import { HOST_TODAY_API, HostTodayResponseSchema } from '@cabanas/domain/hosts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cabinCalendarConflicts, cabinCalendarFeeds, operators } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertBookingRequest, insertCabin, insertClient, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { addressSequence, sessionFor } from '../../test/session-test-kit.ts'

// Today is 2026-06-10 in Mexico City; the fixed clock's now is 12:00 there (18:00 UTC).
const TODAY = '2026-06-10'
let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ today: TODAY })
})
afterAll(() => ctx.close())

const nextAddress = addressSequence('10.9')

const tokenFor = (clientId: string) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())

async function insertHost(cabinName: string) {
  const client = await insertClient(ctx.db)
  const token = await tokenFor(client.id)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/hosts/me',
    headers: { authorization: `Bearer ${token}` },
    payload: { displayName: 'Cabañas Doña Lupe', phone: '3398765432', clabe: '072320001122334455' },
    remoteAddress: nextAddress(),
  })
  expect(res.statusCode).toBe(201)
  const cabin = await insertCabin(ctx.db, { hostId: client.id, name: cabinName })
  return { id: client.id, token, cabin }
}

const getToday = (token: string | null) =>
  ctx.app.inject({
    method: 'GET',
    url: HOST_TODAY_API,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: nextAddress(),
  })

async function readToday(token: string) {
  const res = await getToday(token)
  expect(res.statusCode, res.body).toBe(200)
  return HostTodayResponseSchema.parse(res.json()).data
}

const hoursAgo = (hours: number) => new Date(ctx.clock.now().getTime() - hours * 3_600_000)

describe('arrivals and departures', () => {
  it('covers today to today + 7 in Mexico City, day 8 and yesterday excluded', async () => {
    const host = await insertHost('Refugio del Lago')
    const cabinId = host.cabin.id
    const stay = (checkIn: string, checkOut: string, guestFirstName: string, extra = {}) =>
      insertReservation(ctx.db, { cabinId, checkIn, checkOut, guestFirstName, ...extra })
    await stay('2026-06-05', '2026-06-10', 'SaleHoy', { status: 'completed' })
    await stay('2026-06-10', '2026-06-12', 'LlegaHoy')
    await stay('2026-06-17', '2026-06-18', 'LlegaDia7')
    await stay('2026-06-18', '2026-06-20', 'LlegaDia8')
    await stay('2026-06-08', '2026-06-09', 'SalioAyer', { status: 'completed' })
    await stay('2026-06-14', '2026-06-16', 'SinPagar', { status: 'pending', paymentStatus: 'PENDING' })
    await stay('2026-06-20', '2026-06-22', 'Cancelada', { status: 'cancelled', paymentStatus: 'REFUNDED' })
    // A long stay in the host's second cabin: it left before the window opened and leaves on day 7.
    const second = await insertCabin(ctx.db, { hostId: host.id, name: 'Cabaña Dos' })
    await insertReservation(ctx.db, {
      cabinId: second.id,
      checkIn: '2026-05-20',
      checkOut: '2026-06-17',
      guestFirstName: 'EstanciaLarga',
    })

    const today = await readToday(host.token)
    expect(today.today).toBe(TODAY)
    expect(today.until).toBe('2026-06-17')
    expect(today.arrivals.map((s) => [s.guestFirstName, s.day])).toEqual([
      ['LlegaHoy', '2026-06-10'],
      ['LlegaDia7', '2026-06-17'],
    ])
    expect(today.departures.map((s) => [s.guestFirstName, s.day])).toEqual([
      ['SaleHoy', '2026-06-10'],
      ['LlegaHoy', '2026-06-12'],
      ['EstanciaLarga', '2026-06-17'],
    ])
    expect(today.arrivals[0]).toMatchObject({
      cabinName: 'Refugio del Lago',
      guests: 2,
      nights: 2,
      checkIn: '2026-06-10',
      checkOut: '2026-06-12',
    })
    expect(today.counts).toMatchObject({ arrivalsToday: 1, departuresToday: 1, arrivals: 2, departures: 3 })
  })

  it('says only the guest’s first name, never how to reach them', async () => {
    const host = await insertHost('Cabaña Privada')
    await insertReservation(ctx.db, {
      cabinId: host.cabin.id,
      checkIn: TODAY,
      guestFirstName: 'Lucía',
      guestLastName: 'Apellidosecreto',
      guestEmail: 'lucia.secreta@ejemplo.mx',
      guestPhone: '5599887766',
    })
    const res = await getToday(host.token)
    expect(res.body).toContain('Lucía')
    for (const secret of ['Apellidosecreto', 'lucia.secreta', '5599887766'])
      expect(res.body).not.toContain(secret)
  })
})

describe('requests waiting for an answer', () => {
  it('lists pending requests made in the last 24 h with their deadline, most urgent first', async () => {
    const host = await insertHost('Cabaña Solicitada')
    const cabinId = host.cabin.id
    const fresh = await insertBookingRequest(ctx.db, {
      cabinId,
      checkIn: '2026-07-01',
      createdAt: hoursAgo(2),
    })
    const urgent = await insertBookingRequest(ctx.db, {
      cabinId,
      checkIn: '2026-07-10',
      guests: 3,
      totalPrice: 4_500_00,
      createdAt: hoursAgo(19),
    })
    // Past its 24 hours: no longer answerable, even while still 'pending'.
    await insertBookingRequest(ctx.db, { cabinId, checkIn: '2026-07-20', createdAt: hoursAgo(25) })
    await insertBookingRequest(ctx.db, {
      cabinId,
      checkIn: '2026-07-20',
      status: 'declined',
      createdAt: hoursAgo(1),
    })

    const today = await readToday(host.token)
    expect(today.requests.map((r) => r.requestId)).toEqual([urgent.id, fresh.id])
    expect(today.requests[0]).toMatchObject({
      cabinName: 'Cabaña Solicitada',
      checkIn: '2026-07-10',
      checkOut: '2026-07-12',
      guests: 3,
      nights: 2,
      totalPrice: 4_500_00,
      deadline: new Date(hoursAgo(19).getTime() + 24 * 3_600_000).toISOString(),
    })
    expect(today.requests[0]).not.toHaveProperty('email')
    expect(today.counts).toMatchObject({ requests: 2, urgentRequests: 1 })
  })
})

describe('recent bookings', () => {
  it('lists paid reservations made in the last 7 days, newest first', async () => {
    const host = await insertHost('Cabaña Reciente')
    const cabinId = host.cabin.id
    const old = await insertReservation(ctx.db, {
      cabinId,
      checkIn: '2026-08-01',
      createdAt: hoursAgo(24 * 8),
    })
    const weekAgo = await insertReservation(ctx.db, {
      cabinId,
      checkIn: '2026-08-05',
      createdAt: hoursAgo(24 * 6),
    })
    const yesterday = await insertReservation(ctx.db, {
      cabinId,
      checkIn: '2026-08-10',
      totalPrice: 5_000_00,
      createdAt: hoursAgo(20),
    })
    await insertReservation(ctx.db, {
      cabinId,
      checkIn: '2026-08-20',
      status: 'pending',
      paymentStatus: 'PENDING',
      createdAt: hoursAgo(1),
    })
    const today = await readToday(host.token)
    const ids = today.recentBookings.map((b) => b.reservationId)
    expect(ids).toEqual([yesterday.id, weekAgo.id])
    expect(ids).not.toContain(old.id)
    expect(today.recentBookings[0]).toMatchObject({ totalPrice: 5_000_00, checkIn: '2026-08-10' })
    expect(today.counts.recentBookings).toBe(2)
  })
})

describe('import conflicts', () => {
  it('lists the conflicts that end after today, with the feed’s name', async () => {
    const host = await insertHost('Cabaña en Conflicto')
    const cabinId = host.cabin.id
    const [feed] = await ctx.db
      .insert(cabinCalendarFeeds)
      .values({ cabinId, name: 'Airbnb', url: 'https://www.airbnb.mx/calendar/ical/9.ics' })
      .returning()
    await ctx.db.insert(cabinCalendarConflicts).values([
      {
        feedId: must(feed, 'feed').id,
        cabinId,
        eventUid: 'a',
        startsOn: '2026-06-20',
        endsOn: '2026-06-23',
        over: 'reservation',
      },
      {
        feedId: must(feed, 'feed').id,
        cabinId,
        eventUid: 'b',
        startsOn: '2026-06-01',
        endsOn: '2026-06-10',
        over: 'block',
      },
    ])
    const today = await readToday(host.token)
    expect(today.conflicts).toEqual([
      expect.objectContaining({
        cabinName: 'Cabaña en Conflicto',
        listingId: null,
        feedName: 'Airbnb',
        startsOn: '2026-06-20',
        endsOn: '2026-06-23',
        over: 'reservation',
      }),
    ])
    expect(today.counts.conflicts).toBe(1)
  })
})

describe('who may read it', () => {
  it('never shows another host’s cabins', async () => {
    const other = await insertHost('Cabaña del Otro')
    const otherCabin = other.cabin.id
    await insertReservation(ctx.db, { cabinId: otherCabin, checkIn: TODAY, guestFirstName: 'DelOtro' })
    await insertBookingRequest(ctx.db, { cabinId: otherCabin, checkIn: '2026-07-01', createdAt: hoursAgo(1) })
    const [feed] = await ctx.db
      .insert(cabinCalendarFeeds)
      .values({ cabinId: otherCabin, name: 'Booking', url: 'https://booking.example/otro.ics' })
      .returning()
    await ctx.db.insert(cabinCalendarConflicts).values({
      feedId: must(feed, 'feed').id,
      cabinId: otherCabin,
      eventUid: 'x',
      startsOn: '2026-06-20',
      endsOn: '2026-06-21',
      over: 'block',
    })
    const me = await insertHost('Mi Cabaña Vacía')
    const today = await readToday(me.token)
    expect(today).toMatchObject({
      arrivals: [],
      departures: [],
      requests: [],
      recentBookings: [],
      conflicts: [],
    })
    expect(JSON.stringify(today)).not.toContain('Cabaña del Otro')
  })

  it('refuses the anonymous (401), a guest and an operator who is not a host (403), in Spanish', async () => {
    const anonymous = await getToday(null)
    expect(anonymous.statusCode).toBe(401)
    const guest = await insertClient(ctx.db)
    const asGuest = await getToday(await tokenFor(guest.id))
    expect(asGuest.statusCode).toBe(403)
    expect(asGuest.json().message).toMatch(/anfitriones/)
    const operator = await insertClient(ctx.db)
    await ctx.db.insert(operators).values({ clientId: operator.id, grantedBy: 'command' })
    expect((await getToday(await tokenFor(operator.id))).statusCode).toBe(403)
  })
})
