import type { OperatorReservation } from '@cabanas/domain/reservations'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderSignedIn } from '../../test/render-app'
import { buildClient, buildHostReservationSummary } from '../../test/session'

type Handler = (url: URL, init: RequestInit | undefined) => Response

const operator = buildClient({ roles: ['operator'] })

function open(path: string, handle: Handler) {
  return renderSignedIn(operator, path, handle)
}

const ID = '6f1c2a9e-2b7d-4a43-9d0e-1f2a3b4c5d6e'
const row: OperatorReservation = {
  ...buildHostReservationSummary({ id: ID }),
  hostName: 'Doña Lupe',
  isRefundable: true,
}

describe('OperatorReservationsPage', () => {
  it('searches, and refunds after a confirmation', async () => {
    const user = userEvent.setup()
    let refunded = false
    const { fetchMock } = open('/operador/reservas', (url, init) => {
      if (url.pathname === `/api/operator/reservations/${ID}/refund` && init?.method === 'POST') {
        refunded = true
        return jsonResponse({
          success: true,
          message: 'Reserva cancelada y reembolsada. Avisamos al huésped y al anfitrión por correo.',
          data: {
            reservation: { ...row, status: 'cancelled', paymentStatus: 'REFUNDED', isRefundable: false },
          },
        })
      }
      const reservations = refunded
        ? [
            {
              ...row,
              status: 'cancelled',
              paymentStatus: 'REFUNDED',
              cancelledBy: 'operator',
              isRefundable: false,
            },
          ]
        : [row]
      return jsonResponse({ success: true, data: { reservations, page: 1, pageSize: 20, total: 1 } })
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservas' })).toBeInTheDocument()
    expect((await screen.findAllByText('Doña Lupe')).length).toBeGreaterThan(0)

    await user.clear(screen.getByLabelText('Buscar por cabaña o ID de reserva'))
    await user.type(screen.getByLabelText('Buscar por cabaña o ID de reserva'), 'bosque')
    await user.selectOptions(screen.getByLabelText('Estado'), 'active')
    await user.click(screen.getByRole('button', { name: 'Buscar' }))
    await screen.findAllByText('Cabaña del Bosque')
    const searched = fetchMock.mock.calls
      .map(([input]) => String(input))
      .find((url) => url.includes('q=bosque'))
    expect(searched).toContain('status=active')

    await user.click(must(screen.getAllByRole('button', { name: 'Reembolsar' })[0], 'a first Reembolsar'))
    const dialog = await screen.findByRole('dialog', { name: '¿Reembolsar esta reserva?' })
    expect(within(dialog).getByText('El huésped recibe el reembolso completo: $4,480.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar $4,480' }))
    expect(
      await screen.findByText(
        'Reserva cancelada y reembolsada. Avisamos al huésped y al anfitrión por correo.',
      ),
    ).toBeInTheDocument()
    expect(refunded).toBe(true)
    expect((await screen.findAllByText(/Cancelada por Cabañas MX/)).length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Reembolsar' })).not.toBeInTheDocument()
  })

  it('lists the requests to book, read-only', async () => {
    open('/operador/solicitudes', () =>
      jsonResponse({
        success: true,
        data: {
          requests: [
            {
              id: 'r1',
              status: 'pending',
              cabinId: 'c1',
              cabinName: 'Cabaña del Lago',
              checkIn: '2026-12-11',
              checkOut: '2026-12-13',
              nights: 2,
              guests: 3,
              totalPrice: 4_480_00,
              createdAt: '2026-11-20T18:00:00.000Z',
            },
          ],
          page: 1,
          pageSize: 20,
          total: 1,
        },
      }),
    )
    expect(await screen.findByText('Cabaña del Lago')).toBeInTheDocument()
    expect(screen.getByText('Solicitud pendiente')).toBeInTheDocument()
    expect(screen.getByText('11/12/2026 – 13/12/2026 · 3 huéspedes')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Aceptar|Rechazar|Reembolsar/ })).not.toBeInTheDocument()
  })
})
