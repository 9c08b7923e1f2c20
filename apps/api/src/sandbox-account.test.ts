import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { fixedClock } from './plugins/clock.ts'
import { publicWebConfig } from './plugins/static.ts'
import { buildTestApp, openTestDatabase } from './test/build-test-app.ts'

// The constants every installation shared until now: they must open nothing any more.
const OLD_CONSTANTS = {
  merchantId: 'mcabanassandbox00001',
  privateKey: 'sk_cabanassandbox000000000000000001',
  publicKey: 'pk_cabanassandbox000000000000000001',
  webhookPassword: 'sandbox-webhook-password',
}

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

const basic = (user: string, password = '') =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

describe('sandbox credentials', () => {
  it('are generated for this installation, in Openpay’s formats', () => {
    const { openpay } = ctx.app.config
    expect(openpay.mode).toBe('sandbox')
    expect(openpay.merchantId).toMatch(/^m[a-z0-9]{19}$/)
    expect(openpay.privateKey).toMatch(/^sk_[a-z0-9]{32}$/)
    expect(openpay.publicKey).toMatch(/^pk_[a-z0-9]{32}$/)
    expect(openpay.webhookPassword.length).toBeGreaterThanOrEqual(24)
    for (const [name, value] of Object.entries(OLD_CONSTANTS)) {
      expect(openpay[name as keyof typeof OLD_CONSTANTS]).not.toBe(value)
    }
  })

  it('are the only keys the sandbox takes, and the ones the checkout page gets', async () => {
    const { merchantId, publicKey } = ctx.app.config.openpay
    const tokenize = (mid: string, key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/sandbox/openpay/v1/${mid}/tokens`,
        headers: { authorization: basic(key) },
        payload: {
          card_number: '4111111111111111',
          holder_name: 'Ana',
          expiration_month: '12',
          expiration_year: '35',
          cvv2: '123',
        },
      })
    expect((await tokenize(merchantId, publicKey)).statusCode).toBe(200)
    expect((await tokenize(OLD_CONSTANTS.merchantId, OLD_CONSTANTS.publicKey)).json()).toMatchObject({
      error_code: 1002,
    })
    expect((await tokenize(merchantId, OLD_CONSTANTS.privateKey)).statusCode).toBe(401)
    expect(publicWebConfig(ctx.app.config).openpay).toMatchObject({ merchantId, publicKey, sandbox: true })
  })

  it('open the webhook; the old constant password does not', async () => {
    const { webhookUser, webhookPassword } = ctx.app.config.openpay
    const post = (authorization: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/webhooks/openpay',
        payload: { type: 'verification', verification_code: 'abc12345' },
        headers: { authorization },
      })
    expect((await post(basic(webhookUser, webhookPassword))).statusCode).toBe(200)
    expect((await post(basic('openpay-sandbox', OLD_CONSTANTS.webhookPassword))).statusCode).toBe(401)
  })

  it('differ between installations and are shared by every process of one', async () => {
    const other = await buildTestApp()
    try {
      expect(other.app.config.openpay.privateKey).not.toBe(ctx.app.config.openpay.privateKey)
      expect(other.app.config.openpay.webhookPassword).not.toBe(ctx.app.config.openpay.webhookPassword)
    } finally {
      await other.close()
    }
    const twin = await ctx.buildTwin()
    expect(twin.config.openpay).toEqual(ctx.app.config.openpay)
  })

  it('give way to OPENPAY_WEBHOOK_USER and OPENPAY_WEBHOOK_PASSWORD', async () => {
    const custom = await buildTestApp({
      env: { OPENPAY_WEBHOOK_USER: 'hooks', OPENPAY_WEBHOOK_PASSWORD: 'una-contraseña-larga' },
    })
    try {
      expect(custom.app.config.openpay).toMatchObject({
        webhookUser: 'hooks',
        webhookPassword: 'una-contraseña-larga',
      })
      expect(custom.app.config.openpay.privateKey).toMatch(/^sk_/)
    } finally {
      await custom.close()
    }
  })
})

describe('sandbox mode', () => {
  it('says at every start, as a warning, that no charge is real', async () => {
    const lines: string[] = []
    const database = await openTestDatabase()
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', RECONCILE_INTERVAL_MS: '0' }),
      clock: fixedClock('2026-06-01'),
      database,
      logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
    })
    try {
      await app.ready()
      const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40)
      expect(warnings.map((entry) => entry.msg)).toContainEqual(
        expect.stringMatching(/^PAGOS EN MODO SANDBOX: ningún cargo es real/),
      )
      expect(lines.join('\n')).not.toContain(app.config.openpay.privateKey)
    } finally {
      await app.close()
      await database.close()
    }
  })
})
