import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_OPENPAY } from '../../../config.ts'
import { buildTestApp } from '../../../test/build-test-app.ts'
import { findSandboxCharge } from './sandbox-charges.ts'
import { startSandbox } from './sandbox-test-kit.ts'
import { buildSandboxChargeEvent } from './sandbox-transaction.ts'

let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.ctx.close())

const inject = (options: InjectOptions) => sandbox.ctx.app.inject(options)
const mid = SANDBOX_OPENPAY.merchantId

describe('the Openpay.js stand-in', () => {
  it('is served as JavaScript, cached, with an ETag', async () => {
    const res = await inject({ method: 'GET', url: '/sandbox/openpay/openpay.v1.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
    expect(res.body).toContain('window.OpenPay = OpenPay')
    const again = await inject({
      method: 'GET',
      url: '/sandbox/openpay/openpay.v1.js',
      headers: { 'if-none-match': String(res.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })

  it('answers the anti-fraud side calls of Openpay.js', async () => {
    const components = await inject({
      method: 'GET',
      url: `/sandbox/openpay/antifraud/${mid}/components?s=abc`,
    })
    expect([components.statusCode, components.body]).toEqual([200, ''])
    const keys = await inject({
      method: 'GET',
      url: `/sandbox/openpay/v1/${mid}/antifraudkeys`,
      headers: { authorization: sandbox.basic(SANDBOX_OPENPAY.publicKey) },
    })
    expect(keys.json()).toEqual({ data: '' })
  })
})

describe('Openpay error shapes', () => {
  const privateAuth = () => ({ authorization: sandbox.basic(SANDBOX_OPENPAY.privateKey) })

  it('answers an unknown path with 404/1005', async () => {
    const res = await inject({
      method: 'GET',
      url: `/sandbox/openpay/v1/${mid}/customers`,
      headers: privateAuth(),
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ error_code: 1005, http_code: 404, category: 'request' })
  })

  it('answers a body that is not JSON with 400/1001', async () => {
    const res = await inject({
      method: 'POST',
      url: `/sandbox/openpay/v1/${mid}/charges`,
      headers: { ...privateAuth(), 'content-type': 'application/json' },
      payload: '{not json',
    })
    expect([res.statusCode, res.json().error_code]).toEqual([400, 1001])
  })

  it('requires credentials (401/1002)', async () => {
    const res = await inject({ method: 'GET', url: `/sandbox/openpay/v1/${mid}/charges` })
    expect(res.json()).toMatchObject({ error_code: 1002, http_code: 401 })
  })

  it.each([
    ['a negative amount', { amount: -5 }, 1001],
    ['three decimals', { amount: 10.005 }, 1020],
    ['a missing description', { description: undefined }, 1001],
    ['another method', { method: 'store' }, 1001],
    ['a pre-authorization', { capture: false }, 1001],
    ['a customer without email', { customer: { name: 'Ana' } }, 1001],
  ])('refuses a charge with %s', async (_name, change, code) => {
    const body = {
      method: 'card',
      source_id: await sandbox.tokenFor('4111111111111111'),
      amount: 100,
      description: 'Reserva',
      order_id: crypto.randomUUID(),
      customer: { name: 'Ana', email: 'ana@example.mx' },
      ...change,
    }
    const res = await inject({
      method: 'POST',
      url: `/sandbox/openpay/v1/${mid}/charges`,
      headers: privateAuth(),
      payload: body,
    })
    expect(res.json()).toMatchObject({ error_code: code, category: 'request' })
  })
})

describe('webhook events', () => {
  it('builds the Openpay payload of a stored charge', async () => {
    const gateway = sandbox.gateway()
    const charge = await gateway.createCharge(sandbox.chargeInput(await sandbox.tokenFor('4111111111111111')))
    const row = await findSandboxCharge(sandbox.ctx.db, mid, charge.id)
    const event = buildSandboxChargeEvent(row!, 'charge.succeeded')
    expect(event).toMatchObject({
      type: 'charge.succeeded',
      transaction: {
        id: charge.id,
        status: 'completed',
        amount: 1234.56,
        method: 'card',
        order_id: charge.orderId,
      },
    })
    expect(event.event_date).toMatch(/-06:00$/)
  })
})

describe('without OPENPAY_SANDBOX_FAULTS', () => {
  it('has no fault knobs', async () => {
    const ctx = await buildTestApp()
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/sandbox/openpay/_faults',
        payload: { mode: 'timeout' },
      })
      expect(res.statusCode).toBe(404)
    } finally {
      await ctx.close()
    }
  })

  it('is not served with real Openpay keys', async () => {
    const ctx = await buildTestApp({
      env: {
        OPENPAY_MERCHANT_ID: 'mrealmerchant0000001',
        OPENPAY_PRIVATE_KEY: 'sk_real0000000000000000000000000001',
        OPENPAY_PUBLIC_KEY: 'pk_real0000000000000000000000000001',
        OPENPAY_WEBHOOK_USER: 'openpay',
        OPENPAY_WEBHOOK_PASSWORD: 'a-long-webhook-password',
      },
    })
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/sandbox/openpay/openpay.v1.js' })
      expect(res.statusCode).toBe(404)
    } finally {
      await ctx.close()
    }
  })
})
