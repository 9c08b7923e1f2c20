import type { OperatorPayout } from '@cabanas/domain/payouts'
import { payoutMessages } from '@cabanas/domain/payouts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { buildOperatorPayout } from '../../test/operator-fixtures'
import { renderApp } from '../../test/render-app'
import { buildClient, buildToken, checkResponse, storeSession } from '../../test/session'

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

const operator = buildClient({ roles: ['operator'] })
const owed = buildOperatorPayout()
const HOST_ID = owed.hostId

function open(handle: Handler, payout: OperatorPayout = owed) {
  const token = buildToken()
  storeSession(operator, token)
  const fetchMock = mockFetch((url, init) =>
    url.pathname === '/auth/check'
      ? jsonResponse(checkResponse(operator))
      : url.pathname === '/api/operator/payouts' && (init?.method ?? 'GET') === 'GET'
        ? jsonResponse({ success: true, data: { payouts: [payout] } })
        : handle(url, init),
  )
  renderApp('/operador/pagos')
  return { token, fetchMock }
}

const writes = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')

/** The row of the one host owed, once the page shows it. */
const bravoRow = async () =>
  must(
    (await screen.findByRole('heading', { name: 'Glamping Bravo' })).closest('article'),
    'the row of Glamping Bravo',
  )
describe('OperatorPayoutsPage', () => {
  it("'Marcar como pagado' refuses a bad reference in Spanish, then sends the amount seen and the reference", async () => {
    const user = userEvent.setup()
    const { fetchMock, token } = open(() =>
      jsonResponse({
        success: true,
        message: payoutMessages.markedPaid,
        data: {
          payout: {
            ...owed,
            status: 'paid',
            payout: { method: 'manual', paidAt: null, reference: 'SPEI 998877' },
          },
        },
      }),
    )
    const row = await bravoRow()
    expect(within(row).getByText('$7,250')).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: /Marcar como pagado/ }))

    const dialog = await screen.findByRole('dialog', { name: 'Marcar como pagado' })
    expect(within(dialog).getByText('BBVA México •••• 0071')).toBeInTheDocument()
    const reference = within(dialog).getByLabelText('Referencia del banco')
    await user.clear(reference)
    await user.type(reference, '=1')
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como pagado' }))
    expect(await within(dialog).findByText(payoutMessages.reference)).toBeInTheDocument()
    expect(reference).toHaveAttribute('aria-invalid', 'true')
    expect(writes(fetchMock)).toHaveLength(0)

    await user.clear(reference)
    await user.type(reference, 'SPEI 998877')
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como pagado' }))
    await waitFor(() => expect(writes(fetchMock)).toHaveLength(1))
    const [url, init] = must(writes(fetchMock)[0], 'the request sent')
    expect(String(url)).toBe(`/api/operator/payouts/${HOST_ID}/2026-10/mark-paid`)
    expect(JSON.parse(String(init?.body))).toEqual({ amount: 7_250_00, reference: 'SPEI 998877' })
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe(`Bearer ${token}`)
    expect(await screen.findByText(payoutMessages.markedPaid)).toBeInTheDocument()
  })

  it("'Pagar por transferencia' shows the API's 409 message and sends once", async () => {
    const user = userEvent.setup()
    // The answer waits until both clicks are in: the second comes while the first is out.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    const { fetchMock } = open(async () => {
      await answered
      return jsonResponse({ success: false, errorType: 'CONFLICT', error: payoutMessages.amountChanged }, 409)
    })
    const row = await bravoRow()
    await user.click(within(row).getByRole('button', { name: /Pagar por transferencia/ }))

    const dialog = await screen.findByRole('dialog', { name: 'Pagar por transferencia' })
    expect(within(dialog).getByText('Glamping Bravo')).toBeInTheDocument()
    expect(within(dialog).getByText('$7,250')).toBeInTheDocument()
    const confirm = within(dialog).getByRole('button', { name: 'Transferir $7,250' })
    await user.click(confirm)
    await user.click(confirm)
    answer()

    expect((await within(dialog).findByRole('alert')).textContent).toContain(payoutMessages.amountChanged)
    expect(writes(fetchMock)).toHaveLength(1)
    expect(String(must(writes(fetchMock)[0], 'the request sent')[0])).toBe(
      `/api/operator/payouts/${HOST_ID}/2026-10/transfer`,
    )
  })

  it("'Consultar transferencia' settles a transfer left in progress, and shows why it must wait", async () => {
    const user = userEvent.setup()
    const { fetchMock } = open(
      () => jsonResponse({ success: false, errorType: 'CONFLICT', error: payoutMessages.inProgress }, 409),
      { ...owed, status: 'processing' },
    )
    const row = await bravoRow()
    expect(within(row).queryByRole('button', { name: /Pagar por transferencia/ })).not.toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: /Consultar la transferencia a Glamping Bravo/ }))

    expect((await within(row).findByRole('alert')).textContent).toContain(payoutMessages.inProgress)
    expect(writes(fetchMock)).toHaveLength(1)
    const [url, init] = must(writes(fetchMock)[0], 'the request sent')
    expect(String(url)).toBe(`/api/operator/payouts/${HOST_ID}/2026-10/transfer`)
    expect(JSON.parse(String(init?.body))).toEqual({ amount: 7_250_00 })
  })
})
