import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { readOutboxMails } from '../features/mail/mail-testing.ts'
import { fixedClock } from '../plugins/clock.ts'
import { openTestDatabase } from '../test/build-test-app.ts'
import { insertCabin } from '../test/factories.ts'
import { queryName, redactUrl, serializeError } from './logging.ts'

/** Every line the app logs, at the most verbose level, so nothing can hide below the default. */
const logLines: string[] = []
let database: DatabaseHandle
let app: FastifyInstance
let baseUrl: string
const outboxDir = mkdtempSync(path.join(tmpdir(), 'cabanas-privacidad-'))

beforeAll(async () => {
  database = await openTestDatabase()
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent',
    SEARCH_INDEX_MAX_STALENESS_MS: '0',
    RECONCILE_INTERVAL_MS: '0',
    OUTBOX_INTERVAL_MS: '0',
    MAIL_OUTBOX_DIR: outboxDir,
  })
  app = await buildApp({
    config,
    clock: fixedClock('2026-06-01'),
    database,
    logger: { level: 'trace', stream: { write: (line) => void logLines.push(line) } },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await app.close()
  await database.close()
  rmSync(outboxDir, { recursive: true, force: true })
})

const guest = {
  firstName: 'Ximena',
  lastName: 'Quintanilla',
  email: 'ximena.quintanilla@correo-privado.mx',
  phone: '5587654321',
  password: 'Contraseña-Muy-Secreta-77',
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

async function sandboxToken(): Promise<string> {
  const { merchantId, publicKey } = app.config.openpay
  const res = await post(
    `/sandbox/openpay/v1/${merchantId}/tokens`,
    {
      card_number: '4111111111111111',
      holder_name: 'XIMENA QUINTANILLA',
      expiration_month: '12',
      expiration_year: '35',
      cvv2: '123',
    },
    { authorization: `Basic ${Buffer.from(`${publicKey}:`).toString('base64')}` },
  )
  return ((await res.json()) as { id: string }).id
}

describe('logs', () => {
  it('never carry personal data, passwords or tokens through register, login, payment, a replay, a reset and hostile input', async () => {
    const register = await post('/auth/register', {
      ...guest,
      confirmPassword: guest.password,
      acceptTerms: true,
    })
    expect(register.status).toBe(201)
    const sessionToken = ((await register.json()) as { data: { token: string } }).data.token
    const login = await post('/auth/login', { email: guest.email, password: guest.password })
    expect(login.status).toBe(200)
    await post('/auth/login', { email: guest.email, password: 'equivocada-123' })
    await fetch(`${baseUrl}/auth/check`, { headers: { authorization: `Bearer ${sessionToken}` } })

    const cabin = await insertCabin(database.db, { minNights: 1 })
    const tokenId = await sandboxToken()
    const chargeRequest = {
      method: 'card',
      token_id: tokenId,
      device_session_id: 'Ab0Cd1Ef2Gh3Ij4Kl5Mn6Op7Qr8St9Uv',
      customerData: {
        name: guest.firstName,
        last_name: guest.lastName,
        phone_number: guest.phone,
        email: guest.email,
      },
      reservationData: {
        cabinId: cabin.id,
        checkIn: '2026-07-01',
        checkOut: '2026-07-03',
        guests: 2,
        guestInfo: {
          firstName: guest.firstName,
          lastName: guest.lastName,
          email: guest.email,
          phone: guest.phone,
          specialRequests: '',
        },
      },
    }
    const chargeHeaders = {
      authorization: `Bearer ${sessionToken}`,
      'idempotency-key': 'clave-idempotente-privada-1',
    }
    const charge = await post('/payments/charge', chargeRequest, chargeHeaders)
    expect(charge.status).toBe(200)
    const replay = await post('/payments/charge', chargeRequest, chargeHeaders)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    const accessToken = ((await charge.json()) as { data: { accessToken: string } }).data.accessToken

    await post('/auth/register', { ...guest, firstName: `Ximena\u0000`, acceptTerms: true })
    await post('/auth/forgot-password', { email: guest.email })
    await app.runJobOnce(app.outboxJob)
    const mail = (await readOutboxMails(outboxDir))
      .map((parsed) => parsed.text ?? '')
      .find((text) => text.includes('forgot-password#token='))
    const resetToken = /forgot-password#token=([\w-]+)/.exec(mail ?? '')?.[1] ?? ''
    expect(resetToken).not.toBe('')
    const newPassword = 'Otra-Contraseña-Secreta-88'
    const reset = await post('/auth/reset-password', {
      token: resetToken,
      password: newPassword,
      confirmPassword: newPassword,
    })
    expect(reset.status).toBe(200)
    await fetch(`${baseUrl}/forgot-password?token=enlace-secreto-de-restablecimiento`, {
      headers: { accept: 'text/html' },
    })

    const log = logLines.join('')
    expect(log.length).toBeGreaterThan(0)
    for (const secret of [
      guest.email,
      guest.phone,
      guest.firstName,
      guest.lastName,
      guest.password,
      sessionToken,
      accessToken,
      tokenId,
      'clave-idempotente-privada-1',
      'enlace-secreto-de-restablecimiento',
      resetToken,
      newPassword,
      '$argon2id',
    ]) {
      expect(log, `the log contains ${secret.slice(0, 12)}…`).not.toContain(secret)
    }
  })

  it('writes a database error as its SQLSTATE and query name, never its message or parameters', async () => {
    const error = await database.db
      .execute(sql`select ${'ximena.quintanilla@correo-privado.mx'}::int as n`)
      .then(() => null)
      .catch((caught: unknown) => caught)
    expect(error).not.toBeNull()
    const serialized = JSON.stringify(serializeError(error))
    expect(serialized).toContain('22P02')
    expect(serialized).not.toContain('ximena')
    expect(serialized).not.toContain('correo-privado')
  })

  it('names queries by verb and table', () => {
    expect(queryName('insert into "clients" ("email") values ($1)')).toBe('insert clients')
    expect(queryName('select "id" from "reservations" where "id" = $1')).toBe('select reservations')
    expect(queryName('update "clients" set "password_hash" = $1')).toBe('update clients')
  })

  it.each([
    ['/forgot-password?token=abc123', '/forgot-password?token=[oculto]'],
    ['/x?a=1&access_token=zz&b=2', '/x?a=1&access_token=[oculto]&b=2'],
    ['/habitaciones?limit=5', '/habitaciones?limit=5'],
    ['/api/calendars/qDwBu03PHqFOETJz4WiL8UGX4UnzMcAb.ics', '/api/calendars/[oculto]'],
    ['/api/calendars/abc?x=1', '/api/calendars/[oculto]?x=1'],
  ])('masks secrets in logged URLs: %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected)
  })
})

describe('Cache-Control', () => {
  it.each([
    ['POST', '/auth/login', { email: 'a@b.mx', password: 'incorrecta' }],
    ['GET', '/auth/check', undefined],
    ['POST', '/payments/charge', {}],
    ['GET', '/api/bookings/00000000-0000-4000-8000-000000000000', undefined],
  ])('is no-store on %s %s, which carry personal data or tokens', async (method, url, body) => {
    const res = await app.inject({
      method: method as 'GET' | 'POST',
      url,
      ...(body ? { payload: body } : {}),
    })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('is no-store on a percent-encoded path that reaches a private route', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/%61uth/login',
      payload: { email: 'a@b.mx', password: 'x' },
    })
    expect(res.statusCode).not.toBe(404)
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('lets public catalogue answers be cached', async () => {
    const res = await app.inject({ url: '/habitaciones' })
    expect(res.headers['cache-control']).toBe('public, max-age=60')
  })
})
