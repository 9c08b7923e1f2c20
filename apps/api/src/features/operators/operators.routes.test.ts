import { SessionResponseSchema, VerifyEmailResponseSchema } from '@cabanas/domain/auth'
import { OperatorHostsResponseSchema } from '@cabanas/domain/hosts'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operators, outbox } from '../../db/schema.ts'
import { signSession } from '../../lib/session-tokens.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertClient } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { openMailSecrets } from '../mail/mail-jobs.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({
    env: { OPERATOR_EMAILS: 'Lupe.Operadora@ejemplo.mx, sin.confirmar@ejemplo.mx, nadie@ejemplo.mx' },
  })
})
afterAll(() => ctx.close())

const bearer = async (clientId: string) => ({
  authorization: `Bearer ${(await signSession(ctx.app.sessionKey, { clientId, rememberMe: false, epoch: 0, now: ctx.clock.now() })).token}`,
})

describe('OPERATOR_EMAILS', () => {
  it('grants the operator role at start-up to listed accounts with a confirmed address only', async () => {
    const operator = await insertClient(ctx.db, { email: 'lupe.operadora@ejemplo.mx', isEmailVerified: true })
    const unverified = await insertClient(ctx.db, {
      email: 'sin.confirmar@ejemplo.mx',
      isEmailVerified: false,
    })
    const unlisted = await insertClient(ctx.db, { isEmailVerified: true })
    const get = async (clientId: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/operator/hosts', headers: await bearer(clientId) })
    // Registered after this process started: the role waits for the next start.
    expect((await get(operator.id)).statusCode).toBe(403)

    await ctx.buildTwin()

    const granted = await ctx.db.select().from(operators)
    expect(granted).toEqual([
      expect.objectContaining({ clientId: operator.id, grantedBy: 'OPERATOR_EMAILS' }),
    ])
    expect((await get(operator.id)).statusCode).toBe(200)
    expect((await get(unverified.id)).statusCode).toBe(403)
    expect((await get(unlisted.id)).statusCode).toBe(403)
  })

  it('grants it when a listed address registered after start-up is confirmed from its mailbox, with no restart', async () => {
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      remoteAddress: '10.40.0.1',
      payload: {
        firstName: 'Nadia',
        lastName: 'Operadora',
        email: 'Nadie@Ejemplo.mx',
        password: 'secreta1',
        confirmPassword: 'secreta1',
        acceptTerms: true,
      },
    })
    expect(registered.statusCode).toBe(201)
    const { client, token: session } = SessionResponseSchema.parse(registered.json()).data
    expect(client.roles).toEqual([])
    const [mail] = await ctx.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, 'mail:verify-email'), sql`${outbox.payload}->>'clientId' = ${client.id}`))
    const token = String(openMailSecrets('mail:verify-email', must(mail, 'mail').payload).token)

    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/auth/verify-email',
      payload: { token },
      headers: { authorization: `Bearer ${session}` },
    })
    expect(verified.statusCode).toBe(200)
    const { data } = VerifyEmailResponseSchema.parse(verified.json())
    if (data.outcome !== 'verified') throw new Error(`expected verified, got ${data.outcome}`)
    expect(data.client.roles).toContain('operator')
    const hosts = await ctx.app.inject({
      method: 'GET',
      url: '/api/operator/hosts',
      headers: { authorization: `Bearer ${data.token}` },
    })
    expect(hosts.statusCode).toBe(200)
  })
})

describe('GET /api/operator/hosts', () => {
  it('lists the hosts with their bank and masked CLABE, never the digits', async () => {
    const operator = await insertClient(ctx.db, { isEmailVerified: true })
    await ctx.db
      .insert(operators)
      .values({ clientId: operator.id, grantedBy: 'command' })
      .onConflictDoNothing()
    const host = await insertClient(ctx.db, { email: 'beto.anfitrion@ejemplo.mx' })
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/hosts/me',
      headers: await bearer(host.id),
      payload: { displayName: 'Refugio Beto', phone: '5511112222', clabe: '638180000001234565' },
    })
    expect(created.statusCode).toBe(201)

    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/operator/hosts',
      headers: await bearer(operator.id),
    })
    expect(res.statusCode).toBe(200)
    const { hosts } = OperatorHostsResponseSchema.parse(res.json()).data
    expect(hosts).toContainEqual(
      expect.objectContaining({
        clientId: host.id,
        email: 'beto.anfitrion@ejemplo.mx',
        displayName: 'Refugio Beto',
        bankName: 'Nu México',
        clabeLast4: '4565',
      }),
    )
    expect(res.body).not.toContain('638180000001234565')
  })
})
