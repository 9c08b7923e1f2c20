import { createHash, randomBytes } from 'node:crypto'
import {
  MyBookingRequestsResponseSchema,
  SessionResponseSchema,
  VerifyEmailResponseSchema,
} from '@cabanas/domain/auth'
import { ReservationsListResponseSchema } from '@cabanas/domain/reservations'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clients, emailVerifications, outbox, reservations } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { openMailSecrets } from '../mail/mail-jobs.ts'
import { insertPasswordReset } from './auth.queries.ts'
import { hashVerificationToken } from './email-verification.queries.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
let cabinId: string
beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01' })
  cabinId = (await insertCabin(ctx.db)).id
})
afterAll(() => ctx.close())

const invalid = 'El enlace para confirmar tu correo no es válido o ya expiró. Solicita uno nuevo.'

/** Each test is another guest: its own address and e-mail, so no limit or row of one meets another's. */
let guests = 0
let ip = ''
let email = ''
beforeEach(() => {
  guests += 1
  ip = `10.30.${guests >> 8}.${guests & 255}`
  email = `huesped.${guests}@ejemplo.mx`
})

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function register(address = email) {
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
async function mailedTokens(clientId: string, template = 'verify-email'): Promise<string[]> {
  const rows = await ctx.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, `mail:${template}`), sql`${outbox.payload}->>'clientId' = ${clientId}`))
    .orderBy(outbox.createdAt)
  // Sealed while they wait (SECRETS_KEY): opened as the mail feature opens them to send.
  return rows.map((row) => String(openMailSecrets(`mail:${template}`, row.payload).token))
}

/** Opens a link: with the account's session (as the browser that registered does), or without one. */
const verify = (
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
async function verifyIn(session: string, token: string) {
  const res = await verify(token, { session })
  expect(res.statusCode).toBe(200)
  const { data } = VerifyEmailResponseSchema.parse(res.json())
  if (data.outcome !== 'verified') throw new Error(`expected verified, got ${data.outcome}`)
  return data
}

const resend = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/resend-verification',
    headers: bearer(token),
    remoteAddress: ip,
  })

async function myReservationIds(token: string): Promise<string[]> {
  const res = await ctx.app.inject({ url: '/auth/reservations', headers: bearer(token) })
  expect(res.statusCode).toBe(200)
  return ReservationsListResponseSchema.parse(res.json()).data.reservations.map((r) => r._id)
}

async function myRequestIds(token: string): Promise<string[]> {
  const res = await ctx.app.inject({ url: '/auth/booking-requests', headers: bearer(token) })
  expect(res.statusCode).toBe(200)
  return MyBookingRequestsResponseSchema.parse(res.json()).data.requests.map((r) => r.requestId)
}

async function isVerified(clientId: string) {
  const [row] = await ctx.db
    .select({ isEmailVerified: clients.isEmailVerified })
    .from(clients)
    .where(eq(clients.id, clientId))
  return must(row, 'row').isEmailVerified
}

/** A request to book sent without an account, through the real route. */
async function requestToBook(address: string) {
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

describe('POST /auth/resend-verification', () => {
  it('mails a fresh link that verifies, 3 times an hour per client, then a Spanish 429', async () => {
    const { token: session, client } = await register()
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await resend(session)
      expect(res.statusCode).toBe(200)
      expect(res.json().message).toBe(
        'Te enviamos un nuevo enlace para confirmar tu correo. Revisa tu bandeja de entrada.',
      )
    }
    const refused = await resend(session)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toBe('Ya te enviamos varios enlaces. Espera un rato antes de pedir otro.')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)

    const tokens = await mailedTokens(client.id)
    expect(new Set(tokens).size).toBe(4)
    await verifyIn(session, must(tokens[3], 'tokens[3]'))
    expect(await isVerified(client.id)).toBe(true)
  })

  it('limits resends per address across accounts: 10 an hour', async () => {
    const sessions = await Promise.all([1, 2, 3, 4].map(async (n) => (await register(`${n}.${email}`)).token))
    const statuses: number[] = []
    for (const session of sessions) {
      for (let attempt = 0; attempt < 3; attempt++) statuses.push((await resend(session)).statusCode)
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(10)
    expect(statuses.slice(10)).toEqual([429, 429])
  })

  it('answers 400 once the address is verified, and 401 without a session', async () => {
    const { token: session, client } = await register()
    const [token] = await mailedTokens(client.id)
    const { token: renewed } = await verifyIn(session, must(token, 'token'))

    const res = await resend(renewed)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('Tu correo ya está verificado.')
    expect(await mailedTokens(client.id)).toHaveLength(1)
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/auth/resend-verification' })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('GET /auth/booking-requests (Mis Reservas)', () => {
  it("lists the account's requests to book with their cabin, and needs a session", async () => {
    const requestId = await requestToBook(email.toUpperCase())
    const { token: session, client } = await register()
    const [token] = await mailedTokens(client.id)
    const { token: renewed } = await verifyIn(session, must(token, 'token'))

    const res = await ctx.app.inject({ url: '/auth/booking-requests', headers: bearer(renewed) })
    expect(MyBookingRequestsResponseSchema.parse(res.json()).data.requests).toEqual([
      {
        requestId,
        cabinId,
        cabinName: 'Cabaña de prueba',
        location: 'Mazamitla, Jalisco',
        image: '/media/test/1-card.webp',
        checkIn: '2026-08-10',
        checkOut: '2026-08-12',
        nights: 2,
        guests: 2,
        totalPrice: expect.any(Number),
        status: 'pending',
        createdAt: expect.any(String),
        // Issue 22: the host answers within 24 h of the request; no pay link or message yet.
        answerBy: expect.any(String),
        payBy: null,
        declineMessage: null,
      },
    ])
    expect((await ctx.app.inject({ url: '/auth/booking-requests' })).statusCode).toBe(401)
  })
})

describe('after verification, new bookings with that address join the account', () => {
  it('adds a request to book made without signing in, and never one made before verification', async () => {
    const { token: session, client } = await register()
    const before = await requestToBook(email)
    expect(await myRequestIds(session)).not.toContain(before)
    const [link] = await mailedTokens(client.id)
    const { token: renewed } = await verifyIn(session, must(link, 'link'))
    // Claimed at verification; then a new anonymous request joins at once.
    const after = await requestToBook(email.toUpperCase())
    expect(await myRequestIds(renewed)).toEqual(expect.arrayContaining([before, after]))
  })

  it('adds a paid stay held without signing in', async () => {
    const { token: session, client } = await register()
    const [link] = await mailedTokens(client.id)
    const { token: renewed } = await verifyIn(session, must(link, 'link'))
    const cabin = await insertCabin(ctx.db)
    const { insertPendingReservation } = await import('../reservations/reservations.queries.ts')
    const held = await insertPendingReservation(
      ctx.db,
      {
        cabinId: cabin.id,
        checkIn: '2026-09-01',
        checkOut: '2026-09-03',
        guests: 2,
        nights: 2,
        totalPrice: 300_000,
        serviceCommission: 30_000,
        guestFirstName: 'Ana',
        guestLastName: 'Rodríguez',
        guestEmail: email,
        guestPhone: '5512345678',
        specialRequests: '',
        clientId: null,
        accessTokenHash: 'x'.repeat(64),
        holdIp: ip,
        holdDeviceSessionId: 'dispositivo-de-prueba',
      },
      { lookupAfterSeconds: 30 },
    )
    expect(await myReservationIds(renewed)).toContain(held.id)
  })
})

/** A stranger's account, made with the victim's address and the stranger's password (ASVS: pre-hijacking). */
async function preHijack(address = email) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/register',
    remoteAddress: '10.99.0.1',
    payload: {
      firstName: 'Atacante',
      lastName: 'Anónimo',
      phone: '5598765432',
      email: address,
      password: 'del-atacante',
      confirmPassword: 'del-atacante',
      acceptTerms: true,
    },
  })
  expect(res.statusCode).toBe(201)
  return SessionResponseSchema.parse(res.json()).data
}

const takeBack = (token: string, password = 'mia-de-verdad') =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/verify-email/take-back',
    remoteAddress: ip,
    payload: { token, password, confirmPassword: password },
  })

const login = (address: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: ip,
    payload: { email: address, password },
  })

const checkStatus = async (session: string) =>
  (await ctx.app.inject({ url: '/auth/check', headers: bearer(session) })).statusCode

describe('pre-hijacking: an account made with somebody else’s address', () => {
  it('never gets the owner’s bookings from a click on the link, and the mailbox owner takes the address back', async () => {
    const attacker = await preHijack()
    // The victim books as a guest: the stay is theirs, by address, and joins no account.
    const stay = await insertReservation(ctx.db, { cabinId, checkIn: '2026-07-03', guestEmail: email })
    const [token] = await mailedTokens(attacker.client.id)

    // The victim clicks the genuine link in their own browser: nothing is joined, nothing is used.
    const opened = await verify(must(token, 'token'))
    expect(opened.statusCode).toBe(200)
    const answer = VerifyEmailResponseSchema.parse(opened.json())
    expect(answer.message).toBe('Para confirmar este correo, dinos si tú creaste la cuenta.')
    expect(answer.data).toEqual({
      outcome: 'owner-needed',
      kind: 'address',
      email,
      accountCreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(await isVerified(attacker.client.id)).toBe(false)
    expect(await myReservationIds(attacker.token)).toEqual([])
    // A session of another account is no proof either.
    const bystander = await register(`otra.${email}`)
    const withOther = VerifyEmailResponseSchema.parse(
      (await verify(must(token, 'token'), { session: bystander.token })).json(),
    )
    expect(withOther.data.outcome).toBe('owner-needed')
    expect(await isVerified(attacker.client.id)).toBe(false)

    // "No fui yo": the victim chooses a password with the link.
    const taken = await takeBack(must(token, 'token'))
    expect(taken.statusCode).toBe(200)
    const body = VerifyEmailResponseSchema.parse(taken.json())
    expect(body.message).toBe(
      'Listo: la cuenta ahora es solo tuya. Cerramos todas las demás sesiones y confirmamos tu correo. Revisa tu nombre en Mi Perfil: quien creó la cuenta lo escribió.',
    )
    if (body.data.outcome !== 'verified') throw new Error(body.data.outcome)
    expect(body.data.joined).toEqual({ reservations: 1, requests: 0 })
    // Nothing the stranger set can still reach them.
    expect(body.data.client).toMatchObject({ phone: null, preferences: { notifications: { sms: false } } })
    // The stranger is out: their session ended, their password no longer works.
    expect(await checkStatus(attacker.token)).toBe(401)
    expect((await login(email, 'del-atacante')).statusCode).toBe(401)
    // The victim is in, with their own password, and sees their stay.
    expect(await myReservationIds(body.data.token)).toEqual([stay.id])
    expect((await login(email, 'mia-de-verdad')).statusCode).toBe(200)
    // The link was used once.
    expect((await takeBack(must(token, 'token'))).statusCode).toBe(400)
  })

  it('joins nothing to the stranger when the owner resets the password from the mailbox instead', async () => {
    const attacker = await preHijack()
    const stay = await insertReservation(ctx.db, { cabinId, checkIn: '2026-07-06', guestEmail: email })
    // The reset link the owner gets by mail (forgot-password stores its sha256 the same way).
    const resetToken = randomBytes(32).toString('base64url')
    await insertPasswordReset(
      ctx.db,
      attacker.client.id,
      createHash('sha256').update(resetToken).digest('hex'),
    )
    const [verifyLink] = await mailedTokens(attacker.client.id)

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      remoteAddress: ip,
      payload: { token: resetToken, password: 'mia-de-verdad', confirmPassword: 'mia-de-verdad' },
    })
    expect(reset.statusCode).toBe(200)
    expect(await checkStatus(attacker.token)).toBe(401)
    expect(await isVerified(attacker.client.id)).toBe(true)
    const signedIn = SessionResponseSchema.parse((await login(email, 'mia-de-verdad')).json()).data
    expect(await myReservationIds(signedIn.token)).toEqual([stay.id])
    // Every link from before the reset is retired.
    expect((await verify(must(verifyLink, 'verifyLink'), { session: signedIn.token })).statusCode).toBe(400)
  })

  it('keeps an unverified account away from guest bookings of its address, and registration reveals none', async () => {
    const withBookings = `con.reservas.${email}`
    const without = `sin.reservas.${email}`
    await insertReservation(ctx.db, { cabinId, checkIn: '2026-07-12', guestEmail: withBookings })
    const requestId = await requestToBook(withBookings)
    const a = await register(withBookings)
    const b = await register(without)
    // The same answer, but for the address and ids.
    const shape = (data: typeof a) => ({
      ...data,
      token: typeof data.token,
      client: {
        ...data.client,
        id: typeof data.client.id,
        email: typeof data.client.email,
        lastLogin: typeof data.client.lastLogin,
      },
    })
    expect(shape(a)).toEqual(shape(b))
    expect(await myReservationIds(a.token)).toEqual([])
    expect(await myRequestIds(a.token)).not.toContain(requestId)
    // A booking made now, without signing in, does not join an unverified account either.
    await requestToBook(withBookings)
    expect(await myRequestIds(a.token)).toEqual([])
  })

  it('lets a legitimate user who registers and verifies in the same browser straight through', async () => {
    await insertReservation(ctx.db, { cabinId, checkIn: '2026-07-15', guestEmail: email })
    const { token: session, client } = await register()
    const [link] = await mailedTokens(client.id)
    const verified = await verifyIn(session, must(link, 'link'))
    expect(verified.joined.reservations).toBe(1)
    expect(await checkStatus(verified.token)).toBe(200)
  })

  it('refuses "No fui yo" on a change-of-address link', async () => {
    const { token: session, client } = await register()
    const newEmail = `nueva.${email}`
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/auth/email-change',
      headers: bearer(session),
      remoteAddress: ip,
      payload: { newEmail, currentPassword: 'secreta1' },
    })
    expect(asked.statusCode).toBe(200)
    const [changeLink] = await mailedTokens(client.id, 'verify-new-email')
    const res = await takeBack(must(changeLink, 'changeLink'))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('Inicia sesión en tu cuenta para confirmar el cambio de correo.')
  })
})

describe("'Cambiar correo'", () => {
  const changeEmail = (session: string, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/email-change',
      headers: bearer(session),
      remoteAddress: ip,
      payload: body,
    })

  async function currentEmail(clientId: string) {
    const [row] = await ctx.db.select({ email: clients.email }).from(clients).where(eq(clients.id, clientId))
    return must(row, 'row').email
  }

  it('changes nothing until the new address’s link is opened with the session, notifies the old one, then joins its bookings', async () => {
    const { token: session, client } = await register()
    const newEmail = `Nueva.${email}`
    const stayOfNew = await insertReservation(ctx.db, {
      cabinId,
      checkIn: '2026-10-20',
      guestEmail: newEmail,
    })

    const res = await changeEmail(session, { newEmail, currentPassword: 'secreta1' })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(
      `Te enviamos un enlace a ${newEmail.toLowerCase()}. Tu correo no cambiará hasta que lo abras; mientras tanto sigues usando el actual.`,
    )
    // Nothing changed yet; the old address is told.
    expect(await currentEmail(client.id)).toBe(email)
    expect(await myReservationIds(session)).toEqual([])
    const notices = await ctx.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'mail:email-change-requested'),
          sql`${outbox.payload}->>'clientId' = ${client.id}`,
        ),
      )
    expect(notices.map((row) => row.payload.newEmail)).toEqual([newEmail.toLowerCase()])
    const [link] = await mailedTokens(client.id, 'verify-new-email')

    // Without the session: the page must ask to sign in; nothing is used.
    const anonymous = VerifyEmailResponseSchema.parse((await verify(must(link, 'link'))).json())
    expect(anonymous).toMatchObject({
      message: 'Inicia sesión en tu cuenta para confirmar el cambio de correo.',
      data: { outcome: 'owner-needed', kind: 'change', email: newEmail.toLowerCase() },
    })
    expect(await currentEmail(client.id)).toBe(email)

    const done = await verify(must(link, 'link'), { session })
    expect(done.statusCode).toBe(200)
    const body = VerifyEmailResponseSchema.parse(done.json())
    expect(body.message).toBe('Listo: tu correo cambió. Cerramos tus otras sesiones.')
    if (body.data.outcome !== 'verified') throw new Error(body.data.outcome)
    expect(body.data.client).toMatchObject({ email: newEmail.toLowerCase(), isEmailVerified: true })
    expect(await checkStatus(session)).toBe(401)
    expect(await myReservationIds(body.data.token)).toEqual([stayOfNew.id])
    expect((await login(newEmail, 'secreta1')).statusCode).toBe(200)
    expect((await login(email, 'secreta1')).statusCode).toBe(401)
  })

  it.each([
    [
      'a wrong current password',
      { currentPassword: 'no-es-esta' },
      400,
      'La contraseña actual es incorrecta',
    ],
    ['the same address', { newEmail: 'SAME' }, 400, 'Ese ya es tu correo.'],
    [
      'an address another account has',
      { newEmail: 'TAKEN' },
      409,
      'Ya existe una cuenta con este correo electrónico. Inicia sesión o recupera tu contraseña.',
    ],
    ['a malformed address', { newEmail: 'no-es-correo' }, 400, 'Correo electrónico inválido'],
  ])(
    'refuses %s in Spanish and sends nothing',
    async (_case, override: { newEmail?: string; currentPassword?: string }, status, message) => {
      const { token: session, client } = await register()
      const taken = await register(`tomada.${email}`)
      const newEmail =
        override.newEmail === 'SAME'
          ? email.toUpperCase()
          : override.newEmail === 'TAKEN'
            ? taken.client.email
            : (override.newEmail ?? `nueva.${email}`)
      const res = await changeEmail(session, {
        newEmail,
        currentPassword: override.currentPassword ?? 'secreta1',
      })
      expect(res.statusCode).toBe(status)
      expect(res.json().error).toBe(message)
      expect(await mailedTokens(client.id, 'verify-new-email')).toEqual([])
    },
  )

  it('mails one new address at most 3 times an hour from one connection, whichever accounts ask', async () => {
    const target = `buzon.ajeno.${email}`
    const first = await register(`a.${email}`)
    const second = await register(`b.${email}`)
    const statuses: number[] = []
    for (const session of [first.token, first.token, first.token, second.token]) {
      statuses.push(
        (await changeEmail(session, { newEmail: target, currentPassword: 'secreta1' })).statusCode,
      )
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    expect(await mailedTokens(second.client.id, 'verify-new-email')).toEqual([])
  })

  it('ends a pending change when the password changes, and needs a session', async () => {
    const { token: session, client } = await register()
    expect(
      (await changeEmail(session, { newEmail: `nueva.${email}`, currentPassword: 'secreta1' })).statusCode,
    ).toBe(200)
    const [link] = await mailedTokens(client.id, 'verify-new-email')
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: bearer(session),
      remoteAddress: ip,
      payload: { currentPassword: 'secreta1', newPassword: 'otra-clave', confirmPassword: 'otra-clave' },
    })
    expect(changed.statusCode).toBe(200)
    const renewed = SessionResponseSchema.parse(changed.json()).data.token
    expect((await verify(must(link, 'link'), { session: renewed })).statusCode).toBe(400)
    expect(await currentEmail(client.id)).toBe(email)
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/auth/email-change',
      payload: { newEmail: `x.${email}`, currentPassword: 'secreta1' },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})
