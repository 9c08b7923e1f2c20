import { randomBytes } from 'node:crypto'
import { VerifyEmailResponseSchema } from '@cabanas/domain/auth'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { clients, emailVerifications, reservations } from '../../db/schema.ts'
import {
  bearer,
  cabinId,
  ctx,
  email,
  guests,
  invalid,
  ip,
  isVerified,
  mailedTokens,
  myRequestIds,
  myReservationIds,
  register,
  requestToBook,
  resend,
  useEmailVerificationApp,
  verify,
  verifyIn,
} from '../../test/email-verification-test-kit.ts'
import { insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { hashVerificationToken } from './email-verification.queries.ts'

/* Confirming the address: the link registration mails, and opening it. */

useEmailVerificationApp()

describe('registration sends confirma tu correo', () => {
  it('writes a link, valid 7 days, and its mail in the outbox, with the token only in the mail', async () => {
    const { client } = await register()
    expect(client.isEmailVerified).toBe(false)

    const [token, ...others] = await mailedTokens(client.id)
    expect(others).toEqual([])
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [link] = await ctx.db
      .select({
        clientId: emailVerifications.clientId,
        email: emailVerifications.email,
        usedAt: emailVerifications.usedAt,
        days: sql<number>`(extract(epoch from ${emailVerifications.expiresAt} - ${emailVerifications.createdAt}) / 86400)::float8`,
      })
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, hashVerificationToken(must(token, 'token'))))
    expect(link).toEqual({ clientId: client.id, email, usedAt: null, days: 7 })
    const stored = await ctx.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.clientId, client.id))
    expect(JSON.stringify(stored)).not.toContain(token)
  })

  it('writes neither link nor mail when the e-mail is taken', async () => {
    const { client } = await register()
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(emailVerifications)
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      remoteAddress: ip,
      payload: {
        firstName: 'Otra',
        lastName: 'Persona',
        email: email.toUpperCase(),
        password: 'secreta1',
        confirmPassword: 'secreta1',
        acceptTerms: true,
      },
    })
    expect(again.statusCode).toBe(409)
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(emailVerifications)
    expect(must(after[0], 'after[0]').n).toBe(must(before[0], 'before[0]').n)
    expect(await mailedTokens(client.id)).toHaveLength(1)
  })
})

describe('POST /auth/verify-email', () => {
  it('verifies the address and brings in what was booked with it before, never before verification', async () => {
    // Booked without an account, before registering: two stays (one typed in capitals) and a request.
    const paid = await insertReservation(ctx.db, { cabinId, checkIn: '2026-07-01', guestEmail: email })
    const cancelled = await insertReservation(ctx.db, {
      cabinId,
      checkIn: '2026-07-10',
      guestEmail: email.toUpperCase(),
      status: 'cancelled',
    })
    const requestId = await requestToBook(email)
    // Not theirs: another address, and a stay another account already owns.
    const stranger = await insertReservation(ctx.db, {
      cabinId,
      checkIn: '2026-07-20',
      guestEmail: `otra.${email}`,
    })
    const owner = await register(`duena.${email}`)
    const owned = await insertReservation(ctx.db, {
      cabinId,
      checkIn: '2026-07-25',
      guestEmail: email,
      clientId: owner.client.id,
    })

    const { token: session, client } = await register()
    expect(await myReservationIds(session)).toEqual([])
    expect(await myRequestIds(session)).toEqual([])
    await ctx.app.inject({ method: 'POST', url: '/auth/resend-verification', headers: bearer(session) })
    expect(await myReservationIds(session)).toEqual([])
    expect(await myRequestIds(session)).toEqual([])

    const [token] = await mailedTokens(client.id)
    const res = await verify(must(token, 'token'), { session })
    expect(res.statusCode).toBe(200)
    const body = VerifyEmailResponseSchema.parse(res.json())
    expect(body.message).toBe('¡Correo verificado!')
    if (body.data.outcome !== 'verified') throw new Error(body.data.outcome)
    expect(body.data.client).toMatchObject({ id: client.id, email, isEmailVerified: true })
    expect(body.data.joined).toEqual({ reservations: 2, requests: 1 })
    // Every session from before ends; this browser continues with the new one.
    expect((await ctx.app.inject({ url: '/auth/check', headers: bearer(session) })).statusCode).toBe(401)
    const renewed = body.data.token

    expect((await myReservationIds(renewed)).sort()).toEqual([paid.id, cancelled.id].sort())
    expect(await myRequestIds(renewed)).toEqual([requestId])
    const others = await ctx.db
      .select({ id: reservations.id, clientId: reservations.clientId })
      .from(reservations)
      .where(sql`${reservations.id} in (${stranger.id}, ${owned.id})`)
    expect(Object.fromEntries(others.map((row) => [row.id, row.clientId]))).toEqual({
      [stranger.id]: null,
      [owned.id]: owner.client.id,
    })
    const check = await ctx.app.inject({ url: '/auth/check', headers: bearer(renewed) })
    expect(check.json().data.client.isEmailVerified).toBe(true)
  })

  it('is single use, and retires the other links of the client', async () => {
    const { token: session, client } = await register()
    expect((await resend(session)).statusCode).toBe(200)
    const [first, second] = await mailedTokens(client.id)

    const { token: renewed } = await verifyIn(session, must(second, 'second'))
    for (const token of [must(second, 'second'), must(first, 'first')]) {
      const again = await verify(token, { session: renewed })
      expect(again.statusCode).toBe(400)
      expect(again.json()).toMatchObject({ errorType: 'VALIDATION_ERROR', error: invalid })
    }
  })

  it('refuses an expired link and verifies nothing', async () => {
    const { client, token: session } = await register()
    await insertReservation(ctx.db, { cabinId, checkIn: '2026-09-01', guestEmail: email })
    const [token] = await mailedTokens(client.id)
    await ctx.db
      .update(emailVerifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailVerifications.tokenHash, hashVerificationToken(must(token, 'token'))))

    const res = await verify(must(token, 'token'), { session })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(invalid)
    expect(await isVerified(client.id)).toBe(false)
    const joined = await ctx.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(eq(reservations.clientId, client.id))
    expect(joined).toEqual([])
  })

  it.each([
    ['an unknown token', () => randomBytes(32).toString('base64url')],
    ['a malformed token', () => 'no es un token'],
    ['a token with a NUL byte', () => `${randomBytes(32).toString('base64url')}\u0000`],
  ])('refuses %s with the same Spanish 400', async (_case, token) => {
    const res = await verify(token())
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errorType: 'VALIDATION_ERROR', error: invalid })
  })

  it('refuses a link sent to an address the client no longer has, and claims nothing', async () => {
    const { token: session, client } = await register()
    const [token] = await mailedTokens(client.id)
    const other = `nuevo.${email}`
    await insertReservation(ctx.db, { cabinId, checkIn: '2026-09-10', guestEmail: email })
    await insertReservation(ctx.db, { cabinId, checkIn: '2026-09-20', guestEmail: other })
    await ctx.db.update(clients).set({ email: other }).where(eq(clients.id, client.id))

    const res = await verify(must(token, 'token'), { session })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(invalid)
    expect(await isVerified(client.id)).toBe(false)
    expect(await myReservationIds(session)).toEqual([])
  })

  it('limits the attempts per address: 20 an hour, then a Spanish 429', async () => {
    const address = `10.31.0.${guests & 255}`
    for (let attempt = 0; attempt < 20; attempt++) {
      const res = await verify(randomBytes(32).toString('base64url'), { remoteAddress: address })
      expect(res.statusCode).toBe(400)
    }
    const refused = await verify(randomBytes(32).toString('base64url'), { remoteAddress: address })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toBe(
      'Demasiados intentos de verificación desde tu conexión. Intenta de nuevo más tarde.',
    )
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })
})
