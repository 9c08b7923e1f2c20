import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { CalendarDate } from '@cabanas/domain/shared'
import { OPENPAY_SANDBOX_PREFIX, type SandboxFault } from '@cabanas/openpay-sandbox'
import { createOpenpayGateway, type OpenpayGatewayOptions } from '../features/payments/openpay-gateway.ts'
import type { CreateChargeInput } from '../features/payments/payment-gateway.ts'
import { buildTestApp } from './build-test-app.ts'

/** Test helper: an app listening on a free port, and the Openpay client pointed at its sandbox over HTTP. */
export async function startSandbox({
  env = {},
  today,
}: {
  env?: Record<string, string>
  today?: CalendarDate
} = {}) {
  const ctx = await buildTestApp({
    env: { OPENPAY_SANDBOX_FAULTS: 'true', ...env },
    ...(today ? { today } : {}),
  })
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = ctx.app.server.address() as AddressInfo
  const baseUrl = `http://127.0.0.1:${port}${OPENPAY_SANDBOX_PREFIX}`
  const openpay = ctx.app.config.openpay
  const merchantId = openpay.merchantId

  const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`

  function gateway(options: Partial<OpenpayGatewayOptions> = {}) {
    return createOpenpayGateway({
      baseUrl: () => baseUrl,
      merchantId,
      privateKey: openpay.privateKey,
      timeoutMs: 5_000,
      ...options,
    })
  }

  /** What Openpay.js sends: the card fields, with the public key. */
  async function createToken(cardNumber: string, fields: Record<string, unknown> = {}) {
    const { key = openpay.publicKey, ...overrides } = fields
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

  /** POST /payments/charge as the client at `ip` would send it (each test its own client). */
  function charge(body: object, { ip, headers = {} }: { ip: string; headers?: Record<string, string> }) {
    return ctx.app.inject({
      method: 'POST',
      url: '/payments/charge',
      payload: body,
      headers,
      remoteAddress: ip,
    })
  }

  async function setFault(fault: Partial<SandboxFault> & Pick<SandboxFault, 'mode'>) {
    const res = await fetch(`${baseUrl}/_faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ times: 1, ...fault }),
    })
    if (res.status !== 204) throw new Error(`fault: ${res.status}`)
  }

  async function clearFaults() {
    await fetch(`${baseUrl}/_faults`, { method: 'DELETE' })
  }

  return {
    ctx,
    openpay,
    baseUrl,
    merchantId,
    basic,
    gateway,
    createToken,
    tokenFor,
    chargeInput,
    charge,
    setFault,
    clearFaults,
  }
}

let lastClientIp = 0

/** A client address no other request of this test run has used: 10.x.y.z. */
export function newClientIp(): string {
  lastClientIp += 1
  return `10.${(lastClientIp >> 16) & 255}.${(lastClientIp >> 8) & 255}.${lastClientIp & 255}`
}

/** A spec §3 charge request for our API; the guest's e-mail and device are new unless given. */
export function chargeRequestBody(
  tokenId: string,
  cabinId: string,
  stay: { checkIn: string; checkOut: string },
  {
    email = `ana.${randomUUID().slice(0, 8)}@ejemplo.mx`,
    deviceSessionId = randomUUID().replaceAll('-', ''),
    totalPrice = 1,
  }: { email?: string; deviceSessionId?: string; totalPrice?: number } = {},
) {
  return {
    reservationId: cabinId,
    method: 'card',
    token_id: tokenId,
    device_session_id: deviceSessionId,
    customerData: { name: 'Ana', last_name: 'Rodríguez', phone_number: '5512345678', email },
    reservationData: {
      cabinId,
      cabinName: 'Cabaña',
      ...stay,
      guests: 2,
      nights: 2,
      pricing: {
        basePrice: totalPrice,
        totalPrice,
        cleaningFee: 0,
        serviceFee: 0,
        comisionServicio: 0,
        taxes: 0,
      },
      guestInfo: {
        firstName: 'Ana',
        lastName: 'Rodríguez',
        email,
        phone: '5512345678',
        specialRequests: '',
      },
    },
  }
}
