/* Shared set-up of the e-mail verification tests (features/auth/email-verification-*.routes.test.ts). */

import {
  MyBookingRequestsResponseSchema,
  SessionResponseSchema,
  VerifyEmailResponseSchema,
} from '@cabanas/domain/auth'
import { ReservationsListResponseSchema } from '@cabanas/domain/reservations'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { clients, outbox } from '../db/schema.ts'
import { openMailSecrets } from '../features/mail/mail-jobs.ts'
import { buildTestApp } from './build-test-app.ts'
import { insertCabin } from './factories.ts'
import { must } from './must.ts'

export let ctx: Awaited<ReturnType<typeof buildTestApp>>
export let cabinId: string

/**
 * The app (a fresh database) for one test file, and another guest for each test: its own address and
 * e-mail, so no limit or row of one meets another's. Call once, at the top of the test file.
 */
export function useEmailVerificationApp() {
  beforeAll(async () => {
    ctx = await buildTestApp({ today: '2026-06-01' })
    cabinId = (await insertCabin(ctx.db)).id
  })
  afterAll(() => ctx.close())
  beforeEach(() => {
    guests += 1
    ip = `10.30.${guests >> 8}.${guests & 255}`
    email = `huesped.${guests}@ejemplo.mx`
  })
}

export const invalid = 'El enlace para confirmar tu correo no es válido o ya expiró. Solicita uno nuevo.'

/** Each test is another guest: its own address and e-mail, so no limit or row of one meets another's. */
export let guests = 0
export let ip = ''
export let email = ''

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export async function register(address = email) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/register',
    remoteAddress: ip,
    payload: {
      firstName: 'Ana',
      lastName: 'Rodríguez',
      email: address,
      password: 'secreta1',
      confirmPassword: 'secreta1',
      acceptTerms: true,
    },
  })
  expect(res.statusCode).toBe(201)
  return SessionResponseSchema.parse(res.json()).data
}

/** The tokens of a client's link mails ('verify-email', or 'verify-new-email') in the outbox, oldest first. */
export async function mailedTokens(clientId: string, template = 'verify-email'): Promise<string[]> {
  const rows = await ctx.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, `mail:${template}`), sql`${outbox.payload}->>'clientId' = ${clientId}`))
    .orderBy(outbox.createdAt)
  // Sealed while they wait (SECRETS_KEY): opened as the mail feature opens them to send.
  return rows.map((row) => String(openMailSecrets(`mail:${template}`, row.payload).token))
}

/** Opens a link: with the account's session (as the browser that registered does), or without one. */
export const verify = (
  token: string,
  { session, remoteAddress = ip }: { session?: string; remoteAddress?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/verify-email',
    payload: { token },
    remoteAddress,
    headers: session ? bearer(session) : {},
  })

/** Opens a link in the account's own session; answers the session that replaces it. */
export async function verifyIn(session: string, token: string) {
  const res = await verify(token, { session })
  expect(res.statusCode).toBe(200)
  const { data } = VerifyEmailResponseSchema.parse(res.json())
  if (data.outcome !== 'verified') throw new Error(`expected verified, got ${data.outcome}`)
  return data
}

export const resend = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/resend-verification',
    headers: bearer(token),
    remoteAddress: ip,
  })

export async function myReservationIds(token: string): Promise<string[]> {
  const res = await ctx.app.inject({ url: '/auth/reservations', headers: bearer(token) })
  expect(res.statusCode).toBe(200)
  return ReservationsListResponseSchema.parse(res.json()).data.reservations.map((r) => r._id)
}

export async function myRequestIds(token: string): Promise<string[]> {
  const res = await ctx.app.inject({ url: '/auth/booking-requests', headers: bearer(token) })
  expect(res.statusCode).toBe(200)
  return MyBookingRequestsResponseSchema.parse(res.json()).data.requests.map((r) => r.requestId)
}

export async function isVerified(clientId: string) {
  const [row] = await ctx.db
    .select({ isEmailVerified: clients.isEmailVerified })
    .from(clients)
    .where(eq(clients.id, clientId))
  return must(row, 'row').isEmailVerified
}

/** A request to book sent without an account, through the real route. */
export async function requestToBook(address: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: ip,
    payload: {
      fullName: 'Ana Rodríguez',
      email: address,
      phone: '5512345678',
      guests: 2,
      cabinId,
      checkIn: '2026-08-10',
      checkOut: '2026-08-12',
    },
  })
  expect(res.statusCode).toBe(201)
  return res.json().data.requestId as string
}
