import { SearchResponseSchema } from '@cabanas/domain/search'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cabins, reservations } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin, insertReservation, insertSeason } from '../../test/factories.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01' })
})
afterAll(() => ctx.close())

/** Each test searches its own invented destination, so tests never see each other's cabins. */
let destinationCounter = 0
function newDestination() {
  destinationCounter += 1
  return { population: `Pueblo Mágico ${destinationCounter}`, state: 'Michoacán' }
}

async function search(params: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))
  return ctx.app.inject({ url: `/cotizar/search?${qs}` })
}

async function searchIds(params: Record<string, string | number>) {
  const res = await search(params)
  expect(res.statusCode).toBe(200)
  return SearchResponseSchema.parse(res.json()).habitaciones.map((c) => c._id)
}

const stay = { checkIn: '2026-07-06', checkOut: '2026-07-09', guests: 2 }

describe('GET /cotizar/search — location', () => {
  it.each([
    ['Tepoztlán, Morelos'],
    ['tepoztlan, morelos'],
    ['TEPOZTLAN'],
    ['tepoztlán'],
    ['  Morelos '],
    // Typed by hand in the header's text field (issue 20): the comma's spacing does not matter.
    ['Tepoztlán,Morelos'],
    ['tepoztlan ,  morelos,'],
  ])('finds Tepoztlán cabins for %j', async (location) => {
    const cabin = await insertCabin(ctx.db, { population: 'Tepoztlán', state: 'Morelos' })
    expect(await searchIds({ ...stay, location })).toContain(cabin.id)
  })

  it('does not match a different destination or a fragment', async () => {
    await insertCabin(ctx.db, { population: 'Tapalpa', state: 'Jalisco' })
    expect(await searchIds({ ...stay, location: 'Tapal' })).toEqual([])
    expect(await searchIds({ ...stay, location: 'Atlantis' })).toEqual([])
  })
})

describe('GET /cotizar/search — availability', () => {
  it('hides a cabin with a live reservation overlapping the stay and keeps a back-to-back one', async () => {
    const place = newDestination()
    const overlapped = await insertCabin(ctx.db, place)
    const backToBack = await insertCabin(ctx.db, place)
    const pendingHold = await insertCabin(ctx.db, place)
    const cancelled = await insertCabin(ctx.db, place)
    await insertReservation(ctx.db, { cabinId: overlapped.id, checkIn: '2026-07-08', checkOut: '2026-07-10' })
    await insertReservation(ctx.db, { cabinId: backToBack.id, checkIn: '2026-07-03', checkOut: '2026-07-06' })
    await insertReservation(ctx.db, { cabinId: backToBack.id, checkIn: '2026-07-09', checkOut: '2026-07-12' })
    await insertReservation(ctx.db, {
      cabinId: pendingHold.id,
      checkIn: '2026-07-05',
      checkOut: '2026-07-07',
      status: 'pending',
      paymentStatus: 'PENDING',
    })
    await insertReservation(ctx.db, {
      cabinId: cancelled.id,
      checkIn: '2026-07-06',
      checkOut: '2026-07-09',
      status: 'cancelled',
      paymentStatus: 'FAILED',
    })
    const ids = await searchIds({ ...stay, location: place.population })
    expect(ids.sort()).toEqual([backToBack.id, cancelled.id].sort())
  })

  it('keeps only cabins whose occupancy fits the guests', async () => {
    const place = newDestination()
    const couple = await insertCabin(ctx.db, { ...place, minOccupancy: 1, maxOccupancy: 2 })
    const family = await insertCabin(ctx.db, { ...place, minOccupancy: 4, maxOccupancy: 8 })
    expect(await searchIds({ ...stay, location: place.population, guests: 2 })).toEqual([couple.id])
    expect(await searchIds({ ...stay, location: place.population, guests: 6 })).toEqual([family.id])
    expect(await searchIds({ ...stay, location: place.population, guests: 3 })).toEqual([])
  })

  it('leaves out cabins whose minimum stay is longer than the search', async () => {
    const place = newDestination()
    await insertCabin(ctx.db, { ...place, minNights: 4 })
    const flexible = await insertCabin(ctx.db, { ...place, minNights: 3 })
    expect(await searchIds({ ...stay, location: place.population })).toEqual([flexible.id])
  })
})

describe('GET /cotizar/search — filters', () => {
  it('reads beds, bathrooms and bedrooms as "at least N"', async () => {
    const place = newDestination()
    const small = await insertCabin(ctx.db, {
      ...place,
      bedrooms: 1,
      beds: 1,
      bathrooms: 1,
      weekdayRate: 1_000_00,
    })
    const big = await insertCabin(ctx.db, {
      ...place,
      bedrooms: 3,
      beds: 4,
      bathrooms: 2,
      weekdayRate: 2_000_00,
    })
    const location = place.population
    expect(await searchIds({ ...stay, location, beds: 0 })).toEqual([small.id, big.id])
    expect(await searchIds({ ...stay, location, beds: 2 })).toEqual([big.id])
    expect(await searchIds({ ...stay, location, beds: 4 })).toEqual([big.id])
    expect(await searchIds({ ...stay, location, beds: 5 })).toEqual([])
    expect(await searchIds({ ...stay, location, bathrooms: 2 })).toEqual([big.id])
    expect(await searchIds({ ...stay, location, bedrooms: 2 })).toEqual([big.id])
  })

  it('requires every selected amenity', async () => {
    const place = newDestination()
    const wifiOnly = await insertCabin(ctx.db, { ...place, amenities: ['wifi'], weekdayRate: 1_000_00 })
    const both = await insertCabin(ctx.db, {
      ...place,
      amenities: ['wifi', 'pool', 'petsAllowed'],
      weekdayRate: 2_000_00,
    })
    const location = place.population
    expect(await searchIds({ ...stay, location, amenities: 'wifi' })).toEqual([wifiOnly.id, both.id])
    expect(await searchIds({ ...stay, location, amenities: 'wifi,pool' })).toEqual([both.id])
    const repeated = await ctx.app.inject({
      url: `/cotizar/search?location=${encodeURIComponent(location)}&checkIn=2026-07-06&checkOut=2026-07-09&guests=2&amenities=pool&amenities=petsAllowed`,
    })
    expect(SearchResponseSchema.parse(repeated.json()).habitaciones.map((c) => c._id)).toEqual([both.id])
  })

  it('lists restricted cabins after the bookable ones, cheapest first', async () => {
    const place = newDestination()
    const restricted = await insertCabin(ctx.db, {
      ...place,
      weekdayRate: 900_00,
      restrictions: [{ message: 'Cerrada' }],
    })
    const pricey = await insertCabin(ctx.db, { ...place, weekdayRate: 3_000_00 })
    const cheap = await insertCabin(ctx.db, { ...place, weekdayRate: 1_200_00 })
    expect(await searchIds({ ...stay, location: place.population })).toEqual([
      cheap.id,
      pricey.id,
      restricted.id,
    ])
  })
})

describe('GET /cotizar/search — price of the stay', () => {
  it('carries nights and the total computed by the pricing rules, seasons included', async () => {
    const place = newDestination()
    const cabin = await insertCabin(ctx.db, { ...place, weekdayRate: 1_000_00, weekendRate: 1_500_00 })
    await insertSeason(ctx.db, {
      cabinId: cabin.id,
      name: 'Verano',
      startsOn: '2026-07-15',
      endsOn: '2026-08-21',
      nightlyRate: 2_000_00,
    })
    // Tuesday 14 is a weekday night; Wednesday 15 is the first night of the season.
    const res = await search({
      location: place.population,
      checkIn: '2026-07-14',
      checkOut: '2026-07-16',
      guests: 2,
    })
    const body = SearchResponseSchema.parse(res.json())
    expect(body.nights).toBe(2)
    expect(body.habitaciones[0]?.stay).toEqual({
      nights: 2,
      totalPrice: 3_360_00,
      pricePerNight: 1_680_00,
      serviceCommission: 360_00,
    })
  })

  it("gives the average per night in whole pesos and each cabin's cancellation policy", async () => {
    const place = newDestination()
    // Weekday $1,400, weekend $2,100: Thursday and Friday, $3,920 for 2 nights, $1,960 a night
    // (the map used to show the weekday list price, $1,568, beside that total).
    const cabin = await insertCabin(ctx.db, { ...place, weekdayRate: 1_400_00, weekendRate: 2_100_00 })
    const free = await insertCabin(ctx.db, {
      ...place,
      weekdayRate: 1_500_00,
      weekendRate: 1_500_00,
      cancellationPolicy: 'free',
    })
    const at = async (checkOut: string) =>
      SearchResponseSchema.parse(
        (await search({ location: place.population, checkIn: '2026-07-09', checkOut, guests: 2 })).json(),
      ).habitaciones
    const [first, second] = await at('2026-07-11')
    expect(first?._id).toBe(cabin.id)
    expect(first?.stay).toMatchObject({ nights: 2, totalPrice: 3_920_00, pricePerNight: 1_960_00 })
    expect(first?.cancellationPolicy).toBe('non_refundable')
    expect(second?._id).toBe(free.id)
    expect(second?.cancellationPolicy).toBe('free')
    // Three nights, $6,272: $2,090.67 a night on average, $2,091 in whole pesos.
    const [odd] = await at('2026-07-12')
    expect(odd?.stay).toMatchObject({ nights: 3, totalPrice: 6_272_00, pricePerNight: 2_091_00 })
  })
})

describe('GET /cotizar/search — bad input', () => {
  const valid = { location: 'Mazamitla', checkIn: '2026-07-06', checkOut: '2026-07-09', guests: '2' }
  const without = (key: keyof typeof valid) =>
    Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))

  it.each([
    ['no location', without('location'), 'VALIDATION_ERROR', 'Faltan parámetros de búsqueda requeridos'],
    ['no guests', without('guests'), 'VALIDATION_ERROR', 'Faltan parámetros de búsqueda requeridos'],
    ['no checkIn', without('checkIn'), 'VALIDATION_ERROR', 'Faltan parámetros de búsqueda requeridos'],
    ['no checkOut', without('checkOut'), 'VALIDATION_ERROR', 'Faltan parámetros de búsqueda requeridos'],
    [
      'empty location',
      { ...valid, location: '  ' },
      'VALIDATION_ERROR',
      'Faltan parámetros de búsqueda requeridos',
    ],
    [
      'departure = arrival',
      { ...valid, checkOut: '2026-07-06' },
      'INVALID_DATE_RANGE',
      'La fecha de salida debe ser posterior a la fecha de llegada',
    ],
    [
      'departure before arrival',
      { ...valid, checkOut: '2026-07-01' },
      'INVALID_DATE_RANGE',
      'La fecha de salida debe ser posterior a la fecha de llegada',
    ],
    [
      'arrival in the past',
      { ...valid, checkIn: '2026-05-30' },
      'INVALID_DATE',
      'La fecha de llegada no puede ser anterior a hoy',
    ],
    [
      'malformed arrival',
      { ...valid, checkIn: '06/07/2026' },
      'INVALID_DATE',
      'La fecha de llegada no es válida (usa el formato aaaa-mm-dd)',
    ],
    [
      'impossible date',
      { ...valid, checkOut: '2026-02-30' },
      'INVALID_DATE',
      'La fecha de salida no es válida (usa el formato aaaa-mm-dd)',
    ],
    ['zero guests', { ...valid, guests: '0' }, 'VALIDATION_ERROR', 'Por favor indica el número de huéspedes'],
    [
      'guests not a number',
      { ...valid, guests: 'dos' },
      'VALIDATION_ERROR',
      'El número de huéspedes debe ser un número entero entre 1 y 50',
    ],
    [
      'negative guests',
      { ...valid, guests: '-2' },
      'VALIDATION_ERROR',
      'El número de huéspedes debe ser un número entero entre 1 y 50',
    ],
    [
      'too many guests',
      { ...valid, guests: '51' },
      'VALIDATION_ERROR',
      'El número de huéspedes debe ser un número entero entre 1 y 50',
    ],
    [
      'fractional beds',
      { ...valid, beds: '1.5' },
      'VALIDATION_ERROR',
      'El filtro de camas debe ser un número entero entre 0 y 50',
    ],
    [
      'negative bathrooms',
      { ...valid, bathrooms: '-1' },
      'VALIDATION_ERROR',
      'El filtro de baños debe ser un número entero entre 0 y 50',
    ],
    [
      'unknown amenity',
      { ...valid, amenities: "wifi,'; DROP TABLE cabins;--" },
      'VALIDATION_ERROR',
      "Amenidad desconocida: '; DROP TABLE cabins;--",
    ],
    [
      'stay too long',
      { ...valid, checkOut: '2026-12-01' },
      'INVALID_DATE_RANGE',
      'La estancia no puede ser mayor a 90 noches',
    ],
    [
      'too far ahead',
      { ...valid, checkIn: '2029-01-01', checkOut: '2029-01-03' },
      'INVALID_DATE',
      'Solo se puede reservar hasta dos años a partir de hoy',
    ],
  ])('answers 400 to %s', async (_name, params, errorType, message) => {
    const res = await search(params)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, errorType, error: message })
  })
})

describe('GET /cotizar/search — following changes', () => {
  it('shows a cabin again once its overlapping reservation is cancelled, and follows cabin edits', async () => {
    const place = newDestination()
    const cabin = await insertCabin(ctx.db, { ...place, maxOccupancy: 4 })
    const reservation = await insertReservation(ctx.db, {
      cabinId: cabin.id,
      checkIn: '2026-07-07',
      checkOut: '2026-07-08',
    })
    expect(await searchIds({ ...stay, location: place.population })).toEqual([])

    await ctx.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, reservation.id))
    expect(await searchIds({ ...stay, location: place.population })).toEqual([cabin.id])

    await ctx.db.update(cabins).set({ maxOccupancy: 1, minOccupancy: 1 }).where(eq(cabins.id, cabin.id))
    expect(await searchIds({ ...stay, location: place.population })).toEqual([])
  })
})
