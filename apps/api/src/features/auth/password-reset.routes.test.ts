import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { authMessages, SessionResponseSchema } from '@cabanas/domain/auth'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { executeRows } from '../../db/client.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { must } from '../../test/must.ts'
import { readOutboxMails } from '../mail/mail-testing.ts'

const PUBLIC_URL = 'https://cabanas.example'
const outbox = mkdtempSync(path.join(tmpdir(), 'cabanas-outbox-'))
let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ env: { MAIL_OUTBOX_DIR: outbox, PUBLIC_URL } })
})
afterAll(async () => {
  await ctx.close()
  rmSync(outbox, { recursive: true, force: true })
})

let counter = 0
/** Each request from its own address, unless a test says otherwise. */
const post = (url: string, payload: object, options: { remoteAddress?: string; token?: string } = {}) => {
  counter += 1
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.remoteAddress ?? `10.20.${Math.floor(counter / 250)}.${counter % 250}`,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  })
}
const check = (token: string) =>
  ctx.app.inject({ url: '/auth/check', headers: { authorization: `Bearer ${token}` } })

async function register(email: string, password = 'vieja-clave') {
  const res = await post('/auth/register', {
    firstName: 'Sofía',
    lastName: 'Torres',
    email,
    password,
    confirmPassword: password,
    acceptTerms: true,
  })
  return SessionResponseSchema.parse(res.json()).data.token
}

/** The reset mails (subject and plain text) sent to `email`; registration also sends 'Confirma tu correo'. */
async function mailsTo(email: string) {
  return (await readOutboxMails(outbox, email))
    .map((mail) => `Asunto: ${mail.subject}\n\n${mail.text}`)
    .filter((mail) => mail.includes('/forgot-password#token='))
}

const linkTokens = async (email: string) =>
  (await mailsTo(email)).map((mail) => /forgot-password#token=([\w-]+)/.exec(mail)?.[1] ?? '')

const runOutbox = () => ctx.app.runJobOnce(ctx.app.outboxJob)

/** How many rows each table touched by forgot-password holds. */
async function tableCounts() {
  const [row] = await executeRows<Record<string, number>>(
    ctx.db,
    sql`select
      (select count(*)::int from outbox) as outbox,
      (select count(*)::int from password_resets) as password_resets,
      (select count(*)::int from rate_limit_events) as rate_limit_events,
      (select count(*)::int from clients) as clients`,
  )
  return must(row, 'row')
}

describe('forgot password', () => {
  it('mails a single-use link that sets a new password', async () => {
    const email = 'olvido@ejemplo.mx'
    await register(email)
    const res = await post('/auth/forgot-password', { email: 'OLVIDO@ejemplo.mx' })
    expect(res.json().message).toBe(
      'Si existe una cuenta con ese correo, te enviamos un enlace para restablecer tu contraseña.',
    )
    await runOutbox()
    const [mail] = await mailsTo(email)
    expect(mail).toContain('Asunto: Restablece tu contraseña de Cabañas MX')
    const [token] = await linkTokens(email)
    expect(token).toBeTruthy()

    const reset = { token, password: 'nueva-clave', confirmPassword: 'nueva-clave' }
    expect((await post('/auth/reset-password', reset)).statusCode).toBe(200)
    expect((await post('/auth/login', { email, password: 'vieja-clave' })).statusCode).toBe(401)
    expect((await post('/auth/login', { email, password: 'nueva-clave' })).statusCode).toBe(200)
    const reused = await post('/auth/reset-password', reset)
    expect(reused.statusCode).toBe(400)
    expect(reused.json().error).toContain('no es válido o ya expiró')
  })

  it('writes the link with the configured PUBLIC_URL, whatever Host and X-Forwarded-Host say', async () => {
    const email = 'enlace@ejemplo.mx'
    await register(email)
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email },
      remoteAddress: '10.30.0.1',
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
        forwarded: 'host=evil.example;proto=http',
      },
    })
    expect(res.statusCode).toBe(200)
    await runOutbox()
    const [mail] = await mailsTo(email)
    const link = /^(\S*forgot-password#token=\S+)$/m.exec(mail ?? '')?.[1]
    expect(link).toMatch(/^https:\/\/cabanas\.example\/forgot-password#token=[\w-]{40,}$/)
    expect(mail).not.toContain('evil.example')
  })
})

describe('forgot-password reveals nothing', () => {
  it('answers the same and does the same database work for a known and an unknown e-mail', async () => {
    const known = 'conocida@ejemplo.mx'
    const unknown = 'desconocida@ejemplo.mx'
    await register(known)

    const before = await tableCounts()
    const knownRes = await post('/auth/forgot-password', { email: known })
    const afterKnown = await tableCounts()
    const unknownRes = await post('/auth/forgot-password', { email: unknown })
    const afterUnknown = await tableCounts()

    expect(unknownRes.statusCode).toBe(knownRes.statusCode)
    expect(unknownRes.body).toBe(knownRes.body)
    const diff = (a: Record<string, number>, b: Record<string, number>) =>
      Object.fromEntries(
        Object.keys(a).map((table) => [table, must(b[table], 'b[table]') - must(a[table], 'a[table]')]),
      )
    expect(diff(before, afterKnown)).toEqual({
      outbox: 1,
      password_resets: 0,
      // The address's request, and the recipient's cap per asking address and in all.
      rate_limit_events: 3,
      clients: 0,
    })
    expect(diff(afterKnown, afterUnknown)).toEqual(diff(before, afterKnown))
  })

  it('mails only when the outbox job runs, never in the request, and forgets the e-mail after', async () => {
    const email = 'diferida@ejemplo.mx'
    await register(email)
    await post('/auth/forgot-password', { email })
    await post('/auth/forgot-password', { email: 'nadie@ejemplo.mx' })

    expect(await mailsTo(email)).toEqual([])
    const queued = await executeRows<{ status: string; payload: unknown }>(
      ctx.db,
      sql`select status, payload from outbox where kind = 'password-reset' and payload->>'email' in (${email}, 'nadie@ejemplo.mx')`,
    )
    expect(queued).toHaveLength(2)
    expect(queued.every((row) => row.status === 'pending')).toBe(true)

    expect(await runOutbox()).toBe(true)
    expect(await mailsTo(email)).toHaveLength(1)
    expect(await mailsTo('nadie@ejemplo.mx')).toEqual([])
    const leftovers = await executeRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from outbox where payload::text like '%@ejemplo.mx%' or status <> 'done'`,
    )
    expect(must(leftovers[0], 'leftovers[0]').n).toBe(0)
  })

  it("mails one e-mail at most 3 times an hour per asking address, silently, so strangers cannot use up the owner's", async () => {
    const email = 'insistente@ejemplo.mx'
    await register(email)
    const stranger: number[] = []
    for (let i = 0; i < 4; i++) {
      stranger.push(
        (await post('/auth/forgot-password', { email }, { remoteAddress: '10.41.0.1' })).statusCode,
      )
    }
    // The answer never changes: a cap per e-mail would tell whether it was asked for before.
    expect(stranger).toEqual([200, 200, 200, 200])
    await runOutbox()
    expect(await mailsTo(email)).toHaveLength(3)
    // The owner, from another address, still gets their link.
    await post('/auth/forgot-password', { email }, { remoteAddress: '10.41.0.2' })
    await runOutbox()
    expect(await mailsTo(email)).toHaveLength(4)
  })

  it('a flood from many addresses queues at most 10 mails an hour per e-mail, answered as any other request', async () => {
    const known = 'inundada@ejemplo.mx'
    const unknown = 'inundada-sin-cuenta@ejemplo.mx'
    await register(known)
    const queuedFor = async (email: string) =>
      must(
        (
          await executeRows<{ n: number }>(
            ctx.db,
            sql`select count(*)::int as n from outbox where kind = 'password-reset' and payload->>'email' = ${email}`,
          )
        )[0],
        '( await executeRows<{ n: number }>( ctx.db, sql`select count(*)::in...',
      ).n
    for (const email of [known, unknown]) {
      const answers = new Set<string>()
      for (let i = 0; i < 30; i++) {
        const res = await post('/auth/forgot-password', { email }, { remoteAddress: `10.42.${i}.1` })
        answers.add(`${res.statusCode} ${res.body}`)
      }
      // Every answer the same, with or without an account, before and after the cap.
      expect([...answers]).toEqual([
        `200 ${JSON.stringify({ success: true, message: authMessages.resetRequested })}`,
      ])
      expect(await queuedFor(email)).toBe(10)
    }
    await runOutbox()
    expect(await mailsTo(known)).toHaveLength(10)
  })

  it('limits requests per address (10 an hour) with a Spanish 429', async () => {
    const perAddress: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await post(
        '/auth/forgot-password',
        { email: `rotando.${i}@ejemplo.mx` },
        { remoteAddress: '10.40.0.1' },
      )
      perAddress.push(res.statusCode)
      if (res.statusCode === 429) {
        expect(res.json().error).toBe(
          'Demasiadas solicitudes para restablecer la contraseña. Intenta de nuevo más tarde.',
        )
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      }
    }
    expect(perAddress).toEqual([...Array(10).fill(200), 429])
  })
})

describe('a password reset ends every other session and every other link', () => {
  it('voids the tokens of every session of the client', async () => {
    const email = 'dos-sesiones@ejemplo.mx'
    const first = await register(email)
    const login = await post('/auth/login', { email, password: 'vieja-clave' })
    const second = SessionResponseSchema.parse(login.json()).data.token
    expect((await check(first)).statusCode).toBe(200)
    expect((await check(second)).statusCode).toBe(200)

    await post('/auth/forgot-password', { email })
    await runOutbox()
    const [token] = await linkTokens(email)
    const reset = await post('/auth/reset-password', {
      token,
      password: 'nueva-clave',
      confirmPassword: 'nueva-clave',
    })
    expect(reset.statusCode).toBe(200)

    expect((await check(first)).statusCode).toBe(401)
    expect((await check(second)).statusCode).toBe(401)
    const fresh = await post('/auth/login', { email, password: 'nueva-clave' })
    expect((await check(SessionResponseSchema.parse(fresh.json()).data.token)).statusCode).toBe(200)
  })

  it('voids the other reset links once one is used', async () => {
    const email = 'dos-enlaces@ejemplo.mx'
    await register(email)
    await post('/auth/forgot-password', { email })
    await post('/auth/forgot-password', { email })
    await runOutbox()
    const tokens = await linkTokens(email)
    expect(tokens).toHaveLength(2)

    const use = (token: string, password: string) =>
      post('/auth/reset-password', { token, password, confirmPassword: password })
    expect((await use(must(tokens[1], 'tokens[1]'), 'nueva-clave')).statusCode).toBe(200)
    const other = await use(must(tokens[0], 'tokens[0]'), 'otra-clave')
    expect(other.statusCode).toBe(400)
    expect(other.json().error).toContain('no es válido o ya expiró')
    expect((await post('/auth/login', { email, password: 'nueva-clave' })).statusCode).toBe(200)
  })
})
