import type { Client } from '@cabanas/domain/auth'
import type { PayoutMonthSummary } from '@cabanas/domain/payouts'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderSignedIn } from '../../test/render-app'
import { buildClient } from '../../test/session'

type Handler = (url: URL, init: RequestInit | undefined) => Response

const host = buildClient({ roles: ['host'] })

function open(client: Client, handle: Handler) {
  return renderSignedIn(client, '/anfitrion/pagos', handle)
}

const amounts = (hostAmount: number, overrides: Partial<PayoutMonthSummary['totals']> = {}) => ({
  guestPaid: 0,
  refunded: 0,
  serviceFee: 0,
  hostCommission: 0,
  marketplaceIncome: 0,
  hostAmount,
  ...overrides,
})

const november: PayoutMonthSummary = {
  month: '2026-11',
  status: 'owed',
  stays: 2,
  totals: amounts(4_000_00, { guestPaid: 4_480_00, serviceFee: 480_00, marketplaceIncome: 480_00 }),
  payout: null,
}
const october: PayoutMonthSummary = {
  month: '2026-10',
  status: 'paid',
  stays: 1,
  totals: amounts(1_500_00, { guestPaid: 1_680_00, serviceFee: 180_00, marketplaceIncome: 180_00 }),
  payout: { method: 'manual', paidAt: '2026-11-03T18:00:00.000Z', reference: 'SPEI 12345' },
}

describe('HostPayoutsPage', () => {
  it('shows each month in Spanish with what guests paid, the fees, what the host gets and its status', async () => {
    const user = userEvent.setup()
    const { fetchMock, token } = open(host, (url) =>
      url.pathname === '/api/hosts/me/payouts'
        ? jsonResponse({ success: true, data: { months: [november, october] } })
        : url.pathname === '/api/hosts/me/payouts/2026-11'
          ? jsonResponse({
              success: true,
              data: {
                month: {
                  ...november,
                  lines: [
                    {
                      ...amounts(2_000_00, { guestPaid: 2_240_00, serviceFee: 240_00 }),
                      kind: 'stay',
                      reservationId: 'r-1',
                      cabinName: 'Cabaña del Bosque',
                      checkIn: '2026-11-06',
                      checkOut: '2026-11-08',
                      adjusts: null,
                    },
                  ],
                },
              },
            })
          : jsonResponse({}, 404),
    )

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagos' })).toBeInTheDocument()
    const card = must(
      (await screen.findByRole('heading', { name: 'noviembre de 2026' })).closest('article'),
      "(await screen.findByRole('heading', { name: 'noviembre de 2026' }))...",
    )
    expect(within(card).getByText('2 estancias')).toBeInTheDocument()
    expect(within(card).getByText('Pendiente')).toBeInTheDocument()
    expect(within(card).getByText('$4,480')).toBeInTheDocument()
    expect(within(card).getByText('-$480')).toBeInTheDocument()
    expect(within(card).getByText('$4,000')).toBeInTheDocument()

    const paid = must(
      screen.getByRole('heading', { name: 'octubre de 2026' }).closest('article'),
      "screen.getByRole('heading', { name: 'octubre de 2026' }).closest('a...",
    )
    expect(within(paid).getByText('Pagado')).toBeInTheDocument()
    expect(within(paid).getByText('SPEI 12345')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'perfil de anfitrión' })).toHaveAttribute(
      'href',
      '/anfitrion/perfil',
    )

    await user.click(within(card).getByRole('button', { name: 'Ver estancias' }))
    expect(await within(card).findByText('Cabaña del Bosque')).toBeInTheDocument()
    expect(within(card).getByText('06/11/2026 – 08/11/2026')).toBeInTheDocument()
    const call = must(
      fetchMock.mock.calls.find(([url]) => String(url) === '/api/hosts/me/payouts'),
      "fetchMock.mock.calls.find(([url]) => String(url) === '/api/hosts/me...",
    )
    expect((call[1]?.headers as Record<string, string> | undefined)?.Authorization).toBe(`Bearer ${token}`)
  })

  it('says in Spanish that there are no payouts yet', async () => {
    open(host, () => jsonResponse({ success: true, data: { months: [] } }))
    expect(await screen.findByRole('heading', { name: 'Aún no tienes pagos' })).toBeInTheDocument()
  })
})
