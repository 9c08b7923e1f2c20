import type { Cabin } from '@cabanas/domain/catalog'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { buildCabin } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { RequestBookingDialog, type RequestedStay } from './request-booking-dialog'

const STAY: RequestedStay = {
  checkIn: '2026-07-20',
  checkOut: '2026-07-22',
  nights: 2,
  guests: 2,
  totalPrice: 380_800,
}

function renderDialog(cabin: Cabin = buildCabin({ name: 'Cabaña El Mirador', maxOccupancy: 4 })) {
  const onRequested = vi.fn()
  const onClose = vi.fn()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RequestBookingDialog cabin={cabin} stay={STAY} onClose={onClose} onRequested={onRequested} />
    </QueryClientProvider>,
  )
  return { cabin, onRequested, onClose }
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement
// fireEvent: under fake timers, where user-event hangs, and once to click without leaving a field.
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Confirmar y solicitar reserva' }))

async function advance(ms = 0) {
  for (const step of [ms, 0, 0]) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(step)
    })
  }
}

describe('RequestBookingDialog', () => {
  it('says the request waits for the host and shows the stay', async () => {
    mockFetch(() => jsonResponse({}))
    renderDialog()

    const dialog = await screen.findByRole('dialog', { name: 'Solicitar reserva' })
    expect(
      within(dialog).getByText('Tu reserva no está confirmada hasta que el anfitrión la acepte.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('Cabaña El Mirador')).toBeInTheDocument()
    expect(within(dialog).getByText('20 de julio de 2026')).toBeInTheDocument()
    expect(within(dialog).getByText('22 de julio de 2026')).toBeInTheDocument()
    expect(within(dialog).getByText('2 noches')).toBeInTheDocument()
    expect(within(dialog).getByText('$3,808 MXN')).toBeInTheDocument()
    expect(field('Huéspedes')).toHaveValue(2)
  })

  it('shows the §5 messages and sends nothing while the form is wrong', async () => {
    const user = userEvent.setup()
    const fetchMock = mockFetch(() => jsonResponse({}))
    renderDialog()

    await user.clear(field('Teléfono'))
    await user.type(field('Teléfono'), '1234')
    await user.clear(field('Correo electrónico'))
    await user.type(field('Correo electrónico'), 'ana@')
    await user.clear(field('Huéspedes'))
    await user.type(field('Huéspedes'), '9')
    // fireEvent: a click that does not move the focus. user.click leaves the field first, and leaving it clamps
    // the guests to the occupancy (next test), so 'Máximo 4 huéspedes.' would never show (Enter does not send).
    await act(async () => submit())

    expect(await screen.findByText('El nombre es requerido.')).toBeInTheDocument()
    expect(screen.getByText('Email inválido.')).toBeInTheDocument()
    expect(screen.getByText('Teléfono inválido.')).toBeInTheDocument()
    expect(screen.getByText('Máximo 4 huéspedes.')).toBeInTheDocument()
    expect(field('Nombre completo')).toHaveAttribute('aria-invalid', 'true')

    await user.clear(field('Huéspedes'))
    await user.type(field('Huéspedes'), '0')
    expect(await screen.findByText('Mínimo 1 huésped.')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('clamps the guests to the occupancy when the field is left', async () => {
    const user = userEvent.setup()
    mockFetch(() => jsonResponse({}))
    renderDialog()

    await user.clear(field('Huéspedes'))
    await user.type(field('Huéspedes'), '12')
    await user.tab()
    expect(field('Huéspedes')).toHaveValue(4)
    expect(screen.queryByText('Máximo 4 huéspedes.')).not.toBeInTheDocument()
  })

  it('stores the request, shows Confirmando reserva... for 1.5 s and hands over the confirmation', async () => {
    // fireEvent under fake timers: Testing Library's wrapper waits a 0 ms timer after each user-event action and advances it only for Jest's fake timers.
    vi.useFakeTimers()
    const cabin = buildCabin({ name: 'Cabaña El Mirador', population: 'Tapalpa', state: 'Jalisco' })
    const fetchMock = mockFetch((url, init) => {
      const body = JSON.parse(String(init?.body))
      expect(url.pathname).toBe('/api/bookings')
      return jsonResponse(
        {
          success: true,
          data: {
            requestId: 'req-1',
            status: 'pending',
            cabinId: body.cabinId,
            cabinName: 'Cabaña El Mirador',
            checkIn: body.checkIn,
            checkOut: body.checkOut,
            nights: 2,
            guests: body.guests,
            totalPrice: 380_800,
            fullName: body.fullName,
            email: body.email,
            phone: body.phone,
            createdAt: '2026-07-10T18:00:00.000Z',
          },
        },
        201,
      )
    })
    const { onRequested } = renderDialog(cabin)

    fireEvent.change(field('Nombre completo'), { target: { value: 'Ana Rodríguez' } })
    fireEvent.change(field('Correo electrónico'), { target: { value: 'ana@ejemplo.mx' } })
    fireEvent.change(field('Teléfono'), { target: { value: '55 1234 5678' } })
    submit()
    await advance(1000)

    expect(JSON.parse(String(must(fetchMock.mock.calls[0], 'fetchMock.mock.calls[0]')[1]?.body))).toEqual({
      cabinId: cabin._id,
      checkIn: '2026-07-20',
      checkOut: '2026-07-22',
      guests: 2,
      fullName: 'Ana Rodríguez',
      email: 'ana@ejemplo.mx',
      phone: '55 1234 5678',
    })
    expect(screen.getByRole('button', { name: 'Confirmar y solicitar reserva' })).toHaveProperty(
      'disabled',
      true,
    )
    expect(onRequested).not.toHaveBeenCalled()

    await advance(600)
    expect(onRequested).toHaveBeenCalledWith({
      kind: 'request',
      requestId: 'req-1',
      cabinId: cabin._id,
      cabinName: 'Cabaña El Mirador',
      cabinImage: must(cabin.images[0], 'cabin.images[0]').preview,
      location: 'Tapalpa, Jalisco',
      checkIn: '2026-07-20',
      checkOut: '2026-07-22',
      nights: 2,
      guests: 2,
      totalPrice: 380_800,
      fullName: 'Ana Rodríguez',
      email: 'ana@ejemplo.mx',
      phone: '55 1234 5678',
    })
  })

  it('keeps the dialog open with the server message when the request is refused', async () => {
    // fireEvent under fake timers: Testing Library's wrapper waits a 0 ms timer after each user-event action and advances it only for Jest's fake timers.
    vi.useFakeTimers()
    mockFetch(() =>
      jsonResponse(
        {
          success: false,
          available: false,
          error: 'No disponible para las fechas seleccionadas',
          errorType: 'NOT_AVAILABLE',
          message: 'No disponible para las fechas seleccionadas',
        },
        409,
      ),
    )
    const { onRequested } = renderDialog()

    fireEvent.change(field('Nombre completo'), { target: { value: 'Ana Rodríguez' } })
    fireEvent.change(field('Correo electrónico'), { target: { value: 'ana@ejemplo.mx' } })
    fireEvent.change(field('Teléfono'), { target: { value: '5512345678' } })
    submit()
    await advance(1600)

    expect(screen.getByRole('alert').textContent).toBe('No disponible para las fechas seleccionadas')
    expect(screen.getByRole('dialog', { name: 'Solicitar reserva' })).toBeInTheDocument()
    expect(onRequested).not.toHaveBeenCalled()
  })
})
