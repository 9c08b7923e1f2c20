import type { HostReservationDetail, HostReservationSummary } from '@cabanas/domain/reservations'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderSignedIn } from '../../test/render-app'
import { buildClient, buildHostReservationSummary } from '../../test/session'

type Handler = (url: URL, init: RequestInit | undefined) => Response

const host = buildClient({ roles: ['host'] })

function open(path: string, handle: Handler) {
  return renderSignedIn(host, path, handle)
}

const ID = '6f1c2a9e-2b7d-4a43-9d0e-1f2a3b4c5d6e'
const summary = buildHostReservationSummary({ id: ID })
const detail: HostReservationDetail = {
  ...summary,
  serviceFee: 480_00,
  specialRequests: '',
  contact: {
    fullName: 'Ana Rodríguez',
    email: 'ana@ejemplo.mx',
    phone: '5512345678',
    whatsappUrl: 'https://wa.me/525512345678',
  },
  cancelledAt: null,
  cancellationReason: null,
  isCancellable: true,
}
const page = (reservations: HostReservationSummary[]) =>
  jsonResponse({ success: true, data: { reservations, page: 1, pageSize: 20, total: reservations.length } })

describe('HostReservationsPage', () => {
  it('shows the upcoming stays as cards, and each tab asks the API for its own', async () => {
    const user = userEvent.setup()
    const { fetchMock, token } = open('/anfitrion/reservas', (url) =>
      url.pathname === '/api/hosts/me/reservations'
        ? page(url.searchParams.get('tab') === 'cancelled' ? [] : [summary])
        : jsonResponse({}, 404),
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reservas de mis cabañas' }),
    ).toBeInTheDocument()
    const card = must(
      (await screen.findByText('Cabaña del Bosque')).closest('a'),
      "(await screen.findByText('Cabaña del Bosque')).closest('a')",
    )
    expect(card).toHaveAttribute('href', `/anfitrion/reservas/${ID}`)
    expect(within(card).getByText('Confirmada')).toBeInTheDocument()
    expect(within(card).getByText('$4,480')).toBeInTheDocument()
    expect(within(card).getByText('Recibes $4,000')).toBeInTheDocument()
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/hosts/me/reservations'))
    expect(String(call?.[0])).toContain('tab=upcoming')
    expect(new Headers(call?.[1]?.headers).get('authorization')).toBe(`Bearer ${token}`)

    await user.click(screen.getByRole('tab', { name: 'Canceladas' }))
    expect(await screen.findByText('No tienes reservas canceladas.')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Canceladas' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeInTheDocument()
  })
})

describe('HostReservationPage', () => {
  it('shows the guest’s contact of a confirmed stay, with tel: and WhatsApp links', async () => {
    open(`/anfitrion/reservas/${ID}`, (url) =>
      url.pathname === `/api/hosts/me/reservations/${ID}`
        ? jsonResponse({ success: true, data: { reservation: detail } })
        : jsonResponse({}, 404),
    )
    expect(await screen.findByText('Ana Rodríguez')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /5512345678/ })).toHaveAttribute('href', 'tel:5512345678')
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/525512345678',
    )
    expect(screen.getByText('$4,000')).toBeInTheDocument()
  })

  it('shows only the first name of an unconfirmed stay, and no cancel button', async () => {
    open(`/anfitrion/reservas/${ID}`, () =>
      jsonResponse({
        success: true,
        data: {
          reservation: {
            ...detail,
            status: 'pending',
            paymentStatus: 'PENDING',
            contact: null,
            isCancellable: false,
          },
        },
      }),
    )
    expect(
      await screen.findByText('Los datos de contacto del huésped se muestran solo en reservas confirmadas.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancelar reserva' })).not.toBeInTheDocument()
  })

  it('cancels after a confirmation that says what happens, sending the reason, and shows the answer', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    open(`/anfitrion/reservas/${ID}`, (url, init) => {
      if (url.pathname === `/api/hosts/me/reservations/${ID}/cancel` && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)))
        return jsonResponse({
          success: true,
          message: 'Reserva cancelada. Reembolsamos el pago completo al huésped y le avisamos por correo.',
          data: {
            reservation: {
              ...detail,
              status: 'cancelled',
              paymentStatus: 'REFUNDED',
              cancelledBy: 'host',
              contact: null,
              cancelledAt: '2026-11-27T18:00:00.000Z',
              cancellationReason: 'Se descompuso el calentador',
              isCancellable: false,
            },
          },
        })
      }
      return jsonResponse({ success: true, data: { reservation: detail } })
    })
    await user.click(await screen.findByRole('button', { name: 'Cancelar reserva' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar esta reserva?' })
    expect(within(dialog).getByText(/recibirá el reembolso completo/)).toBeInTheDocument()
    expect(
      within(dialog).getByText('Las noches quedan bloqueadas en tu calendario; no se podrán reservar.'),
    ).toBeInTheDocument()
    expect(
      within(dialog).getByText('La cancelación cuenta en tu historial de anfitrión.'),
    ).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText('Motivo (opcional)'))
    await user.type(within(dialog).getByLabelText('Motivo (opcional)'), 'Se descompuso el calentador')
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar reserva' }))
    expect(
      await screen.findByText(
        'Reserva cancelada. Reembolsamos el pago completo al huésped y le avisamos por correo.',
      ),
    ).toBeInTheDocument()
    expect(sent).toEqual([{ reason: 'Se descompuso el calentador' }])
    await waitFor(() => expect(screen.getAllByText('Cancelada por el anfitrión').length).toBeGreaterThan(0))
    expect(screen.getByText('Reembolsada al huésped')).toBeInTheDocument()
    expect(screen.queryByText('Ana Rodríguez')).not.toBeInTheDocument()
  })

  it('refuses a reason over 500 characters in Spanish, without calling the API', async () => {
    const user = userEvent.setup()
    const { fetchMock } = open(`/anfitrion/reservas/${ID}`, () =>
      jsonResponse({ success: true, data: { reservation: detail } }),
    )
    await user.click(await screen.findByRole('button', { name: 'Cancelar reserva' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar esta reserva?' })
    await user.clear(within(dialog).getByLabelText('Motivo (opcional)'))
    await user.type(within(dialog).getByLabelText('Motivo (opcional)'), 'x'.repeat(501))
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar reserva' }))
    expect(
      await within(dialog).findByText('El motivo debe tener como máximo 500 caracteres'),
    ).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/cancel'))).toBe(false)
  })
})
