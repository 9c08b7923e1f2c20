import { SessionResponseSchema } from '@cabanas/domain/auth'
import { clabeMessages, HostProfileResponseSchema, hostMessages } from '@cabanas/domain/hosts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostProfiles } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { must } from '../../test/must.ts'
import { addressSequence } from '../../test/session-test-kit.ts'
import { readHostClabe } from './hosts.queries.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

let counter = 0
const nextAddress = addressSequence('10.2')

async function registered() {
  counter += 1
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: {
      firstName: 'Lupe',
      lastName: 'Hernández',
      email: `lupe.${counter}@ejemplo.mx`,
      password: 'secreta1',
      confirmPassword: 'secreta1',
      acceptTerms: true,
    },
    remoteAddress: nextAddress(),
  })
  const session = SessionResponseSchema.parse(res.json())
  return { token: session.data.token, client: session.data.client }
}

const profile = { displayName: 'Cabañas Doña Lupe', phone: '33 9876 5432', clabe: '072 320 00112233445 5' }

function call(
  token: string | null,
  method: 'GET' | 'POST' | 'PUT',
  payload?: unknown,
  { remoteAddress = nextAddress(), contentType }: { remoteAddress?: string; contentType?: string } = {},
) {
  return ctx.app.inject({
    method,
    url: '/api/hosts/me',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as string }),
    remoteAddress,
  })
}

describe('POST /api/hosts/me', () => {
  it('makes the client a host: the CLABE is answered masked and stored sealed', async () => {
    const { token, client } = await registered()
    const res = await call(token, 'POST', profile)

    expect(res.statusCode).toBe(201)
    const body = HostProfileResponseSchema.parse(res.json())
    expect(body.message).toBe(hostMessages.becameHost)
    expect(body.data.hostProfile).toMatchObject({
      displayName: 'Cabañas Doña Lupe',
      phone: '+523398765432',
      clabeLast4: '4455',
      bankName: 'Banorte',
    })
    expect(res.body).not.toContain('072320001122334455')

    const [row] = await ctx.db.select().from(hostProfiles).where(eq(hostProfiles.clientId, client.id))
    expect(must(row, 'row').clabeSealed).not.toContain('072320001122334455')
    expect(must(row, 'row').clabeSealed).toMatch(/^s1\./)
    expect(await readHostClabe(ctx.db, client.id)).toBe('072320001122334455')
  })

  it('gives the session the host role at once: /auth/check lists it', async () => {
    const { token } = await registered()
    const check = () =>
      ctx.app.inject({ method: 'GET', url: '/auth/check', headers: { authorization: `Bearer ${token}` } })
    expect((await check()).json().data.client.roles).toEqual([])
    await call(token, 'POST', profile)
    expect((await check()).json().data.client.roles).toEqual(['host'])
  })

  it('refuses a second profile with HOST_EXISTS', async () => {
    const { token } = await registered()
    await call(token, 'POST', profile)
    const res = await call(token, 'POST', { ...profile, displayName: 'Otra' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ errorType: 'HOST_EXISTS', message: hostMessages.alreadyHost })
  })

  it.each([
    ['a CLABE of 17 digits', { clabe: '07232000112233445' }, 'clabe', clabeMessages.length],
    ['a wrong check digit', { clabe: '072320001122334450' }, 'clabe', clabeMessages.checkDigit],
    ['an unknown bank', { clabe: '032180000118359719' }, 'clabe', clabeMessages.bank],
    ['a CLABE as a number', { clabe: 12345 }, 'clabe', clabeMessages.length],
    ['a phone of 9 digits', { phone: '339876543' }, 'phone', hostMessages.phone],
    ['no display name', { displayName: ' ' }, 'displayName', hostMessages.displayName],
    [
      'a NUL in the display name',
      { displayName: 'Lupe\u0000' },
      'displayName',
      'El campo nombre para mostrar contiene caracteres no permitidos',
    ],
  ])('refuses %s with a Spanish 400 beside its field', async (_case, override, field, message) => {
    const { token } = await registered()
    const res = await call(token, 'POST', { ...profile, ...override })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      errorType: 'VALIDATION_ERROR',
      message,
      details: [{ field, message }],
    })
    expect(res.body).not.toContain('0723200011223344')
  })

  it.each([
    ['malformed JSON', '{"displayName":', 'application/json', 400],
    ['an array', '[]', 'application/json', 400],
    ['null', 'null', 'application/json', 400],
    ['a form', 'displayName=x', 'application/x-www-form-urlencoded', 415],
  ])('answers %s with a Spanish 4xx, never a 500', async (_case, payload, contentType, status) => {
    const { token } = await registered()
    const res = await call(token, 'POST', payload, { contentType })
    expect(res.statusCode).toBe(status)
    expect(res.json().success).toBe(false)
  })
})

describe('GET and PUT /api/hosts/me', () => {
  it('reads the profile, edits it keeping the CLABE, then replaces the CLABE', async () => {
    const { token, client } = await registered()
    await call(token, 'POST', profile)

    const read = await call(token, 'GET')
    expect(read.statusCode).toBe(200)
    expect(read.json().data.hostProfile).toMatchObject({
      displayName: 'Cabañas Doña Lupe',
      clabeLast4: '4455',
    })

    const kept = await call(token, 'PUT', { displayName: 'Refugio Doña Lupe', phone: '5511112222' })
    expect(kept.statusCode).toBe(200)
    expect(kept.json()).toMatchObject({
      message: hostMessages.profileUpdated,
      data: { hostProfile: { displayName: 'Refugio Doña Lupe', phone: '+525511112222', clabeLast4: '4455' } },
    })
    expect(await readHostClabe(ctx.db, client.id)).toBe('072320001122334455')

    const replaced = await call(token, 'PUT', { ...profile, clabe: '012180012345678909' })
    expect(replaced.json().data.hostProfile).toMatchObject({ clabeLast4: '8909', bankName: 'BBVA México' })
    expect(await readHostClabe(ctx.db, client.id)).toBe('012180012345678909')
  })

  it('refuses a bad new CLABE and keeps the stored one', async () => {
    const { token, client } = await registered()
    await call(token, 'POST', profile)
    const res = await call(token, 'PUT', { ...profile, clabe: '012180012345678900' })
    expect(res.statusCode).toBe(400)
    expect(res.json().details).toEqual([{ field: 'clabe', message: clabeMessages.checkDigit }])
    expect(await readHostClabe(ctx.db, client.id)).toBe('072320001122334455')
  })

  it('limits writes per client: the 11th in 15 minutes is a Spanish 429', async () => {
    const { token } = await registered()
    expect((await call(token, 'POST', profile)).statusCode).toBe(201)
    for (let i = 0; i < 9; i += 1) {
      expect((await call(token, 'PUT', { displayName: `Cabaña ${i}`, phone: '5511112222' })).statusCode).toBe(
        200,
      )
    }
    const res = await call(token, 'PUT', { displayName: 'Una más', phone: '5511112222' })
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBeDefined()
    expect(res.json()).toMatchObject({ errorType: 'RATE_LIMITED', message: hostMessages.tooManyChanges })
  })
})
