import {
  APPROVED_TEST_CARDS,
  DECLINED_TEST_CARDS,
  type SandboxErrorCode,
} from '@cabanas/openpay-sandbox/testing'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { executeRows } from '../../db/client.ts'
import { must } from '../../test/must.ts'
import { startSandbox } from '../../test/sandbox-test-kit.ts'
import { isChargeRefused, PaymentOutcomeUnknownError, PaymentProviderError } from './payment-gateway.ts'

// What the client makes of a provider that answers late, badly or not at all (sandbox fault knobs).
let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.ctx.close())

async function outcomeUnknown(promise: Promise<unknown>): Promise<PaymentOutcomeUnknownError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(PaymentOutcomeUnknownError)
  return error as PaymentOutcomeUnknownError
}

describe('unknown outcomes', () => {
  it('times out on its own clock; the charge was made and is found by order id', async () => {
    const gateway = sandbox.gateway({ timeoutMs: 300 })
    const input = sandbox.chargeInput(await sandbox.tokenFor('4111111111111111'))
    await sandbox.setFault({ mode: 'timeout', delayMs: 10_000 })
    const started = Date.now()
    const error = await outcomeUnknown(gateway.createCharge(input))
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(error.message).toMatch(/300 ms/)
    expect(await gateway.findChargeByOrderId(input.orderId)).toMatchObject({ status: 'completed' })
  })

  it('treats a 5xx without an Openpay error as unknown (here no charge was made)', async () => {
    const gateway = sandbox.gateway()
    const input = sandbox.chargeInput(await sandbox.tokenFor('4111111111111111'))
    await sandbox.setFault({ mode: 'error5xx' })
    expect((await outcomeUnknown(gateway.createCharge(input))).message).toMatch(/HTTP 503/)
    expect(await gateway.findChargeByOrderId(input.orderId)).toBeNull()
    // The token was not used: the retry goes through.
    expect((await gateway.createCharge(input)).status).toBe('completed')
  })

  it('loses the response of a completed charge: unknown outcome, but the charge exists', async () => {
    const gateway = sandbox.gateway()
    const input = sandbox.chargeInput(await sandbox.tokenFor('4242424242424242'))
    await sandbox.setFault({ mode: 'lose-response' })
    await outcomeUnknown(gateway.createCharge(input))
    const found = await gateway.findChargeByOrderId(input.orderId)
    expect(found).toMatchObject({ status: 'completed', orderId: input.orderId, amount: input.amount })
    expect(await gateway.getCharge(must(found, 'found').id)).toEqual(found)
  })

  it('applies a fault to the next n charges only', async () => {
    const gateway = sandbox.gateway()
    await sandbox.setFault({ mode: 'error5xx', times: 2 })
    for (const expected of ['unknown', 'unknown', 'completed']) {
      const attempt = gateway.createCharge(sandbox.chargeInput(await sandbox.tokenFor('4111111111111111')))
      if (expected === 'unknown') await outcomeUnknown(attempt)
      else expect((await attempt).status).toBe('completed')
    }
  })

  it('waits out a slow answer within the timeout', async () => {
    const gateway = sandbox.gateway({ timeoutMs: 2_000 })
    await sandbox.setFault({ mode: 'delay', delayMs: 300 })
    const started = Date.now()
    const charge = await gateway.createCharge(sandbox.chargeInput(await sandbox.tokenFor('4111111111111111')))
    expect(charge.status).toBe('completed')
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
  })

  it('treats a refused connection as unknown', async () => {
    const gateway = sandbox.gateway({ baseUrl: () => 'http://127.0.0.1:9/sandbox/openpay' })
    expect((await outcomeUnknown(gateway.getCharge('tr000'))).message).toMatch(/network error/)
  })

  it('treats a 5xx or 2xx answer that is not Openpay JSON as unknown', async () => {
    for (const status of [502, 200]) {
      const gateway = sandbox.gateway({
        fetch: async () => new Response('<html>Bad gateway</html>', { status }),
      })
      await outcomeUnknown(gateway.findChargeByOrderId('x'))
    }
  })
})

describe('refusals without an Openpay error object', () => {
  it('treats a 4xx from a proxy as a request error: nothing was charged', async () => {
    const gateway = sandbox.gateway()
    const input = sandbox.chargeInput(await sandbox.tokenFor('4111111111111111'))
    await sandbox.setFault({ mode: 'error4xx' })
    const error = await gateway.createCharge(input).then(
      () => null,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).toMatchObject({ errorCode: 1001, httpCode: 400, category: 'request' })
    expect(isChargeRefused(error as PaymentProviderError)).toBe(true)
    expect(await gateway.findChargeByOrderId(input.orderId)).toBeNull()
  })

  it.each<[SandboxErrorCode, boolean]>([
    [1001, true],
    [1003, true],
    [1005, true],
    [3001, true],
    [1000, false],
    [1006, false],
  ])('tells whether Openpay error %i refused the charge: %s', async (errorCode, refused) => {
    const gateway = sandbox.gateway()
    const input = sandbox.chargeInput(await sandbox.tokenFor('4111111111111111'))
    await sandbox.setFault({ mode: 'openpay-error', errorCode })
    const error = await gateway.createCharge(input).then(
      () => null,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(isChargeRefused(error as PaymentProviderError)).toBe(refused)
  })
})

describe('concurrent requests', () => {
  const settle = (attempts: Promise<unknown>[]) =>
    Promise.allSettled(attempts).then((results) =>
      results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { errorCode?: number }).errorCode)),
    )

  it('lets only one of ten simultaneous charges use a token', async () => {
    const gateway = sandbox.gateway()
    const token = await sandbox.tokenFor('4111111111111111')
    const outcomes = await settle(
      Array.from({ length: 10 }, () => gateway.createCharge(sandbox.chargeInput(token))),
    )
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 1003)).toHaveLength(9)
  })

  it('lets only one of ten simultaneous charges have an order id', async () => {
    const gateway = sandbox.gateway()
    const tokens = await Promise.all(Array.from({ length: 10 }, () => sandbox.tokenFor('4111111111111111')))
    const orderId = crypto.randomUUID()
    const outcomes = await settle(
      tokens.map((t) => gateway.createCharge(sandbox.chargeInput(t, { orderId }))),
    )
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 1006)).toHaveLength(9)
  })
})

describe('card data', () => {
  it('never stores a full card number or a CVV in any sandbox row', async () => {
    const gateway = sandbox.gateway()
    const cards = [...APPROVED_TEST_CARDS, ...Object.keys(DECLINED_TEST_CARDS)]
    for (const card of cards) {
      await gateway.createCharge(sandbox.chargeInput(await sandbox.tokenFor(card))).catch(() => {})
    }
    const rows = await executeRows<{ row: string }>(
      sandbox.ctx.db,
      sql`SELECT row_to_json(t)::text AS row FROM openpay_sandbox_tokens t
          UNION ALL SELECT row_to_json(c)::text FROM openpay_sandbox_charges c`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(cards.length * 2)
    // A UUID's last group is 12 hex digits, all decimal about once in 300: not a card number.
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
    for (const { row } of rows) {
      for (const card of cards) expect(row).not.toContain(card)
      expect(row.replace(uuid, '<uuid>')).not.toMatch(/\d{12,}/)
      // No column named like a CVV (a random id may contain the letters 'cvv': it did, twice in one run).
      expect(Object.keys(JSON.parse(row) as object).filter((key) => /cvv|cvc/i.test(key))).toEqual([])
    }
  })
})
