import { ClientResponseSchema, SessionResponseSchema } from '@cabanas/domain/auth'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'
import { must } from '../../test/must.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-01' })
})
afterAll(() => ctx.close())

let counter = 0
function newClient(overrides: Record<string, unknown> = {}) {
  counter += 1
  return {
    firstName: 'Ana',
    lastName: 'Rodríguez',
    email: `ana.${counter}@ejemplo.mx`,
    password: 'secreta1',
    confirmPassword: 'secreta1',
    phone: '55 1234 5678',
    acceptTerms: true,
    ...overrides,
  }
}

async function register(body = newClient(), app = ctx.app) {
  const res = await app.inject({ method: 'POST', url: '/auth/register', payload: body })
  return { res, body }
}

async function registered() {
  const { res, body } = await register()
  const session = SessionResponseSchema.parse(res.json())
  return {
    token: session.data.token,
    client: session.data.client,
    email: body.email,
    password: body.password,
  }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('register', () => {
  it('creates a client with a session, +52 phone and email registration', async () => {
    const { res, body } = await register()
    expect(res.statusCode).toBe(201)
    const session = SessionResponseSchema.parse(res.json())
    expect(session.data.client).toMatchObject({
      firstName: 'Ana',
      email: body.email,
      phone: '+525512345678',
      registrationMethod: 'email',
      isEmailVerified: false,
      oauthProviders: { google: false, facebook: false },
      preferences: { notifications: { email: true, sms: false }, newsletter: false },
    })
    expect(session.data.client.lastLogin).not.toBeNull()
  })

  it('refuses a duplicate email whatever its case, with a clear Spanish 409', async () => {
    const { body } = await register()
    const { res } = await register(newClient({ email: body.email.toUpperCase() }))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      errorType: 'EMAIL_TAKEN',
      error: expect.stringContaining('Ya existe una cuenta'),
    })
  })

  it.each([
    [{ firstName: 'A' }, 'El nombre debe tener al menos 2 caracteres'],
    [{ confirmPassword: 'distinta' }, 'Las contraseñas no coinciden'],
    [{ acceptTerms: false }, 'Debes aceptar los términos y condiciones'],
    [{ phone: '123' }, 'El teléfono debe tener exactamente 10 dígitos'],
  ])('answers 400 with the §5 message for %o', async (change, message) => {
    const { res } = await register(newClient(change))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(message)
  })
})

describe('login, check, logout', () => {
  it('logs in and is checked, then logout revokes the token', async () => {
    const { email, password } = await registered()
    const login = await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } })
    expect(login.statusCode).toBe(200)
    const { token } = SessionResponseSchema.parse(login.json()).data
    const check = await ctx.app.inject({ url: '/auth/check', headers: bearer(token) })
    expect(check.json()).toMatchObject({ success: true, data: { isAuthenticated: true, client: { email } } })
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) })).statusCode,
    ).toBe(200)
    const after = await ctx.app.inject({ url: '/auth/check', headers: bearer(token) })
    expect(after.statusCode).toBe(401)
    expect(after.json().error).toBe('No hay sesión activa')
  })

  it('gives one message for a wrong password and an unknown email', async () => {
    const { email } = await registered()
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: 'otra-cosa' },
    })
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'nadie@ejemplo.mx', password: 'otra-cosa' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json().error).toBe('Correo electrónico o contraseña incorrectos')
    expect(unknown.json().error).toBe(wrong.json().error)
  })

  it('revokes across API processes: logout on one, refused on the other', async () => {
    const twin = await ctx.buildTwin()
    const { token } = await registered()
    expect((await twin.inject({ url: '/auth/check', headers: bearer(token) })).statusCode).toBe(200)
    await twin.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) })
    expect((await ctx.app.inject({ url: '/auth/check', headers: bearer(token) })).statusCode).toBe(401)
  })

  it('refreshes into a new token and revokes the old one', async () => {
    const { token } = await registered()
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(token) })
    const fresh = SessionResponseSchema.parse(res.json()).data.token
    expect(fresh).not.toBe(token)
    expect((await ctx.app.inject({ url: '/auth/check', headers: bearer(token) })).statusCode).toBe(401)
    expect((await ctx.app.inject({ url: '/auth/check', headers: bearer(fresh) })).statusCode).toBe(200)
  })
})

describe('tampered and expired tokens', () => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

  it.each([
    [
      'alg none',
      async (valid: string, sub: string) => {
        const payload = JSON.parse(
          Buffer.from(must(valid.split('.')[1], "valid.split('.')[1]"), 'base64url').toString(),
        )
        return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...payload, sub })}.`
      },
    ],
    ['a wrong signature', async (valid: string) => `${valid.slice(0, -4)}AAAA`],
    [
      'another key',
      async (_valid: string, sub: string) =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setJti('x')
          .setIssuer('cabanas-mx')
          .setAudience('cabanas-mx-web')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('otra-llave-secreta-de-32-caracteres!!')),
    ],
    [
      'an expired token',
      async (_valid: string, sub: string) =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setJti('y')
          .setIssuer('cabanas-mx')
          .setAudience('cabanas-mx-web')
          .setIssuedAt(1_700_000_000)
          .setExpirationTime(1_700_000_100)
          .sign(ctx.app.sessionKey),
    ],
    [
      'another audience',
      async (_valid: string, sub: string) =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setJti('z')
          .setIssuer('cabanas-mx')
          .setAudience('otra-app')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(ctx.app.sessionKey),
    ],
    ['garbage', async () => 'esto.no.es-un-token'],
  ])('refuses %s', async (_name, forge) => {
    const { token, client } = await registered()
    const forged = await forge(token, client.id)
    const res = await ctx.app.inject({ url: '/auth/check', headers: bearer(forged) })
    expect(res.statusCode).toBe(401)
  })
})

describe('registration limit', () => {
  it('allows 20 registrations per address in an hour, then a Spanish 429 with Retry-After', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: newClient(),
        remoteAddress: '198.51.100.20',
      })
      statuses.push(res.statusCode)
      if (res.statusCode === 429) {
        expect(res.json().error).toBe('Demasiados registros desde esta conexión. Intenta de nuevo más tarde.')
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000)
      }
    }
    expect(statuses).toEqual([...Array(20).fill(201), 429])
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: newClient(),
      remoteAddress: '198.51.100.21',
    })
    expect(elsewhere.statusCode).toBe(201)
  })
})

describe('profile and preferences', () => {
  it('updates the profile and the preferences of the signed-in client only', async () => {
    const { token } = await registered()
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(token),
      payload: { firstName: 'Ana María', lastName: 'Rodríguez', phone: '3312345678' },
    })
    expect(ClientResponseSchema.parse(profile.json())).toMatchObject({
      message: 'Tu información ha sido actualizada correctamente',
      data: { client: { firstName: 'Ana María', phone: '+523312345678' } },
    })
    const preferences = await ctx.app.inject({
      method: 'PUT',
      url: '/auth/preferences',
      headers: bearer(token),
      payload: { notifications: { email: false, sms: true }, newsletter: true },
    })
    expect(ClientResponseSchema.parse(preferences.json()).data.client.preferences).toEqual({
      notifications: { email: false, sms: true },
      newsletter: true,
    })
  })

  it('refuses anonymous changes', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      payload: { firstName: 'Ana', lastName: 'Ruiz' },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('social login', () => {
  it.each(['google', 'facebook'])('answers that %s is not implemented', async (provider) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/auth/social/${provider}`,
      payload: { accessToken: 'x' },
    })
    expect(res.json().error).toBe(`Autenticación con ${provider} no implementada aún`)
  })
})
