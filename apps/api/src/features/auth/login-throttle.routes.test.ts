import { SessionResponseSchema } from '@cabanas/domain/auth'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimitEvents } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { loginFailureKeys } from './login-throttle.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

let counter = 0
/** A registered client, from an address of its own. */
async function owner() {
  counter += 1
  const email = `duena.${counter}@ejemplo.mx`
  const password = 'la-clave-correcta'
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/register',
    remoteAddress: `192.0.2.${counter}`,
    payload: {
      firstName: 'Rosa',
      lastName: 'Méndez',
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  })
  expect(res.statusCode).toBe(201)
  return { email, password }
}

function login(
  payload: { email: string; password: string },
  remoteAddress: string,
  app = ctx.app,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url: '/auth/login', payload, remoteAddress, headers })
}

/** Failures recorded `secondsAgo` in the past, as if the window had run on. */
async function pastFailures(key: string, count: number, secondsAgo: number) {
  const createdAt = sql`now() - make_interval(secs => ${secondsAgo})`
  await ctx.db.insert(rateLimitEvents).values(Array.from({ length: count }, () => ({ key, createdAt })))
}

describe('failed logins slow the attacker, not the owner', () => {
  it('lets the owner in from a clean address after 30 guesses from other addresses; a guesser waits', async () => {
    const { email, password } = await owner()
    for (let i = 1; i <= 30; i++) {
      const guess = await login({ email, password: `intento-${i}` }, `10.1.0.${i}`)
      expect(guess.statusCode).toBe(401)
    }

    const again = await login({ email, password: 'intento-31' }, '10.1.0.1')
    expect(again.statusCode).toBe(429)
    expect(again.json()).toMatchObject({
      errorType: 'RATE_LIMITED',
      error: 'Hubo varios intentos fallidos para esta cuenta. Espera unos momentos e intenta de nuevo.',
    })
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(800)
    // Even the right password waits at a guessing address.
    expect((await login({ email, password }, '10.1.0.2')).statusCode).toBe(429)

    const home = await login({ email, password }, '198.51.100.77')
    expect(home.statusCode).toBe(200)
    expect(SessionResponseSchema.parse(home.json()).data.client.email).toBe(email)
    // A clean address with a wrong password is told so, not refused.
    expect((await login({ email, password: 'me-equivoque' }, '198.51.100.78')).statusCode).toBe(401)
  })

  it('does not count successful logins', async () => {
    const { email, password } = await owner()
    for (let i = 0; i < 15; i++) {
      expect((await login({ email, password }, '198.51.100.90')).statusCode).toBe(200)
    }
  })

  it('blocks an address after 10 failures in 15 minutes, on any accounts', async () => {
    const statuses: number[] = []
    for (let i = 1; i <= 12; i++) {
      const res = await login({ email: `nadie.${i}@ejemplo.mx`, password: 'incorrecta' }, '203.0.113.50')
      statuses.push(res.statusCode)
      if (res.statusCode === 429) {
        expect(res.json().error).toBe(
          'Demasiados intentos de inicio de sesión. Espera unos minutos e intenta de nuevo.',
        )
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(800)
      }
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429])
  })
})

describe('the windows slide', () => {
  it('forgets an address failures once 15 minutes have passed since them, not at a fixed bin', async () => {
    const gone = loginFailureKeys({ ip: '203.0.113.60', email: 'x@ejemplo.mx' }).address
    await pastFailures(gone, 10, 16 * 60)
    expect((await login({ email: 'x@ejemplo.mx', password: 'incorrecta' }, '203.0.113.60')).statusCode).toBe(
      401,
    )

    const recent = loginFailureKeys({ ip: '203.0.113.61', email: 'x@ejemplo.mx' }).address
    await pastFailures(recent, 10, 14 * 60)
    const res = await login({ email: 'x@ejemplo.mx', password: 'incorrecta' }, '203.0.113.61')
    expect(res.statusCode).toBe(429)
    // Free again when the oldest of the 10 leaves the window, a minute from now.
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(55)
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60)
  })

  it("delays a failing address by the account's failures, counted from the account's last failure", async () => {
    const { email, password } = await owner()
    const keys = loginFailureKeys({ ip: '203.0.113.70', email })
    // 10 failures on the account (one of them from this address), the last 20 s ago: 32 s of delay.
    await pastFailures(keys.account, 9, 60)
    await pastFailures(keys.account, 1, 20)
    await pastFailures(keys.pair, 1, 60)

    const waiting = await login({ email, password }, '203.0.113.70')
    expect(waiting.statusCode).toBe(429)
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(10)
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(12)
    expect((await login({ email, password }, '203.0.113.71')).statusCode).toBe(200)
  })

  it('lets a failing address try again once the delay has passed', async () => {
    const { email, password } = await owner()
    const keys = loginFailureKeys({ ip: '203.0.113.80', email })
    await pastFailures(keys.account, 10, 40)
    await pastFailures(keys.pair, 1, 40)
    expect((await login({ email, password }, '203.0.113.80')).statusCode).toBe(200)
  })
})

describe('proxies are trusted only when configured', () => {
  const spray = async (app: typeof ctx.app, remoteAddress: string) => {
    const statuses: number[] = []
    for (let i = 1; i <= 30; i++) {
      const res = await login(
        { email: `spray.${remoteAddress}.${i}@ejemplo.mx`, password: 'incorrecta' },
        remoteAddress,
        app,
        {
          'x-forwarded-for': `100.64.${i}.${i}`,
        },
      )
      statuses.push(res.statusCode)
    }
    return statuses
  }

  it('limits by the connecting address when X-Forwarded-For rotates and no proxy is configured', async () => {
    const statuses = await spray(ctx.app, '203.0.113.90')
    expect(statuses.filter((status) => status === 401)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(20)
  })

  it('uses the forwarded address behind a configured proxy (TRUST_PROXY)', async () => {
    const proxied = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } })
    try {
      const statuses = await spray(proxied.app, '127.0.0.1')
      expect(statuses.every((status) => status === 401)).toBe(true)
      // One forwarded address is still limited.
      for (let i = 0; i < 10; i++) {
        await login({ email: `otro.${i}@ejemplo.mx`, password: 'incorrecta' }, '127.0.0.1', proxied.app, {
          'x-forwarded-for': '100.64.200.1',
        })
      }
      const res = await login(
        { email: 'otro.x@ejemplo.mx', password: 'incorrecta' },
        '127.0.0.1',
        proxied.app,
        {
          'x-forwarded-for': '100.64.200.1',
        },
      )
      expect(res.statusCode).toBe(429)
      // An IPv6 host counts as its /64: rotating its own addresses does not reset the count.
      const ipv6: number[] = []
      for (let i = 0; i < 11; i++) {
        const res = await login(
          { email: `seis.${i}@ejemplo.mx`, password: 'incorrecta' },
          '127.0.0.1',
          proxied.app,
          {
            'x-forwarded-for': `2001:db8:1:2::${(i + 1).toString(16)}`,
          },
        )
        ipv6.push(res.statusCode)
      }
      expect(ipv6.slice(0, 10).every((status) => status === 401)).toBe(true)
      expect(ipv6[10]).toBe(429)
    } finally {
      await proxied.close()
    }
  })
})
