import { buildSandboxChargeEvent, findSandboxCharge } from '@cabanas/openpay-sandbox/testing'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'
import { must } from '../../test/must.ts'
import { startSandbox } from '../../test/sandbox-test-kit.ts'

let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.ctx.close())

const inject = (options: InjectOptions) => sandbox.ctx.app.inject(options)
const mid = () => sandbox.merchantId

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
      url: `/sandbox/openpay/antifraud/${mid()}/components?s=abc`,
    })
    expect([components.statusCode, components.body]).toEqual([200, ''])
    const keys = await inject({
      method: 'GET',
      url: `/sandbox/openpay/v1/${mid()}/antifraudkeys`,
      headers: { authorization: sandbox.basic(sandbox.openpay.publicKey) },
    })
    expect(keys.json()).toEqual({ data: '' })
  })
})

describe('Openpay error shapes', () => {
  const privateAuth = () => ({ authorization: sandbox.basic(sandbox.openpay.privateKey) })

  it('answers an unknown path with 404/1005', async () => {
    const res = await inject({
      method: 'GET',
      url: `/sandbox/openpay/v1/${mid()}/customers`,
      headers: privateAuth(),
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ error_code: 1005, http_code: 404, category: 'request' })
  })

  it('answers a body that is not JSON with 400/1001', async () => {
    const res = await inject({
      method: 'POST',
      url: `/sandbox/openpay/v1/${mid()}/charges`,
      headers: { ...privateAuth(), 'content-type': 'application/json' },
      payload: '{not json',
    })
    expect([res.statusCode, res.json().error_code]).toEqual([400, 1001])
  })

  it('requires credentials (401/1002)', async () => {
    const res = await inject({ method: 'GET', url: `/sandbox/openpay/v1/${mid()}/charges` })
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
      url: `/sandbox/openpay/v1/${mid()}/charges`,
      headers: privateAuth(),
      payload: body,
    })
    expect(res.json()).toMatchObject({ error_code: code, category: 'request' })
  })
})

describe('values the database cannot store are bad requests, never a 5xx', () => {
  const privateAuth = () => ({ authorization: sandbox.basic(sandbox.openpay.privateKey) })
  const chargeWith = async (change: Record<string, unknown>) =>
    inject({
      method: 'POST',
      url: `/sandbox/openpay/v1/${mid()}/charges`,
      headers: privateAuth(),
      payload: {
        method: 'card',
        source_id: await sandbox.tokenFor('4111111111111111'),
        amount: 100,
        description: 'Reserva',
        order_id: crypto.randomUUID(),
        customer: { name: 'Ana', email: 'ana@example.mx' },
        ...change,
      },
    })

  it.each([
    ['a NUL byte', 'k\u0000'],
    ['a NUL byte inside a token id', 'kabc\u0000def0000000000'],
    ['another control character', 'kabc\u001bdef'],
    ['letters outside Openpay ids', 'kñandú000000000000000'],
    ['punctuation', "k' OR 1=1 --"],
    ['a lone surrogate', 'k\ud800abc'],
    ['46 characters', `k${'a'.repeat(45)}`],
  ])('refuses a source_id with %s (400/1001)', async (_name, sourceId) => {
    const res = await chargeWith({ source_id: sourceId })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error_code: 1001, http_code: 400, category: 'request' })
  })

  it.each([
    ['customer name', { customer: { name: 'Ana\u0000', email: 'ana@example.mx' } }],
    ['customer last name', { customer: { name: 'Ana', last_name: '\ud83d', email: 'ana@example.mx' } }],
    ['description', { description: 'Reserva\u0000' }],
    ['order id', { order_id: 'orden\u0000' }],
    ['device session id', { device_session_id: 'dev\u0000' }],
  ])('refuses a NUL or broken character in the %s (400/1001) and charges nothing', async (_name, change) => {
    const res = await chargeWith(change)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error_code: 1001, category: 'request' })
  })

  it('refuses a NUL byte when tokenizing (400/1001)', async () => {
    const { status, body } = await sandbox.createToken('4111111111111111', { holder_name: 'Ana\u0000' })
    expect([status, body.error_code]).toEqual([400, 1001])
    const address = { line1: 'x', postal_code: '0\u0000', state: 'x', city: 'x', country_code: 'MX' }
    const withAddress = await sandbox.createToken('4111111111111111', { address })
    expect([withAddress.status, withAddress.body.error_code]).toEqual([400, 1001])
  })

  it('answers lookups of ids with a NUL byte with 4xx', async () => {
    const charge = await inject({
      method: 'GET',
      url: `/sandbox/openpay/v1/${mid()}/charges/tr%00abc`,
      headers: privateAuth(),
    })
    expect([charge.statusCode, charge.json().error_code]).toEqual([404, 1005])
    const list = await inject({
      method: 'GET',
      url: `/sandbox/openpay/v1/${mid()}/charges?order_id=%00`,
      headers: privateAuth(),
    })
    expect([list.statusCode, list.json().error_code]).toEqual([400, 1001])
    const refund = await inject({
      method: 'POST',
      url: `/sandbox/openpay/v1/${mid()}/charges/tr%00abc/refund`,
      headers: privateAuth(),
      payload: {},
    })
    expect(refund.statusCode).toBe(404)
  })
})

describe('webhook events', () => {
  it('builds the Openpay payload of a stored charge', async () => {
    const gateway = sandbox.gateway()
    const charge = await gateway.createCharge(sandbox.chargeInput(await sandbox.tokenFor('4111111111111111')))
    const row = await findSandboxCharge(sandbox.ctx.db, mid(), charge.id)
    const event = buildSandboxChargeEvent(must(row, 'row'), 'charge.succeeded')
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
