import { type FuzzContext, type RouteSpec, uuidOf } from './context.ts'

const sandboxMerchant = (ctx: FuzzContext) => ({
  merchantId: ctx.sandbox?.merchantId ?? 'mfuzzmerchant000000',
})

/** The local Openpay sandbox the app serves (apps/openpay-sandbox): its script, tokens and charges. */
export const SANDBOX_ROUTES: RouteSpec[] = [
  { method: 'GET', url: '/sandbox/openpay/openpay.v1.js' },
  { method: 'GET', url: '/sandbox/openpay/antifraud/:merchantId/components', params: sandboxMerchant },
  {
    method: 'GET',
    url: '/sandbox/openpay/v1/:merchantId/antifraudkeys',
    auth: 'sandbox-public',
    params: sandboxMerchant,
  },
  {
    method: 'POST',
    url: '/sandbox/openpay/v1/:merchantId/tokens',
    auth: 'sandbox-public',
    params: sandboxMerchant,
    body: (_ctx, random) => ({
      card_number: random.pick([
        '4111111111111111',
        '5555555555554444',
        '4222222222222220',
        '345678000000007',
      ]),
      holder_name: 'ANA RODRIGUEZ',
      expiration_month: String(random.int(1, 12)).padStart(2, '0'),
      expiration_year: String(random.int(27, 35)),
      cvv2: '123',
      ...(random.chance(0.3)
        ? {
            address: {
              line1: 'Av. Juárez 1',
              postal_code: '44100',
              state: 'Jalisco',
              city: 'Guadalajara',
              country_code: 'MX',
            },
          }
        : {}),
    }),
  },
  {
    method: 'POST',
    url: '/sandbox/openpay/v1/:merchantId/charges',
    auth: 'sandbox-private',
    params: sandboxMerchant,
    body: (ctx, random) => ({
      source_id: ctx.cardTokens.length > 0 ? random.pick(ctx.cardTokens) : `k${random.hex(19)}`,
      method: 'card',
      amount: random.int(1, 50_000) + random.pick([0, 0.5, 0.25]),
      currency: 'MXN',
      description: 'Reserva Cabañas MX',
      order_id: `fuzz-${random.hex(16)}`,
      device_session_id: random.hex(32),
      customer: { name: 'Ana', last_name: 'Rodríguez', phone_number: '5512345678', email: 'ana@example.com' },
    }),
  },
  {
    method: 'GET',
    url: '/sandbox/openpay/v1/:merchantId/charges',
    auth: 'sandbox-private',
    params: sandboxMerchant,
    query: (_ctx, random) => [
      ['order_id', `fuzz-${random.hex(16)}`],
      ['offset', String(random.int(0, 20))],
      ['limit', String(random.int(1, 100))],
    ],
  },
  {
    method: 'GET',
    url: '/sandbox/openpay/v1/:merchantId/charges/:chargeId',
    auth: 'sandbox-private',
    params: (ctx, random) => ({ ...sandboxMerchant(ctx), chargeId: ctx.chargeId ?? `tr${random.hex(18)}` }),
  },
  {
    method: 'POST',
    url: '/sandbox/openpay/v1/:merchantId/charges/:chargeId/refund',
    auth: 'sandbox-private',
    params: (ctx, random) => ({ ...sandboxMerchant(ctx), chargeId: ctx.chargeId ?? `tr${random.hex(18)}` }),
    body: (_ctx, random) => ({ amount: random.int(1, 100), description: 'Reembolso' }),
  },
  {
    method: 'GET',
    url: '/sandbox/openpay/v1/:merchantId/payouts',
    auth: 'sandbox-private',
    params: sandboxMerchant,
    query: (_ctx, random) => [
      ['order_id', random.chance(0.5) ? `fuzz-${random.hex(16)}` : uuidOf(random)],
      ['offset', String(random.int(0, 20))],
      ['limit', String(random.int(1, 100))],
    ],
  },
  {
    method: 'POST',
    url: '/sandbox/openpay/v1/:merchantId/payouts',
    auth: 'sandbox-private',
    params: sandboxMerchant,
    body: (_ctx, random) => ({
      method: 'bank_account',
      bank_account: {
        // A valid CLABE (BBVA, check digit 9) or 18 random digits, whose check digit is usually wrong.
        clabe: random.chance(0.5)
          ? '012180001234567899'
          : String(random.int(100_000_000, 999_999_999)).repeat(2),
        holder_name: 'Guadalupe López',
      },
      amount: random.int(1, 90_000) + random.pick([0, 0.5, 0.25]),
      description: 'Pago a anfitrión',
      order_id: `fuzz-payout-${random.hex(12)}`,
    }),
  },
]
