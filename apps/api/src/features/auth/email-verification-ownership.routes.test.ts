import { createHash, randomBytes } from 'node:crypto'
import { SessionResponseSchema, VerifyEmailResponseSchema } from '@cabanas/domain/auth'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { clients, outbox } from '../../db/schema.ts'
import {
  bearer,
  cabinId,
  ctx,
  email,
  ip,
  isVerified,
  mailedTokens,
  myRequestIds,
  myReservationIds,
  register,
  requestToBook,
  useEmailVerificationApp,
  verify,
  verifyIn,
} from '../../test/email-verification-test-kit.ts'
import { insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { insertPasswordReset } from './auth.queries.ts'

/* Who owns an address: pre-registration with somebody else’s address, and changing the address. */

useEmailVerificationApp()

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
