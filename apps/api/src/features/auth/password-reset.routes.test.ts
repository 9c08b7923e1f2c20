import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'

const outbox = mkdtempSync(path.join(tmpdir(), 'cabanas-outbox-'))
let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ env: { MAIL_OUTBOX_DIR: outbox } })
})
afterAll(async () => {
  await ctx.close()
  rmSync(outbox, { recursive: true, force: true })
})

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload })

function mailsTo(email: string) {
  return readdirSync(outbox)
    .filter((name) => name.includes(email))
    .map((name) => readFileSync(path.join(outbox, name), 'utf8'))
}

describe('forgot password', () => {
  it('mails a single-use link that sets a new password', async () => {
    const email = 'olvido@ejemplo.mx'
    await post('/auth/register', {
      firstName: 'Sofía',
      lastName: 'Torres',
      email,
      password: 'vieja-clave',
      confirmPassword: 'vieja-clave',
      acceptTerms: true,
    })
    const res = await post('/auth/forgot-password', { email: 'OLVIDO@ejemplo.mx' })
    expect(res.json().message).toBe(
      'Si existe una cuenta con ese correo, te enviamos un enlace para restablecer tu contraseña.',
    )
    const [mail] = mailsTo(email)
    expect(mail).toContain('Asunto: Restablece tu contraseña de Cabañas MX')
    const token = /forgot-password\?token=([\w-]+)/.exec(mail ?? '')?.[1]
    expect(token).toBeDefined()

    const reset = { token, password: 'nueva-clave', confirmPassword: 'nueva-clave' }
    expect((await post('/auth/reset-password', reset)).statusCode).toBe(200)
    expect((await post('/auth/login', { email, password: 'vieja-clave' })).statusCode).toBe(401)
    expect((await post('/auth/login', { email, password: 'nueva-clave' })).statusCode).toBe(200)
    const reused = await post('/auth/reset-password', reset)
    expect(reused.statusCode).toBe(400)
    expect(reused.json().error).toContain('no es válido o ya expiró')
  })

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await post('/auth/forgot-password', { email: 'nadie@ejemplo.mx' })
    expect(res.statusCode).toBe(200)
    expect(mailsTo('nadie@ejemplo.mx')).toEqual([])
  })
})
