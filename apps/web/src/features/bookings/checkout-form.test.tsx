import { screen } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { buildSummary, fakeOpenpay, fillForm, openCheckout, submit, type } from '../../test/checkout-fixtures'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value

describe('CheckoutForm', () => {
  it("prefills a signed-in client's first and last name with the e-mail and phone", async () => {
    localStorage.setItem(
      'auth_user',
      JSON.stringify({
        id: 'client-7',
        firstName: ' Ana ',
        lastName: 'López',
        email: 'ana@ejemplo.mx',
        phone: '+52 55-1234-5678',
      }),
    )
    mockFetch(() => jsonResponse({}))
    openCheckout()

    expect(await screen.findByText('Datos cargados automáticamente desde tu perfil')).toBeInTheDocument()
    expect(value('Nombre')).toBe('Ana')
    expect(value('Apellido')).toBe('López')
    expect(value('Email')).toBe('ana@ejemplo.mx')
    expect(value('Teléfono')).toBe('5512345678')
  })

  it('scrolls to and focuses the first invalid field on screen when the submit has errors', async () => {
    mockFetch(() => jsonResponse({}))
    fakeOpenpay()
    // jsdom has no scrollIntoView: record what would be scrolled to.
    const scrolled: Element[] = []
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value: vi.fn(function (this: Element) {
        scrolled.push(this)
      }),
    })
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView
    })
    openCheckout()
    await fillForm()
    // The card number comes before the billing phone on screen (and after it in the error list).
    type('Número de tarjeta', '4111')
    type('Teléfono de facturación', '33')
    submit()

    await screen.findByRole('alert')
    const cardNumber = screen.getByLabelText('Número de tarjeta')
    expect(document.activeElement).toBe(cardNumber)
    expect(scrolled).toEqual([cardNumber])
  })

  it('focuses the first name when nothing is filled in', async () => {
    mockFetch(() => jsonResponse({}))
    fakeOpenpay()
    openCheckout()
    await screen.findByRole('heading', { level: 1, name: 'Confirmar y pagar' })
    submit()

    await screen.findByRole('alert')
    expect(document.activeElement).toBe(screen.getByLabelText('Nombre'))
  })

  it.each([
    ['', 'El mes de expiración es obligatorio'],
    ['00', 'El mes de expiración no es válido'],
    ['13', 'El mes de expiración no es válido'],
  ])('gives the month %o its own message instead of Tarjeta expirada', async (month, message) => {
    mockFetch(() => jsonResponse({}))
    fakeOpenpay()
    openCheckout()
    await fillForm()
    type('Mes', month)
    submit()

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(`Datos de tarjeta inválidos: ${message}`)
    expect(alert).not.toHaveTextContent('Tarjeta expirada')
    expect(document.activeElement).toBe(screen.getByLabelText('Mes'))
  })

  it.each([
    ['non_refundable', 'No reembolsable.', 'no se reembolsa ningún monto', 'Cancelación gratuita'],
    [
      'free',
      // The stay arrives 1 Jul 2026: free until the day before at 15:00, Mexico City.
      'Cancelación gratuita hasta el 30 de junio de 2026, 15:00 (hora de la Ciudad de México).',
      'Si cancelas antes, se te reembolsa el total pagado; después, el pago ya no se reembolsa.',
      'No reembolsable',
    ],
  ] as const)("states the cabin's own cancellation policy (%s)", async (policy, label, words, absent) => {
    mockFetch(() => jsonResponse({}))
    openCheckout(buildSummary({ cancellationPolicy: policy }))

    const notice = must(
      (await screen.findByText(label)).closest('p'),
      "(await screen.findByText(label)).closest('p')",
    )
    expect(notice.textContent).toContain(words)
    expect(document.body.textContent).not.toContain(absent)
  })

  it('reads a summary without a policy (an older copy) as non-refundable', async () => {
    mockFetch(() => jsonResponse({}))
    openCheckout(buildSummary())

    expect(await screen.findByText('No reembolsable.')).toBeInTheDocument()
    expect(screen.queryByText(/Cancelación gratuita/)).not.toBeInTheDocument()
  })
})
