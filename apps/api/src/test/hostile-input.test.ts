/**
 * Issue 9, item 1: hostile input on every public route that takes input. Control characters in a
 * text field and numbers that are not plain numbers get a Spanish 400 VALIDATION_ERROR, and nothing
 * is written: no client, reservation, request to book, reset link, outbox row or idempotency key.
 */

import { SessionResponseSchema } from '@cabanas/domain/auth'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bookingRequests,
  clients,
  idempotencyKeys,
  listingEvents,
  listings,
  operators,
  outbox,
  passwordResets,
  reservations,
} from '../db/schema.ts'
import { hashAccessToken } from '../features/reservations/reservation-access.queries.ts'
import { signSession } from '../lib/session-tokens.ts'
import { buildTestApp } from './build-test-app.ts'
import { insertCabin, insertClient, insertReservation } from './factories.ts'
import { must } from './must.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
let cabinId: string
let signedIn: { authorization: string }
let reservation: { id: string; secret: string }
/** Ana is also a host with a draft listing; an operator has one submitted listing to decide on. */
let draftListingId: string
let submittedListingId: string
let operator: { authorization: string }

beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01' })
  const cabin = await insertCabin(ctx.db, { minOccupancy: 1, maxOccupancy: 6 })
  cabinId = cabin.id
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: {
      firstName: 'Ana',
      lastName: 'Rodríguez',
      email: 'ana.hostil@ejemplo.mx',
      password: 'secreta1',
      confirmPassword: 'secreta1',
      acceptTerms: true,
    },
  })
  const session = SessionResponseSchema.parse(res.json()).data
  signedIn = { authorization: `Bearer ${session.token}` }
  const secret = 'secreto-de-prueba-hostil-0001'
  const row = await insertReservation(ctx.db, {
    cabinId,
    checkIn: '2026-08-01',
    clientId: session.client.id,
    accessTokenHash: hashAccessToken(secret),
  })
  reservation = { id: row.id, secret }
  const host = await ctx.app.inject({
    method: 'POST',
    url: '/api/hosts/me',
    headers: signedIn,
    payload: { displayName: 'Cabañas Ana', phone: '5512345678', clabe: '012180012345678909' },
  })
  expect(host.statusCode).toBe(201)
  const [draft, submitted] = await ctx.db
    .insert(listings)
    .values([
      { hostId: session.client.id, draft: { description: { title: 'Cabaña de Ana en el bosque' } } },
      { hostId: session.client.id, status: 'submitted', submittedAt: new Date() },
    ])
    .returning()
  draftListingId = must(draft, 'draft').id
  submittedListingId = must(submitted, 'submitted').id
  const op = await insertClient(ctx.db, { isEmailVerified: true })
  await ctx.db.insert(operators).values({ clientId: op.id, grantedBy: 'command' })
  const signed = await signSession(ctx.app.sessionKey, {
    clientId: op.id,
    rememberMe: false,
    epoch: 0,
    now: ctx.clock.now(),
  })
  operator = { authorization: `Bearer ${signed.token}` }
})
afterAll(() => ctx.close())

/** Rows of every table a request with input may write to. */
async function rowCounts() {
  const tables = {
    clients,
    reservations,
    bookingRequests,
    passwordResets,
    outbox,
    idempotencyKeys,
    listings,
    listingEvents,
  }
  const counts: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await ctx.db.select({ n: count() }).from(table)
    counts[name] = row?.n ?? -1
  }
  return counts
}

type Request = {
  method?: 'GET' | 'POST' | 'PUT'
  url: string
  payload?: unknown
  headers?: Record<string, string>
}

/** Sends the request and checks the Spanish 400 and that no table changed; returns the message. */
async function expectRefused(request: Request, message: string | RegExp) {
  const before = await rowCounts()
  const res = await ctx.app.inject({ method: request.method ?? 'GET', ...request } as never)
  expect(res.statusCode).toBe(400)
  const body = res.json()
  expect(body).toMatchObject({ success: false, errorType: 'VALIDATION_ERROR' })
  if (typeof message === 'string') expect(body.error).toBe(message)
  else expect(body.error).toMatch(message)
  expect(await rowCounts()).toEqual(before)
}

const CONTROLS = [
  ['NUL', '\u0000'],
  ['SOH', '\u0001'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
] as const

const stay = { checkIn: '2026-07-06', checkOut: '2026-07-08' }
const register = {
  firstName: 'Luis',
  lastName: 'Pérez',
  email: 'luis.hostil@ejemplo.mx',
  password: 'secreta1',
  confirmPassword: 'secreta1',
  acceptTerms: true,
}
const bookingRequest = () => ({
  fullName: 'Ana Rodríguez',
  email: 'ana@ejemplo.mx',
  phone: '5512345678',
  guests: 2,
  cabinId,
  ...stay,
})
const chargeBody = (change: { token_id?: string; device_session_id?: string; guests?: unknown } = {}) => ({
  reservationId: cabinId,
  method: 'card',
  token_id: change.token_id ?? 'kqgykn96i7bcs1wwhvgw',
  device_session_id: change.device_session_id ?? 'Ab0Cd1Ef2Gh3Ij4Kl5Mn6Op7Qr8St9Uv',
  customerData: { name: 'Ana', last_name: 'Rodríguez', phone_number: '5512345678', email: 'ana@ejemplo.mx' },
  reservationData: {
    cabinId,
    cabinName: 'Cabaña',
    ...stay,
    guests: 'guests' in change ? change.guests : 2,
    nights: 2,
    guestInfo: {
      firstName: 'Ana',
      lastName: 'Rodríguez',
      email: 'ana@ejemplo.mx',
      phone: '5512345678',
      specialRequests: '',
    },
  },
})

const refusedText = (label: string) => `El campo ${label} contiene caracteres no permitidos`

describe.each(CONTROLS)('a %s character in a text field', (_name, control) => {
  it('is refused by POST /auth/register, which creates no account', async () => {
    await expectRefused(
      { method: 'POST', url: '/auth/register', payload: { ...register, firstName: `Lu${control}is` } },
      refusedText('nombre'),
    )
    await expectRefused(
      { method: 'POST', url: '/auth/register', payload: { ...register, phone: `55${control}12345678` } },
      refusedText('teléfono'),
    )
  })

  it('is refused by POST /auth/login', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'ana.hostil@ejemplo.mx', password: `secreta1${control}` },
      },
      refusedText('contraseña'),
    )
  })

  it('is refused by POST /auth/forgot-password, which writes no reset link', async () => {
    await expectRefused(
      { method: 'POST', url: '/auth/forgot-password', payload: { email: `ana.hostil@ejemplo.mx${control}` } },
      refusedText('correo electrónico'),
    )
  })

  it('is refused by POST /auth/reset-password', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/auth/reset-password',
        payload: {
          token: `Zm9vYmFyYmF6cXV4${control}LWZvb2Jhcl9i`,
          password: 'nueva-1',
          confirmPassword: 'nueva-1',
        },
      },
      'El enlace para restablecer la contraseña no es válido o ya expiró. Solicita uno nuevo.',
    )
  })

  it('is refused by PUT /auth/profile, which keeps the name', async () => {
    await expectRefused(
      {
        method: 'PUT',
        url: '/auth/profile',
        headers: signedIn,
        payload: { firstName: `Ana${control}`, lastName: 'Rodríguez' },
      },
      refusedText('nombre'),
    )
    const check = await ctx.app.inject({ url: '/auth/check', headers: signedIn })
    expect(check.json().data.client.firstName).toBe('Ana')
  })

  it('is refused by POST /reservas/cotizar', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/reservas/cotizar',
        payload: { habitacionId: `${cabinId}${control}`, ...stay, guests: 2 },
      },
      refusedText('cabaña'),
    )
  })

  it('is refused by GET /cotizar/search in the destination', async () => {
    const query = new URLSearchParams({ location: `Mazamitla${control}`, ...stay, guests: '2' })
    await expectRefused({ url: `/cotizar/search?${query}` }, refusedText('destino'))
  })

  it('is refused by GET /habitaciones/:id and the availability routes', async () => {
    const id = encodeURIComponent(`${cabinId}${control}`)
    await expectRefused({ url: `/habitaciones/${id}` }, refusedText('identificador'))
    await expectRefused({ url: `/api/availability/cabin/${id}` }, refusedText('identificador'))
    await expectRefused(
      {
        method: 'POST',
        url: '/api/availability/check',
        payload: { cabinId: `${cabinId}${control}`, ...stay },
      },
      refusedText('cabaña'),
    )
    const range = new URLSearchParams({ checkIn: `2026-07-06${control}`, checkOut: stay.checkOut })
    await expectRefused(
      { url: `/api/availability/date-range?${range}` },
      'La fecha de llegada no es válida (usa el formato aaaa-mm-dd)',
    )
  })

  it('is refused by POST /api/bookings, which stores no request to book', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/bookings',
        payload: { ...bookingRequest(), fullName: `Ana${control} Rodríguez` },
      },
      refusedText('nombre'),
    )
  })

  it('in the card token is refused by POST /payments/charge, which holds no night', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/payments/charge',
        payload: chargeBody({ token_id: `kqgykn96i7bc${control}s1wwhvgw` }),
        headers: { 'idempotency-key': `hostil-token-${control.charCodeAt(0)}` },
      },
      'El token de la tarjeta no es válido',
    )
    await expectRefused(
      {
        method: 'POST',
        url: '/payments/charge',
        payload: chargeBody({ device_session_id: `Ab0Cd1Ef2Gh3${control}Ij4Kl5Mn6Op7` }),
      },
      'El identificador del dispositivo no es válido',
    )
  })

  it('is refused by PUT /api/bookings/:id, which keeps the reservation as it was', async () => {
    await expectRefused(
      {
        method: 'PUT',
        url: `/api/bookings/${reservation.id}`,
        headers: { 'x-reservation-token': reservation.secret },
        payload: { specialRequests: `Cuna${control}por favor` },
      },
      refusedText('solicitudes especiales'),
    )
    const res = await ctx.app.inject({ url: `/api/bookings/${reservation.id}`, headers: signedIn })
    expect(res.json().data.guest.specialRequests).toBe('')
  })

  it('is refused by POST /api/bookings/:id/link, which queues no new trip link', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: `/api/bookings/${reservation.id}/link`,
        payload: { email: `ana.hostil@ejemplo.mx${control}` },
      },
      refusedText('correo electrónico'),
    )
  })

  it('is refused by PUT a listing step, which keeps the draft as it was', async () => {
    const [before] = await ctx.db.select().from(listings).where(eq(listings.id, draftListingId))
    await expectRefused(
      {
        method: 'PUT',
        url: `/api/hosts/me/listings/${draftListingId}/steps/description`,
        headers: signedIn,
        payload: { version: 0, value: { title: `Cabaña${control} del bosque` } },
      },
      refusedText('título'),
    )
    const [after] = await ctx.db.select().from(listings).where(eq(listings.id, draftListingId))
    expect(after).toEqual(before)
  })

  it("is refused by POST an operator's return, which keeps the listing submitted and mails nothing", async () => {
    await expectRefused(
      {
        method: 'POST',
        url: `/api/operator/listings/${submittedListingId}/return`,
        headers: operator,
        payload: { reason: `Faltan fotos${control} del baño y de la cocina` },
      },
      refusedText('motivo'),
    )
    const [row] = await ctx.db.select().from(listings).where(eq(listings.id, submittedListingId))
    expect(row).toMatchObject({ status: 'submitted', returnReason: null })
  })
})

describe('numbers that are not plain numbers', () => {
  it.each([
    ['the text "2"', '2'],
    ['a padded " 2 "', ' 2 '],
    ['hex "0x2"', '0x2'],
    ['an array [2]', [2]],
    ['true', true],
    ['2.5', 2.5],
    ['-1', -1],
  ])('guests as %s are refused by the quote, the request to book and the charge', async (_name, guests) => {
    const message = /huéspedes/
    await expectRefused(
      { method: 'POST', url: '/reservas/cotizar', payload: { habitacionId: cabinId, ...stay, guests } },
      message,
    )
    await expectRefused(
      { method: 'POST', url: '/api/bookings', payload: { ...bookingRequest(), guests } },
      message,
    )
    await expectRefused({ method: 'POST', url: '/payments/charge', payload: chargeBody({ guests }) }, message)
  })

  it.each([['%202%20'], ['2%20'], ['0x2'], ['1e1'], ['2.0'], ['%2B2'], ['2&guests=3']])(
    'guests=%s is refused by the search',
    async (guests) => {
      await expectRefused(
        {
          url: `/cotizar/search?location=Mazamitla&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=${guests}`,
        },
        /huéspedes|guests/,
      )
    },
  )

  it.each([['%2020%20'], ['0x2'], ['1e1'], ['2.0'], ['%2B2'], ['2&limit=3'], ['2%00']])(
    'limit=%s is refused by GET /habitaciones',
    async (limit) => {
      await expectRefused(
        { url: `/habitaciones?limit=${limit}` },
        'El parámetro limit debe ser un número entero',
      )
    },
  )

  it('plain numbers still work', async () => {
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId: cabinId, ...stay, guests: 2 },
    })
    expect(quote.statusCode).toBe(200)
    const list = await ctx.app.inject({ url: '/habitaciones?limit=2&offset=0' })
    expect(list.statusCode).toBe(200)
    expect(list.json()).toMatchObject({ limit: 2, offset: 0 })
  })
})
