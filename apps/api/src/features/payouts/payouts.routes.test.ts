import {
  HostPayoutMonthResponseSchema,
  HostPayoutsResponseSchema,
  OperatorPayoutsResponseSchema,
} from '@cabanas/domain/payouts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { executeRows } from '../../db/client.ts'
import { operators, reservations } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin, insertClient, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { addressSequence, sessionFor } from '../../test/session-test-kit.ts'

// Today is 2026-06-10: May is over (payable), June is open.
let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ today: '2026-06-10', env: { OPENPAY_SANDBOX_FAULTS: 'true' } })
  // The gateway reaches the app's own Openpay sandbox over HTTP.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => ctx.close())

const nextAddress = addressSequence('10.7')

const tokenFor = (clientId: string) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())

async function insertHost(clabe = '072320001122334455') {
  const client = await insertClient(ctx.db)
  const token = await tokenFor(client.id)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/hosts/me',
    headers: { authorization: `Bearer ${token}` },
    payload: { displayName: 'Cabañas Doña Lupe', phone: '3398765432', clabe },
    remoteAddress: nextAddress(),
  })
  expect(res.statusCode).toBe(201)
  const cabin = await insertCabin(ctx.db, { hostId: client.id, name: 'Refugio del Lago' })
  return { id: client.id, token, cabin }
}

async function insertOperator() {
  const client = await insertClient(ctx.db, { isEmailVerified: true })
  await ctx.db.insert(operators).values({ clientId: client.id, grantedBy: 'command' })
  return tokenFor(client.id)
}

const get = (url: string, token: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: nextAddress(),
  })
const post = (url: string, token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
    remoteAddress: nextAddress(),
  })

describe('the host report', () => {
  it('sums, from the reservation rows, to what guests paid minus refunds', async () => {
    const host = await insertHost()
    const stays = [
      { checkIn: '2026-04-28', checkOut: '2026-05-01', totalPrice: 3_360_00, serviceCommission: 360_00 },
      {
        checkIn: '2026-05-10',
        checkOut: '2026-05-12',
        totalPrice: 2_241_13,
        serviceCommission: 240_12,
        status: 'completed' as const,
      },
      {
        checkIn: '2026-05-20',
        checkOut: '2026-05-23',
        totalPrice: 5_000_01,
        serviceCommission: 535_72,
        status: 'cancelled' as const,
        paymentStatus: 'REFUNDED' as const,
      },
      {
        checkIn: '2026-05-25',
        checkOut: '2026-05-27',
        totalPrice: 1_120_00,
        serviceCommission: 120_00,
        status: 'cancelled' as const,
      },
      {
        checkIn: '2026-04-02',
        checkOut: '2026-04-05',
        totalPrice: 4_480_00,
        serviceCommission: 480_00,
        status: 'completed' as const,
      },
    ]
    for (const stay of stays) await insertReservation(ctx.db, { cabinId: host.cabin.id, ...stay })
    // Not counted: unpaid, failed, not checked out yet.
    await insertReservation(ctx.db, {
      cabinId: host.cabin.id,
      checkIn: '2026-05-14',
      checkOut: '2026-05-16',
      paymentStatus: 'PENDING',
      status: 'pending',
    })
    await insertReservation(ctx.db, {
      cabinId: host.cabin.id,
      checkIn: '2026-05-16',
      checkOut: '2026-05-18',
      paymentStatus: 'FAILED',
      status: 'cancelled',
    })
    await insertReservation(ctx.db, { cabinId: host.cabin.id, checkIn: '2026-06-09', checkOut: '2026-06-12' })

    const res = await get('/api/hosts/me/payouts', host.token)
    expect(res.statusCode).toBe(200)
    const { months } = HostPayoutsResponseSchema.parse(res.json()).data
    expect(months.map((month) => [month.month, month.status, month.stays])).toEqual([
      ['2026-05', 'owed', 4],
      ['2026-04', 'owed', 1],
    ])
    // The ledger, read straight from the rows: what guests paid, minus what was refunded.
    const [ledger] = await executeRows<{ kept: string }>(
      ctx.db,
      sql`SELECT sum(total_price) FILTER (WHERE payment_status = 'PAID') AS kept
      FROM ${reservations} WHERE cabin_id = ${host.cabin.id} AND check_out <= '2026-06-10'
        AND payment_status IN ('PAID', 'REFUNDED')`,
    )
    const host$ = months.reduce((sum, month) => sum + month.totals.hostAmount, 0)
    const marketplace = months.reduce((sum, month) => sum + month.totals.marketplaceIncome, 0)
    const paid = months.reduce((sum, month) => sum + month.totals.guestPaid, 0)
    const refunded = months.reduce((sum, month) => sum + month.totals.refunded, 0)
    expect(host$ + marketplace).toBe(Number(must(ledger, 'ledger').kept))
    expect(paid - refunded).toBe(Number(must(ledger, 'ledger').kept))
    expect(must(months[0], 'months[0]').totals).toEqual({
      guestPaid: 3_360_00 + 2_241_13 + 5_000_01 + 1_120_00,
      refunded: 5_000_01,
      serviceFee: 360_00 + 240_12 + 120_00,
      hostCommission: 0,
      hostAmount: 3_000_00 + 2_001_01 + 1_000_00,
      marketplaceIncome: 360_00 + 240_12 + 120_00,
    })

    const detail = HostPayoutMonthResponseSchema.parse(
      (await get('/api/hosts/me/payouts/2026-05', host.token)).json(),
    )
    expect(detail.data.month.lines).toHaveLength(4)
    expect(detail.data.month.lines[0]).toMatchObject({
      cabinName: 'Refugio del Lago',
      checkOut: '2026-05-01',
      kind: 'stay',
    })
  })

  it('downloads a month as CSV with a safe file name', async () => {
    const host = await insertHost()
    await insertCabin(ctx.db, { hostId: host.id, name: '=HYPERLINK("x")' }).then((cabin) =>
      insertReservation(ctx.db, { cabinId: cabin.id, checkIn: '2026-05-03', checkOut: '2026-05-05' }),
    )
    const res = await get('/api/hosts/me/payouts/2026-05/csv', host.token)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="pagos-cabanas-mx-2026-05.csv"')
    expect(res.body).toContain('Para el anfitrión (MXN)')
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`)
    expect(res.body).toContain('2026-05,Total,,,,,3360.00,0.00,360.00,0.00,3000.00,360.00')
  })

  it.each(['2026-13', '2026-5', 'mayo', '2026-05-01'])(
    'refuses the month %j with a Spanish 400',
    async (month) => {
      const host = await insertHost()
      const res = await get(`/api/hosts/me/payouts/${encodeURIComponent(month)}`, host.token)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain('AAAA-MM')
    },
  )
})

describe('paying a host', () => {
  it('pays a month once through the provider, however many clicks at once', async () => {
    const host = await insertHost()
    await insertReservation(ctx.db, { cabinId: host.cabin.id, checkIn: '2026-05-03', checkOut: '2026-05-05' })
    const operator = await insertOperator()
    const list = OperatorPayoutsResponseSchema.parse((await get('/api/operator/payouts', operator)).json())
    const owed = must(
      list.data.payouts.find((payout) => payout.hostId === host.id),
      'list.data.payouts.find((payout) => payout.hostId === host.id)',
    )
    expect(owed).toMatchObject({
      month: '2026-05',
      status: 'owed',
      amount: 3_000_00,
      clabeLast4: '4455',
      bankName: 'Banorte',
    })

    const url = `/api/operator/payouts/${host.id}/2026-05/transfer`
    const answers = await Promise.all([1, 2, 3].map(() => post(url, operator, { amount: 3_000_00 })))
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409])
    const ok = must(
      answers.find((res) => res.statusCode === 200),
      'answers.find((res) => res.statusCode === 200)',
    )
    expect(ok.json()).toMatchObject({
      message: 'Transferencia enviada al anfitrión',
      data: { payout: { status: 'paid' } },
    })
    expect(
      must(
        answers.find((res) => res.statusCode === 409),
        'answers.find((res) => res.statusCode === 409)',
      ).json().message,
    ).toMatch(/pagado|en curso/)
    const sent = await executeRows(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM openpay_sandbox_payouts WHERE order_id IN (SELECT id::text FROM payouts WHERE host_id = ${host.id})`,
    )
    expect(sent[0]).toMatchObject({ n: 1 })

    const months = HostPayoutsResponseSchema.parse((await get('/api/hosts/me/payouts', host.token)).json())
    expect(months.data.months[0]).toMatchObject({
      month: '2026-05',
      status: 'paid',
      payout: { method: 'provider' },
    })
  })

  it('keeps a paid month as paid and carries a later refund to the next month', async () => {
    const host = await insertHost()
    const stay = await insertReservation(ctx.db, {
      cabinId: host.cabin.id,
      checkIn: '2026-05-03',
      checkOut: '2026-05-05',
    })
    const operator = await insertOperator()
    const res = await post(`/api/operator/payouts/${host.id}/2026-05/mark-paid`, operator, {
      amount: 3_000_00,
      reference: 'SPEI 00012345',
    })
    expect(res.statusCode).toBe(200)
    await ctx.db.execute(
      sql`UPDATE reservations SET payment_status = 'REFUNDED', status = 'cancelled' WHERE id = ${stay.id}`,
    )
    const { months } = HostPayoutsResponseSchema.parse(
      (await get('/api/hosts/me/payouts', host.token)).json(),
    ).data
    expect(months.map((month) => [month.month, month.status, month.totals.hostAmount])).toEqual([
      ['2026-06', 'open', -3_000_00],
      ['2026-05', 'paid', 3_000_00],
    ])
    const june = HostPayoutMonthResponseSchema.parse(
      (await get('/api/hosts/me/payouts/2026-06', host.token)).json(),
    )
    expect(june.data.month.lines).toEqual([
      expect.objectContaining({ kind: 'adjustment', adjusts: '2026-05', refunded: 3_360_00 }),
    ])
  })

  it.each([
    ['an amount that changed', { amount: 2_999_99, reference: 'SPEI 1234' }, 409, 'cambió'],
    ['a reference with a formula', { amount: 3_000_00, reference: '=cmd|x' }, 400, 'referencia'],
    ['no reference', { amount: 3_000_00 }, 400, 'referencia'],
    ['an amount in pesos', { amount: 3000.5, reference: 'SPEI 1234' }, 400, 'centavos'],
  ])('refuses %s in Spanish', async (_why, body, status, text) => {
    const host = await insertHost()
    await insertReservation(ctx.db, { cabinId: host.cabin.id, checkIn: '2026-05-03', checkOut: '2026-05-05' })
    const res = await post(`/api/operator/payouts/${host.id}/2026-05/mark-paid`, await insertOperator(), body)
    expect(res.statusCode).toBe(status)
    expect(res.json().message).toContain(text)
  })

  it('refuses a month that is not over, a host that does not exist and a bad host id', async () => {
    const host = await insertHost()
    const operator = await insertOperator()
    const june = await post(`/api/operator/payouts/${host.id}/2026-06/transfer`, operator, { amount: 100 })
    expect([june.statusCode, june.json().message]).toEqual([400, expect.stringContaining('aún no termina')])
    const stranger = await post(
      '/api/operator/payouts/6f1c1a4e-0000-4000-8000-000000000000/2026-05/transfer',
      operator,
      { amount: 100 },
    )
    expect(stranger.statusCode).toBe(404)
    const bad = await post('/api/operator/payouts/x/2026-05/transfer', operator, { amount: 100 })
    expect(bad.statusCode).toBe(400)
  })

  it('frees the month when the provider refuses the transfer', async () => {
    const host = await insertHost()
    await insertReservation(ctx.db, { cabinId: host.cabin.id, checkIn: '2026-05-03', checkOut: '2026-05-05' })
    const operator = await insertOperator()
    // The provider refuses the next call (as for a CLABE it does not take).
    await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/openpay/_faults',
      payload: { mode: 'openpay-error', errorCode: 1001 },
    })
    const refused = await post(`/api/operator/payouts/${host.id}/2026-05/transfer`, operator, {
      amount: 3_000_00,
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({
      errorType: 'PAYOUT_REFUSED',
      message: expect.stringContaining('CLABE'),
    })
    const again = await post(`/api/operator/payouts/${host.id}/2026-05/transfer`, operator, {
      amount: 3_000_00,
    })
    expect(again.statusCode).toBe(200)
  })

  it.each([
    ['the provider took it and its answer was lost', 'lose-response'],
    ['the provider never got it', 'error5xx'],
  ])('settles a transfer left in progress (%s): looked up, sent at most once', async (_why, mode) => {
    const host = await insertHost()
    await insertReservation(ctx.db, { cabinId: host.cabin.id, checkIn: '2026-05-03', checkOut: '2026-05-05' })
    const operator = await insertOperator()
    const url = `/api/operator/payouts/${host.id}/2026-05/transfer`
    await ctx.app.inject({ method: 'POST', url: '/sandbox/openpay/_faults', payload: { mode } })
    const lost = await post(url, operator, { amount: 3_000_00 })
    expect([lost.statusCode, lost.json().message]).toEqual([503, expect.stringContaining('Queda en proceso')])
    // At once it stays in progress: the first answer may still be on its way.
    const early = await post(url, operator, { amount: 3_000_00 })
    expect([early.statusCode, early.json().message]).toEqual([409, expect.stringContaining('en curso')])
    // Minutes later the operator asks again: the provider is asked, and the month is paid.
    await executeRows(
      ctx.db,
      sql`UPDATE payouts SET updated_at = now() - interval '3 minutes' WHERE host_id = ${host.id}`,
    )
    const settled = await post(url, operator, { amount: 3_000_00 })
    expect(settled.statusCode, settled.body).toBe(200)
    expect(settled.json()).toMatchObject({ data: { payout: { status: 'paid' } } })
    const sent = await executeRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM openpay_sandbox_payouts WHERE order_id IN (SELECT id::text FROM payouts WHERE host_id = ${host.id})`,
    )
    expect(sent[0]).toMatchObject({ n: 1 })
    const [row] = await executeRows<{ provider_payout_id: string | null }>(
      ctx.db,
      sql`SELECT provider_payout_id FROM payouts WHERE host_id = ${host.id}`,
    )
    expect(row?.provider_payout_id).toMatch(/^tr/)
  })
})
