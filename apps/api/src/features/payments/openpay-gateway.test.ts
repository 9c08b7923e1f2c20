import { APPROVED_TEST_CARDS, DECLINED_TEST_CARDS } from '@cabanas/openpay-sandbox/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../test/sandbox-test-kit.ts'
import { PaymentProviderError } from './payment-gateway.ts'

// The Openpay client against the local sandbox, over real HTTP: the contract both must keep.
let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.ctx.close())

/** The PaymentProviderError a promise rejects with. */
async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(PaymentProviderError)
  return error as PaymentProviderError
}

describe('charges', () => {
  it.each(APPROVED_TEST_CARDS)('charges approved card %s', async (cardNumber) => {
    const gateway = sandbox.gateway()
    const input = sandbox.chargeInput(await sandbox.tokenFor(cardNumber))
    const charge = await gateway.createCharge(input)
    expect(charge).toMatchObject({
      status: 'completed',
      amount: 1_234_56,
      currency: 'MXN',
      orderId: input.orderId,
      errorCode: null,
      errorMessage: null,
      card: {
        brand: cardNumber.startsWith('3')
          ? 'american_express'
          : cardNumber.startsWith('4')
            ? 'visa'
            : 'mastercard',
        cardNumber: `${cardNumber.slice(0, 6)}${'X'.repeat(cardNumber.length - 10)}${cardNumber.slice(-4)}`,
        holderName: 'Ana López',
      },
    })
    expect(charge.id).toMatch(/^tr[a-z0-9]{18}$/)
    expect(charge.authorization).toMatch(/^\d{6}$/)
    expect(charge.creationDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-06:00$/)
    expect(await gateway.getCharge(charge.id)).toEqual(charge)
  })

  it.each(Object.entries(DECLINED_TEST_CARDS))('declines card %s with code %i', async (cardNumber, code) => {
    const gateway = sandbox.gateway()
    const input = sandbox.chargeInput(await sandbox.tokenFor(cardNumber))
    const error = await providerError(gateway.createCharge(input))
    expect(error).toMatchObject({ errorCode: code, httpCode: 402, category: 'gateway' })
    expect(error.description).toMatch(/^The card|^Fraud/)
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/)
    // The failed attempt is stored and consumes the order id.
    const failed = await gateway.findChargeByOrderId(input.orderId)
    expect(failed).toMatchObject({ status: 'failed', errorCode: code, errorMessage: error.description })
  })

  it('converts centavos to pesos and back exactly, and sends the client IP', async () => {
    const sent: { body: Record<string, unknown>; headers: Headers }[] = []
    const gateway = sandbox.gateway({
      fetch: (url, init) => {
        if (init?.body) sent.push({ body: JSON.parse(String(init.body)), headers: new Headers(init.headers) })
        return fetch(url, init)
      },
    })
    for (const amount of [1, 10, 19_99, 1_234_56, 99_999_999]) {
      const input = sandbox.chargeInput(await sandbox.tokenFor('4111111111111111'), {
        amount,
        clientIp: '201.141.1.2',
      })
      expect((await gateway.createCharge(input)).amount).toBe(amount)
    }
    expect(sent.map((s) => s.body.amount)).toEqual([0.01, 0.1, 19.99, 1234.56, 999999.99])
    expect(sent[0]?.headers.get('x-forwarded-for')).toBe('201.141.1.2')
    expect(sent[0]?.headers.get('authorization')).toBe(sandbox.basic(sandbox.openpay.privateKey))
    expect(sent[0]?.body).toMatchObject({
      method: 'card',
      currency: 'MXN',
      device_session_id: 'Ab0Cd1Ef2Gh3Ij4Kl5Mn6Op7Qr8St9Uv',
      customer: { name: 'Ana', last_name: 'López', email: 'ana@example.mx', phone_number: '5512345678' },
    })
  })

  it('refuses a token used twice (422/1003)', async () => {
    const gateway = sandbox.gateway()
    const token = await sandbox.tokenFor('4242424242424242')
    await gateway.createCharge(sandbox.chargeInput(token))
    const error = await providerError(gateway.createCharge(sandbox.chargeInput(token)))
    expect(error).toMatchObject({
      errorCode: 1003,
      httpCode: 422,
      description: 'This source_id was already used',
    })
  })

  it('refuses an unknown token (404/1005)', async () => {
    const error = await providerError(
      sandbox.gateway().createCharge(sandbox.chargeInput('kdoesnotexist0000000')),
    )
    expect(error).toMatchObject({ errorCode: 1005, httpCode: 404 })
  })

  it('refuses a second charge with the same order id (409/1006) without using up its token', async () => {
    const gateway = sandbox.gateway()
    const first = sandbox.chargeInput(await sandbox.tokenFor('5555555555554444'))
    await gateway.createCharge(first)
    const token = await sandbox.tokenFor('5555555555554444')
    const error = await providerError(
      gateway.createCharge(sandbox.chargeInput(token, { orderId: first.orderId })),
    )
    expect(error).toMatchObject({ errorCode: 1006, httpCode: 409, category: 'request' })
    expect((await gateway.createCharge(sandbox.chargeInput(token))).status).toBe('completed')
  })

  it('refuses the public key on charges (403/1010)', async () => {
    const gateway = sandbox.gateway({ privateKey: sandbox.openpay.publicKey })
    const input = sandbox.chargeInput(await sandbox.tokenFor('4111111111111111'))
    expect(await providerError(gateway.createCharge(input))).toMatchObject({ errorCode: 1010, httpCode: 403 })
  })

  it.each([
    ['an unknown key', { privateKey: 'sk_00000000000000000000000000000000' }],
    ['an unknown merchant', { merchantId: 'mzzzzzzzzzzzzzzzzzzz' }],
  ])('refuses %s (401/1002)', async (_name, options) => {
    const input = sandbox.chargeInput(await sandbox.tokenFor('4111111111111111'))
    const error = await providerError(sandbox.gateway(options).createCharge(input))
    expect(error).toMatchObject({
      errorCode: 1002,
      httpCode: 401,
      description: 'The api key or merchant id are invalid',
    })
  })
})

describe('tokens', () => {
  it.each([
    ['a wrong check digit', '4111111111111112', {}, 422, 2004],
    ['an expired card', '4111111111111111', { expiration_month: '05', expiration_year: '26' }, 400, 2005],
    ['a missing CVV', '4111111111111111', { cvv2: undefined }, 400, 2006],
    ['a 3-digit CVV on Amex', '343434343434343', { cvv2: '123' }, 400, 1001],
    ['a month without its zero', '4111111111111111', { expiration_month: '7' }, 400, 1001],
    ['a missing holder', '4111111111111111', { holder_name: '' }, 400, 1001],
    ['spaces in the number', '4111 1111 1111 1111', {}, 400, 1001],
  ])('refuses %s', async (_name, cardNumber, fields, status, code) => {
    const { status: actual, body } = await sandbox.createToken(cardNumber, fields)
    expect(actual).toBe(status)
    expect(body).toMatchObject({ error_code: code, http_code: status, category: 'request' })
    expect(body.request_id).toEqual(expect.any(String))
  })

  it('accepts the private key too, and answers the masked card only', async () => {
    const { status, body } = await sandbox.createToken('5105105105105100', {
      key: sandbox.openpay.privateKey,
    })
    expect(status).toBe(200)
    expect(body.id).toMatch(/^k[a-z0-9]{19}$/)
    expect(body.card).toEqual({
      card_number: '510510XXXXXX5100',
      holder_name: 'Ana López',
      expiration_year: '30',
      expiration_month: '12',
      address: null,
      creation_date: null,
      brand: 'mastercard',
      points_card: false,
    })
    // The CVV (default '123') is never echoed; the token's own id may hold any three digits.
    expect(body).not.toHaveProperty('cvv2')
    expect(JSON.stringify(body.card)).not.toContain('123')
  })

  it('refuses an unknown public key (401/1002)', async () => {
    const { status, body } = await sandbox.createToken('4111111111111111', { key: 'pk_unknown' })
    expect([status, body.error_code]).toEqual([401, 1002])
  })
})

describe('lookups and refunds', () => {
  it('finds the charge of an order id, or null', async () => {
    const gateway = sandbox.gateway()
    const input = sandbox.chargeInput(await sandbox.tokenFor('4111111111111111'))
    const charge = await gateway.createCharge(input)
    expect(await gateway.findChargeByOrderId(input.orderId)).toEqual(charge)
    expect(await gateway.findChargeByOrderId('no-such-order')).toBeNull()
  })

  it('answers 404/1005 for an unknown charge id', async () => {
    const error = await providerError(sandbox.gateway().getCharge('trdoesnotexist000000'))
    expect(error).toMatchObject({ errorCode: 1005, httpCode: 404 })
  })

  it('refunds a completed charge once, with the nested refund', async () => {
    const gateway = sandbox.gateway()
    const charge = await gateway.createCharge(sandbox.chargeInput(await sandbox.tokenFor('4111111111111111')))
    const refunded = await gateway.refundCharge(charge.id, { description: 'Cancelación' })
    expect(refunded).toMatchObject({ id: charge.id, status: 'refunded', amount: 1_234_56 })
    expect(await gateway.getCharge(charge.id)).toMatchObject({ status: 'refunded' })
    const raw = await fetch(`${sandbox.baseUrl}/v1/${sandbox.merchantId}/charges/${charge.id}`, {
      headers: { authorization: sandbox.basic(sandbox.openpay.privateKey) },
    })
    expect(((await raw.json()) as { refund: unknown }).refund).toMatchObject({
      transaction_type: 'refund',
      operation_type: 'out',
      status: 'completed',
      amount: 1234.56,
      description: 'Cancelación',
    })
    const again = await providerError(gateway.refundCharge(charge.id))
    expect(again).toMatchObject({ errorCode: 1003, httpCode: 422 })
  })

  it('refunds part of a charge', async () => {
    const gateway = sandbox.gateway()
    const charge = await gateway.createCharge(sandbox.chargeInput(await sandbox.tokenFor('4111111111111111')))
    expect((await gateway.refundCharge(charge.id, { amount: 500_00 })).status).toBe('refunded')
  })

  it('lists charges newest first', async () => {
    const res = await fetch(`${sandbox.baseUrl}/v1/${sandbox.merchantId}/charges?limit=3`, {
      headers: { authorization: sandbox.basic(sandbox.openpay.privateKey) },
    })
    const list = (await res.json()) as { creation_date: string }[]
    expect(list).toHaveLength(3)
    const dates = list.map((c) => c.creation_date)
    expect([...dates].sort().reverse()).toEqual(dates)
  })
})
