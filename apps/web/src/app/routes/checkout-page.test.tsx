import { CHECKOUT_STORAGE_KEY } from '@cabanas/contracts/storage-keys'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  buildSummary,
  chargeCalls,
  fakeOpenpay,
  fillForm,
  openCheckout,
  submit,
  type,
} from '../../test/checkout-fixtures'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'

describe('CheckoutPage', () => {
  it('shows the title, the order summary and the non-refundable notice', async () => {
    mockFetch(() => jsonResponse({}))
    fakeOpenpay()
    openCheckout()

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmar y pagar' })).toBeInTheDocument()
    expect(screen.getByText('Tu reserva no se confirmará hasta que completes el pago.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Cabañas MX, ir al inicio' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('button', { name: 'Volver' })).toBeInTheDocument()

    const summary = within(screen.getByRole('complementary', { name: 'Resumen de la reserva' }))
    expect(summary.getByText('Cabaña Los Encinos')).toBeInTheDocument()
    expect(summary.getByText('1 de julio de 2026')).toBeInTheDocument()
    expect(summary.getByText('3 de julio de 2026')).toBeInTheDocument()
    expect(summary.getByText('2 huéspedes')).toBeInTheDocument()
    // (336 000 − 36 000) / 2 nights = $1,500 a night.
    expect(summary.getByText('$1,500 × 2 noches')).toBeInTheDocument()
    expect(summary.getByText('Tarifa de servicio')).toBeInTheDocument()
    expect(summary.queryByText('Tarifa de limpieza')).not.toBeInTheDocument()
    expect(summary.queryByText('Impuestos')).not.toBeInTheDocument()
    // The IVA inside $3,360 is $3,360 × 16 / 116 = $463.45; the subtotal is the rest.
    expect(summary.getByText('$2,896.55')).toBeInTheDocument()
    expect(summary.getByText('$463.45')).toBeInTheDocument()
    expect(summary.getByText('$3,360')).toBeInTheDocument()
    expect(screen.getByText('No reembolsable.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirmar y pagar - $3,360 MXN' })).toBeInTheDocument()
  })

  it('reads the summary from the navigation state first', async () => {
    mockFetch(() => jsonResponse({}))
    sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(buildSummary({ cabinName: 'De la sesión' })))
    const { router } = renderApp('/')
    await router.navigate('/checkout', { state: buildSummary({ cabinName: 'Del estado' }) })

    expect(await screen.findByText('Del estado')).toBeInTheDocument()
    expect(screen.queryByText('De la sesión')).not.toBeInTheDocument()
  })

  it('sends a visitor without a booking summary home', async () => {
    mockFetch(() => jsonResponse({}, 500))
    const { router } = renderApp('/checkout')

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('masks what is typed and shows the detected card brand', async () => {
    mockFetch(() => jsonResponse({}))
    openCheckout()
    await screen.findByRole('heading', { level: 1, name: 'Confirmar y pagar' })
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value
    const brand = () =>
      within(
        must(
          screen.getByLabelText('Número de tarjeta').parentElement,
          "screen.getByLabelText('Número de tarjeta').parentElement",
        ),
      )
        .getByRole('img')
        .getAttribute('alt')

    expect(brand()).toBe('Tarjeta')
    type('Número de tarjeta', 'a4111-1111 1111 1111 9999')
    expect(value('Número de tarjeta')).toBe('4111 1111 1111 1111 999')
    expect(brand()).toBe('Visa')
    type('Número de tarjeta', '5555555555554444')
    expect(brand()).toBe('Mastercard')
    type('Número de tarjeta', '343434343434343')
    expect(value('Número de tarjeta')).toBe('3434 3434 3434 343')
    expect(brand()).toBe('American Express')

    type('Teléfono', '55-12a34 5678 99')
    expect(value('Teléfono')).toBe('5512345678')
    type('Teléfono de facturación', '+52 33 1234 5678')
    expect(value('Teléfono de facturación')).toBe('3312345678')
    type('Mes', '1a23')
    expect(value('Mes')).toBe('12')
    type('Año', '2030')
    expect(value('Año')).toBe('20')
    type('CVV', '12345')
    expect(value('CVV')).toBe('1234')
    type('Nombre del titular', 'ana lópez')
    expect(value('Nombre del titular')).toBe('ANA LÓPEZ')
  })

  it('lists every submit error together, blocks the button, and clears them on the next edit', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}))
    const openpay = fakeOpenpay()
    openCheckout()
    await screen.findByRole('heading', { level: 1, name: 'Confirmar y pagar' })
    type('Año', '3')
    submit()

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Por favor corrige los siguientes errores:')
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'El nombre del huésped es obligatorio',
      'El apellido del huésped es obligatorio',
      'El email del huésped es obligatorio',
      'El teléfono del huésped es obligatorio',
      'El email de facturación es obligatorio',
      'El teléfono de facturación es obligatorio',
      'El año de expiración debe tener 2 dígitos (ej: 25)',
      // An empty month has its own message (it was left out behind the unreadable year).
      'Datos de tarjeta inválidos: Número de tarjeta inválido, CVV inválido, El mes de expiración es obligatorio, Nombre del titular requerido',
    ])
    const button = screen.getByRole('button', { name: 'Corrige los errores para continuar' })
    expect(button).toBeDisabled()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')

    type('Nombre', 'Ana')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByRole('button', { name: 'Confirmar y pagar - $3,360 MXN' })).toBeInTheDocument()
    expect(openpay.token.create).not.toHaveBeenCalled()
    expect(chargeCalls(fetchMock)).toHaveLength(0)
  })

  it('reports card errors after "Datos de tarjeta inválidos: "', async () => {
    mockFetch(() => jsonResponse({}))
    const openpay = fakeOpenpay()
    openCheckout()
    await fillForm('4111 1111 1111 1112')
    type('CVV', '12')
    type('Mes', '01')
    type('Año', '20')
    submit()

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('listitem').textContent).toBe(
      'Datos de tarjeta inválidos: Número de tarjeta inválido, CVV inválido, Tarjeta expirada',
    )
    expect(screen.getByText('Número de tarjeta inválido')).toBeInTheDocument()
    expect(openpay.token.create).not.toHaveBeenCalled()
  })
})
