import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../test/sandbox-test-kit.ts'
import { PaymentOutcomeUnknownError, PaymentProviderError } from './payment-gateway.ts'

// Payouts to a host's CLABE: the Openpay client against the local sandbox, over real HTTP.
let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.ctx.close())

const CLABE = '072320001122334455'
const payoutInput = (overrides: Record<string, unknown> = {}) => ({
  clabe: CLABE,
  holderName: 'Cabañas Doña Lupe',
  amount: 3_000_05,
  description: 'Pago a anfitrión 2026-05',
  orderId: randomUUID(),
  ...overrides,
})

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (reason: unknown) => reason,
  )
}

describe('payouts', () => {
  it('sends Openpay the bank_account payout with the amount in pesos, and reads back centavos', async () => {
    const sent: { url: string; body: unknown }[] = []
    const gateway = sandbox.gateway({
      fetch: async (url, init) => {
        sent.push({ url: String(url), body: JSON.parse(String(init?.body)) })
        return fetch(url, init)
      },
    })
    const input = payoutInput()
    const payout = await gateway.createPayout(input)
    expect(sent).toEqual([
      {
        url: `${sandbox.baseUrl}/v1/${sandbox.merchantId}/payouts`,
        body: {
          method: 'bank_account',
          bank_account: { clabe: CLABE, holder_name: 'Cabañas Doña Lupe' },
          amount: 3000.05,
          description: 'Pago a anfitrión 2026-05',
          order_id: input.orderId,
        },
      },
    ])
    expect(payout).toMatchObject({ status: 'in_progress', amount: 3_000_05, orderId: input.orderId })
    expect(payout.id).toMatch(/^tr[a-z0-9]{18}$/)
  })

  it('answers the payout with the CLABE masked to its last 4 digits', async () => {
    const res = await fetch(`${sandbox.baseUrl}/v1/${sandbox.merchantId}/payouts`, {
      method: 'POST',
      headers: {
        authorization: sandbox.basic(sandbox.openpay.privateKey),
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        method: 'bank_account',
        bank_account: { clabe: CLABE, holder_name: 'Ana' },
        amount: 10,
      }),
    })
    const body = (await res.json()) as Record<string, unknown>
    expect(res.status).toBe(200)
    expect(body).toMatchObject({
      transaction_type: 'payout',
      operation_type: 'out',
      bank_account: { clabe: 'XXXXXXXXXXXXXX4455', bank_name: 'Banorte' },
    })
    expect(JSON.stringify(body)).not.toContain(CLABE)
  })

  it.each([
    ['a wrong check digit', '072320001122334450'],
    ['an unknown bank', '999320001122334455'],
    ['17 digits', '07232000112233445'],
  ])('refuses a CLABE with %s (400/1001)', async (_why, clabe) => {
    const error = await rejection(sandbox.gateway().createPayout(payoutInput({ clabe })))
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect(error).toMatchObject({
      errorCode: 1001,
      httpCode: 400,
      description: 'bank_account.clabe is not a valid CLABE',
    })
  })

  it('refuses the same order id twice (409/1006): one payout per month, whatever the clicks', async () => {
    const input = payoutInput()
    await sandbox.gateway().createPayout(input)
    const error = await rejection(sandbox.gateway().createPayout(input))
    expect(error).toMatchObject({ errorCode: 1006, httpCode: 409 })
  })

  it('is an unknown outcome when the provider answers 5xx', async () => {
    await sandbox.setFault({ mode: 'error5xx' })
    const error = await rejection(sandbox.gateway().createPayout(payoutInput()))
    expect(error).toBeInstanceOf(PaymentOutcomeUnknownError)
  })

  it('finds a payout by its order id (how a lost answer is settled), and nothing for another order', async () => {
    const input = payoutInput()
    const payout = await sandbox.gateway().createPayout(input)
    await sandbox.gateway().createPayout(payoutInput())
    expect(await sandbox.gateway().findPayoutByOrderId(input.orderId)).toEqual(payout)
    expect(await sandbox.gateway().findPayoutByOrderId(randomUUID())).toBeNull()
  })
})
