import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { SANDBOX_OPENPAY } from '../../../config.ts'
import { buildTestApp } from '../../../test/build-test-app.ts'
import { createOpenpayGateway, type OpenpayGatewayOptions } from '../openpay-gateway.ts'
import type { CreateChargeInput } from '../payment-gateway.ts'
import { OPENPAY_SANDBOX_PREFIX } from './openpay-sandbox.routes.ts'
import type { SandboxFault } from './sandbox-faults.ts'

/** Test helper: an app listening on a free port, and the Openpay client pointed at its sandbox over HTTP. */
export async function startSandbox() {
  const ctx = await buildTestApp({ env: { OPENPAY_SANDBOX_FAULTS: 'true' } })
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = ctx.app.server.address() as AddressInfo
  const baseUrl = `http://127.0.0.1:${port}${OPENPAY_SANDBOX_PREFIX}`
  const merchantId = SANDBOX_OPENPAY.merchantId

  const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`

  function gateway(options: Partial<OpenpayGatewayOptions> = {}) {
    return createOpenpayGateway({
      baseUrl: () => baseUrl,
      merchantId,
      privateKey: SANDBOX_OPENPAY.privateKey,
      timeoutMs: 5_000,
      ...options,
    })
  }

  /** What Openpay.js sends: the card fields, with the public key. */
  async function createToken(cardNumber: string, fields: Record<string, unknown> = {}) {
    const { key = SANDBOX_OPENPAY.publicKey, ...overrides } = fields
    const res = await fetch(`${baseUrl}/v1/${merchantId}/tokens`, {
      method: 'POST',
      headers: { authorization: basic(String(key)), 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: cardNumber,
        holder_name: 'Ana López',
        expiration_month: '12',
        expiration_year: '30',
        cvv2: cardNumber.startsWith('3') ? '1234' : '123',
        ...overrides,
      }),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  async function tokenFor(cardNumber: string): Promise<string> {
    const { status, body } = await createToken(cardNumber)
    if (status !== 200) throw new Error(`token: ${status} ${JSON.stringify(body)}`)
    return String(body.id)
  }

  function chargeInput(sourceId: string, overrides: Partial<CreateChargeInput> = {}): CreateChargeInput {
    return {
      sourceId,
      deviceSessionId: 'Ab0Cd1Ef2Gh3Ij4Kl5Mn6Op7Qr8St9Uv',
      amount: 1_234_56,
      currency: 'MXN',
      description: 'Reserva Cabaña del Bosque',
      orderId: randomUUID(),
      customer: { name: 'Ana', lastName: 'López', email: 'ana@example.mx', phoneNumber: '5512345678' },
      ...overrides,
    }
  }

  async function setFault(fault: Partial<SandboxFault> & Pick<SandboxFault, 'mode'>) {
    const res = await fetch(`${baseUrl}/_faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ times: 1, ...fault }),
    })
    if (res.status !== 204) throw new Error(`fault: ${res.status}`)
  }

  return { ctx, baseUrl, merchantId, basic, gateway, createToken, tokenFor, chargeInput, setFault }
}
