import { CHECKOUT_STORAGE_KEY } from '@cabanas/contracts/storage-keys'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { OPENPAY_LOAD_WAIT_MS } from '../../features/payments/use-openpay'
import { quoteKeys } from '../../features/quotes/quotes.api'
import {
  chargeCalls,
  confirmed,
  declined,
  declineMessage,
  fakeOpenpay,
  fillForm,
  openCheckout,
  submit,
  type,
} from '../../test/checkout-fixtures'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'

describe('CheckoutPage payment', () => {
  it('pays: token from Openpay, charge without the card, success overlay, confirmation after 2.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetchMock = mockFetch((url) =>
      url.pathname === '/payments/charge' ? jsonResponse(confirmed) : jsonResponse({}),
    )
    const openpay = fakeOpenpay()
    const { router, queryClient } = openCheckout()
    // The cabin page left this stay's quote (available) and the cabin's calendar in the cache.
    const stay = { habitacionId: 'cabin-42', checkIn: '2026-12-18', checkOut: '2026-12-20', guests: 2 }
    queryClient.setQueryData(quoteKeys.stay(stay), { ok: true })
    queryClient.setQueryData(quoteKeys.calendar('cabin-42'), { ok: true })
    await fillForm()
    // The region is there, silent, before it has something to say.
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    submit()

    expect(await screen.findByRole('button', { name: 'Procesando pago...' })).toBeInTheDocument()
    // Said, not only shown: the disabled button's new name is not announced.
    expect(screen.getByRole('status')).toHaveTextContent('Procesando pago...')
    expect(await screen.findByText('Tu reserva ha sido confirmada')).toBeVisible()
    // The same region says it went through: it was there, silent, before the payment (a region that
    // mounts with its text may not be read at all).
    expect(screen.getByRole('status')).toHaveTextContent('¡Pago exitoso! Tu reserva ha sido confirmada')
    expect(screen.getByText('Redirigiendo...')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '¡Pago exitoso!' })).toBeInTheDocument()

    expect(openpay.setId).toHaveBeenCalledWith('mcabanassandbox00001')
    expect(openpay.setApiKey).toHaveBeenCalledWith('pk_cabanassandbox000000000000000001')
    expect(openpay.setSandboxMode).toHaveBeenCalledWith(true)
    expect(openpay.deviceData.setup).toHaveBeenCalledWith('payment-form', 'device_session_id')
    expect(must(openpay.token.create.mock.calls[0], 'openpay.token.create.mock.calls[0]')[0]).toEqual({
      card_number: '4111111111111111',
      holder_name: 'ANA LOPEZ',
      expiration_month: '12',
      expiration_year: '30',
      cvv2: '123',
    })

    const [[, init]] = chargeCalls(fetchMock) as [[string, RequestInit]]
    const body = String(init.body)
    expect(body).not.toContain('4111')
    expect(body).not.toContain('"123"')
    expect(body).not.toMatch(/cvv|card_?number/i)
    expect(JSON.parse(body)).toMatchObject({
      reservationId: 'cabin-42',
      method: 'card',
      token_id: 'tok_123',
      device_session_id: 'device-session-1',
      customerData: {
        name: 'Ana',
        last_name: 'López',
        phone_number: '3312345678',
        email: 'pagos@ejemplo.mx',
      },
      reservationData: {
        cabinId: 'cabin-42',
        guests: 2,
        guestInfo: { firstName: 'Ana', email: 'ana@ejemplo.mx', phone: '5512345678', specialRequests: '' },
      },
    })
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/)
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull()
    // Going back to the cabin asks again: its quote says these nights are the guest's now.
    expect(queryClient.getQueryCache().findAll({ queryKey: quoteKeys.all })).toEqual([])

    expect(router.state.location.pathname).toBe('/checkout')
    await vi.advanceTimersByTimeAsync(2500)
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmation'))
    expect(router.state.location.state).toMatchObject({
      kind: 'reservation',
      reservationId: 'res-7f3a',
      paymentDetails: { id: 'tr_9k2m' },
      totalAmount: 336_000,
      accessToken: 'guest-secret',
    })
    expect(await screen.findByRole('heading', { level: 1, name: '¡Reserva confirmada!' })).toBeInTheDocument()
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('pays once for a form sent twice before it could draw the first (a double tap on a busy phone)', async () => {
    const fetchMock = mockFetch((url) =>
      url.pathname === '/payments/charge' ? jsonResponse(confirmed) : jsonResponse({}),
    )
    const openpay = fakeOpenpay()
    openCheckout()
    await fillForm()
    const form = must(document.getElementById('payment-form'), 'payment-form')
    // Both in one task, as the browser delivers two taps queued behind a long task: no render between.
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))

    expect(await screen.findByText('Tu reserva ha sido confirmada')).toBeVisible()
    expect(openpay.token.create).toHaveBeenCalledTimes(1)
    expect(chargeCalls(fetchMock)).toHaveLength(1)
  })

  it('shows a decline in Spanish, scrolls to it and offers to try again', async () => {
    mockFetch((url) => (url.pathname === '/payments/charge' ? jsonResponse(declined, 402) : jsonResponse({})))
    fakeOpenpay()
    // jsdom has no scrollIntoView: lend one to this test only.
    const scrollIntoView = vi.fn()
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value: scrollIntoView,
    })
    onTestFinished(() => {
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView')
    })
    openCheckout()
    await fillForm('4222 2222 2222 2220')
    submit()

    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(scrollIntoView.mock.contexts).toContain(alert))
    expect(document.activeElement).toBe(alert)
    expect(alert).toHaveTextContent('Error en el procesamiento:')
    expect(alert.textContent).toContain(declineMessage)
    expect(alert).toHaveTextContent('Puedes intentar procesar el pago nuevamente.')
    expect(screen.getByRole('button', { name: 'Intentar pago nuevamente - $3,360 MXN' })).toBeInTheDocument()
    expect(screen.queryByText('¡Pago exitoso!')).not.toBeInTheDocument()
  })

  it('waits for Openpay.js still loading, then says it is not loaded, and charges nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetchMock = mockFetch(() => jsonResponse({}))
    openCheckout()
    await fillForm()
    submit()

    // jsdom never loads the library: the payment waits for it, then gives up.
    expect(await screen.findByRole('button', { name: 'Procesando pago...' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await vi.advanceTimersByTimeAsync(OPENPAY_LOAD_WAIT_MS)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Error en el procesamiento:')
    expect(alert).toHaveTextContent('Openpay JS no está cargado')
    expect(chargeCalls(fetchMock)).toHaveLength(0)
  })

  it('shows a tokenization error by its provider code', async () => {
    mockFetch(() => jsonResponse({}))
    fakeOpenpay({ failWith: { message: 'Request error', status: 422, data: { error_code: 2004 } } })
    openCheckout()
    await fillForm()
    submit()

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Revisa el número de la tarjeta y el código de seguridad (CVV).',
    )
  })

  it('retries a charge whose answer was lost with the same key, and a changed one with a new key', async () => {
    let answer: () => Response | Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'))
    const fetchMock = mockFetch((url) => (url.pathname === '/payments/charge' ? answer() : jsonResponse({})))
    const openpay = fakeOpenpay()
    openCheckout()
    await fillForm()
    submit()

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error de conexión. Por favor, intenta nuevamente.',
    )
    submit()
    await waitFor(() => expect(chargeCalls(fetchMock)).toHaveLength(2))
    await screen.findByRole('alert')

    answer = () => jsonResponse(declined, 402)
    type('CVV', '456')
    submit()
    await waitFor(() => expect(chargeCalls(fetchMock)).toHaveLength(3))
    await screen.findByText(declineMessage)

    const [first, second, third] = chargeCalls(fetchMock).map(([, init]) => init as RequestInit)
    const key = (init: RequestInit | undefined) =>
      (must(init, 'init').headers as Record<string, string>)['Idempotency-Key']
    expect(key(second)).toBe(key(first))
    expect(must(second, 'second').body).toBe(must(first, 'first').body)
    expect(key(third)).not.toBe(key(first))
    expect(openpay.token.create).toHaveBeenCalledTimes(2)
  })

  it('says a pending payment is being verified, without calling it a success', async () => {
    const pendingMessage =
      'No pudimos confirmar tu pago con el banco todavía. No pagues de nuevo: verificaremos el cargo en unos minutos y tu reserva se actualizará.'
    mockFetch((url) =>
      url.pathname === '/payments/charge'
        ? jsonResponse(
            {
              success: false,
              error: pendingMessage,
              errorType: 'PAYMENT_PENDING',
              data: {
                reservationId: 'res-pend',
                paymentId: null,
                status: 'pending',
                charge: { status: 'pending', error_message: null },
                ok: false,
                message: pendingMessage,
                totalAmount: 336_000,
                accessToken: 'secreto-pendiente',
              },
            },
            202,
          )
        : jsonResponse({}),
    )
    fakeOpenpay()
    openCheckout()
    await fillForm()
    submit()

    expect(await screen.findByText(pendingMessage)).toBeInTheDocument()
    expect(screen.getByText('res-pend')).toBeInTheDocument()
    // No way to pay again: the trip page instead, where the outcome will show.
    expect(screen.getByRole('link', { name: 'Ver mi reserva' })).toHaveAttribute(
      'href',
      '/reserva/res-pend#token=secreto-pendiente',
    )
    expect(screen.queryByRole('button', { name: /pago|pagar/i })).not.toBeInTheDocument()
    expect(screen.queryByText('¡Pago exitoso!')).not.toBeInTheDocument()
  })

  it('says the dates were taken and nothing was charged, and leads back to the cabin instead of retrying', async () => {
    const fetchMock = mockFetch((url) =>
      url.pathname === '/payments/charge'
        ? jsonResponse(
            {
              success: false,
              error: 'No disponible para las fechas seleccionadas',
              errorType: 'NOT_AVAILABLE',
              message: 'No disponible para las fechas seleccionadas',
            },
            409,
          )
        : jsonResponse({}),
    )
    fakeOpenpay()
    openCheckout()
    await fillForm()
    submit()

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Estas fechas ya no están disponibles')
    expect(alert).toHaveTextContent('No se realizó ningún cargo a tu tarjeta.')
    expect(alert).not.toHaveTextContent('Puedes intentar procesar el pago nuevamente.')
    expect(screen.getByRole('link', { name: 'Volver a la cabaña' })).toHaveAttribute(
      'href',
      '/cabin/cabin-42?checkIn=2026-07-01&checkOut=2026-07-03&guests=2',
    )
    expect(screen.queryByRole('button', { name: /Intentar pago nuevamente/ })).not.toBeInTheDocument()
    // Editing a field does not bring the pay button back: the dates are still taken.
    type('Nombre', 'Anita')
    expect(screen.getByRole('link', { name: 'Volver a la cabaña' })).toBeInTheDocument()
    expect(chargeCalls(fetchMock)).toHaveLength(1)
  })

  it('prefills a signed-in client and sends their id and token', async () => {
    localStorage.setItem(
      'auth_user',
      JSON.stringify({ id: 'client-7', email: 'ana@ejemplo.mx', phone: '+52 55-1234-5678' }),
    )
    localStorage.setItem('auth_token', 'session-token')
    const fetchMock = mockFetch((url) =>
      url.pathname === '/payments/charge' ? jsonResponse(confirmed) : jsonResponse({}),
    )
    fakeOpenpay()
    openCheckout()

    expect(await screen.findByText('Datos cargados automáticamente desde tu perfil')).toBeInTheDocument()
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value
    expect(value('Email')).toBe('ana@ejemplo.mx')
    expect(value('Teléfono')).toBe('5512345678')
    expect(value('Email de facturación')).toBe('ana@ejemplo.mx')
    expect(value('Teléfono de facturación')).toBe('5512345678')

    type('Nombre', 'Ana')
    type('Apellido', 'López')
    type('Número de tarjeta', '4111111111111111')
    type('Nombre del titular', 'ANA LOPEZ')
    type('Mes', '12')
    type('Año', '30')
    type('CVV', '123')
    submit()

    await screen.findByText('Tu reserva ha sido confirmada')
    const [[, init]] = chargeCalls(fetchMock) as [[string, RequestInit]]
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer session-token')
    expect(JSON.parse(String(init.body)).clienteWebId).toBe('client-7')
  })
})
