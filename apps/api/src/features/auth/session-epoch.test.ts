import { SessionResponseSchema } from '@cabanas/domain/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'
import { must } from '../../test/must.ts'
import { findClientByEmail, recordLogin, replacePassword } from './auth.queries.ts'
import { hashPassword } from './passwords.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

async function registered(email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: {
      firstName: 'Lola',
      lastName: 'Mora',
      email,
      password: 'vieja-clave-1',
      confirmPassword: 'vieja-clave-1',
      acceptTerms: true,
    },
  })
  return SessionResponseSchema.parse(res.json()).data
}

/**
 * A login reads the client (hash and epoch), verifies the password, then stamps the login and signs a
 * session. A reset or change that commits in between must win: these replay that interleaving.
 */
describe('a login or a change racing a password change', () => {
  it('gives the login nothing when the password changed after it was verified', async () => {
    const { client } = await registered('carrera.login@ejemplo.mx')
    const seenByLogin = await findClientByEmail(ctx.db, client.email)
    await replacePassword(ctx.db, { clientId: client.id, passwordHash: await hashPassword('nueva-clave-2') })
    expect(await recordLogin(ctx.db, client.id, must(seenByLogin, 'seenByLogin').sessionEpoch)).toBeNull()
    expect(
      await recordLogin(ctx.db, client.id, must(seenByLogin, 'seenByLogin').sessionEpoch + 1),
    ).not.toBeNull()
  })

  it('does not let a change checked against the old password overwrite a reset', async () => {
    const { client } = await registered('carrera.cambio@ejemplo.mx')
    const seenByChange = await findClientByEmail(ctx.db, client.email)
    const reset = await replacePassword(ctx.db, {
      clientId: client.id,
      passwordHash: await hashPassword('por-reset-3'),
    })
    const change = await replacePassword(ctx.db, {
      clientId: client.id,
      passwordHash: await hashPassword('por-cambio-4'),
      expectedEpoch: must(seenByChange, 'seenByChange').sessionEpoch,
    })
    expect(reset).toBe(must(seenByChange, 'seenByChange').sessionEpoch + 1)
    expect(change).toBeNull()
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: client.email, password: 'por-reset-3' },
    })
    expect(login.statusCode).toBe(200)
  })
})
