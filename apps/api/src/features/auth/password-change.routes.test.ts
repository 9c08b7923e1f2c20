import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SessionResponseSchema } from '@cabanas/domain/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'
import { readOutboxMails } from '../mail/mail-testing.ts'

const outbox = mkdtempSync(path.join(tmpdir(), 'cabanas-outbox-'))
let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ env: { MAIL_OUTBOX_DIR: outbox } })
})
afterAll(async () => {
  await ctx.close()
  rmSync(outbox, { recursive: true, force: true })
})

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const check = (token: string) => ctx.app.inject({ url: '/auth/check', headers: bearer(token) })

let counter = 0
/** A client signed in twice (two devices), each request from an address of its own. */
async function twoSessions() {
  counter += 1
  const email = `cambio.${counter}@ejemplo.mx`
  const remoteAddress = `10.50.0.${counter}`
  const register = await ctx.app.inject({
    method: 'POST',
    url: '/auth/register',
    remoteAddress,
    payload: {
      firstName: 'Marta',
      lastName: 'Salas',
      email,
      password: 'vieja-clave',
      confirmPassword: 'vieja-clave',
      acceptTerms: true,
    },
  })
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress,
    payload: { email, password: 'vieja-clave', rememberMe: true },
  })
  return {
    email,
    remoteAddress,
    here: SessionResponseSchema.parse(register.json()).data.token,
    elsewhere: SessionResponseSchema.parse(login.json()).data.token,
  }
}

const change = (token: string, payload: object, remoteAddress = '10.60.0.1') =>
  ctx.app.inject({ method: 'PUT', url: '/auth/password', headers: bearer(token), payload, remoteAddress })

describe('PUT /auth/password', () => {
  it('changes the password, ends the other sessions and keeps this one with a fresh token', async () => {
    const { email, here, elsewhere, remoteAddress } = await twoSessions()
    const res = await change(here, {
      currentPassword: 'vieja-clave',
      newPassword: 'nueva-clave',
      confirmPassword: 'nueva-clave',
    })
    expect(res.statusCode).toBe(200)
    const session = SessionResponseSchema.parse(res.json())
    expect(session.message).toBe('Tu contraseña fue actualizada. Cerramos tus otras sesiones.')
    expect(session.data.client.email).toBe(email)

    expect((await check(session.data.token)).statusCode).toBe(200)
    expect((await check(elsewhere)).statusCode).toBe(401)
    expect((await check(here)).statusCode).toBe(401)
    const login = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/auth/login', remoteAddress, payload: { email, password } })
    expect((await login('nueva-clave')).statusCode).toBe(200)
  })

  it('voids reset links sent before the change', async () => {
    const { email, here } = await twoSessions()
    await ctx.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } })
    await ctx.app.runJobOnce(ctx.app.outboxJob)
    const texts = (await readOutboxMails(outbox, email)).map((mail) => mail.text ?? '')
    const token = texts.map((text) => /forgot-password#token=([\w-]+)/.exec(text)?.[1]).find(Boolean)
    expect(token).toBeTruthy()

    await change(here, {
      currentPassword: 'vieja-clave',
      newPassword: 'nueva-clave',
      confirmPassword: 'nueva-clave',
    })
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'del-atacante', confirmPassword: 'del-atacante' },
    })
    expect(reset.statusCode).toBe(400)
    expect(reset.json().error).toContain('no es válido o ya expiró')
  })

  it('refuses a wrong current password with a Spanish 400 on that field, and changes nothing', async () => {
    const { here, elsewhere } = await twoSessions()
    const res = await change(here, {
      currentPassword: 'no-es-esta',
      newPassword: 'nueva-clave',
      confirmPassword: 'nueva-clave',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      errorType: 'VALIDATION_ERROR',
      error: 'La contraseña actual es incorrecta',
      details: [{ field: 'currentPassword', message: 'La contraseña actual es incorrecta' }],
    })
    expect((await check(here)).statusCode).toBe(200)
    expect((await check(elsewhere)).statusCode).toBe(200)
  })

  it.each<[Record<string, string>, string]>([
    [{ confirmPassword: 'distinta' }, 'Las contraseñas no coinciden'],
    [
      { newPassword: 'vieja-clave', confirmPassword: 'vieja-clave' },
      'La nueva contraseña debe ser distinta de la actual',
    ],
    [{ newPassword: '123', confirmPassword: '123' }, 'La contraseña debe tener al menos 6 caracteres'],
  ])('answers 400 for %o', async (changes, message) => {
    const { here } = await twoSessions()
    const res = await change(here, {
      currentPassword: 'vieja-clave',
      newPassword: 'nueva-clave',
      confirmPassword: 'nueva-clave',
      ...changes,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(message)
  })

  it('refuses anonymous requests', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/auth/password',
      payload: { currentPassword: 'vieja-clave', newPassword: 'nueva-clave', confirmPassword: 'nueva-clave' },
    })
    expect(res.statusCode).toBe(401)
  })

  it('allows 5 attempts per client in 15 minutes, then a Spanish 429', async () => {
    const { here } = await twoSessions()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await change(
        here,
        { currentPassword: `adivina-${i}`, newPassword: 'nueva-clave', confirmPassword: 'nueva-clave' },
        `10.70.0.${i}`,
      )
      statuses.push(res.statusCode)
      if (res.statusCode === 429) {
        expect(res.json().error).toBe(
          'Demasiados intentos de cambio de contraseña. Espera unos minutos e intenta de nuevo.',
        )
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
  })
})
