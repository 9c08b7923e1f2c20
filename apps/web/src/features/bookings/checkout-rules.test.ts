import { describe, expect, it } from 'vitest'
import { type CheckoutFormValues, checkoutErrorList, checkoutFieldErrors } from './checkout-rules'

const today = '2026-06-15'

const valid: CheckoutFormValues = {
  firstName: 'Ana',
  lastName: 'López',
  guestEmail: 'ana@ejemplo.mx',
  guestPhone: '5512345678',
  cardNumber: '4111 1111 1111 1111',
  holderName: 'ANA LOPEZ',
  expiryMonth: '06',
  expiryYear: '26',
  cvv: '123',
  email: 'pagos@ejemplo.mx',
  phone: '3312345678',
}

const listFor = (change: Partial<CheckoutFormValues>) =>
  checkoutErrorList(checkoutFieldErrors({ ...valid, ...change }, today))

describe('checkout submit rules (spec §5)', () => {
  it('accepts a complete form, with a card good through the current month', () => {
    expect(checkoutFieldErrors(valid, today)).toEqual({})
  })

  it.each([
    [{ guestEmail: '' }, 'El email del huésped es obligatorio'],
    [{ guestEmail: 'ana@' }, 'El email del huésped no es válido'],
    [{ guestPhone: '' }, 'El teléfono del huésped es obligatorio'],
    [{ guestPhone: '551234567' }, 'El teléfono del huésped debe tener exactamente 10 dígitos'],
    [{ email: '' }, 'El email de facturación es obligatorio'],
    [{ email: 'pagos@ejemplo' }, 'El email de facturación no es válido'],
    [{ phone: '' }, 'El teléfono de facturación es obligatorio'],
    [{ phone: '33123' }, 'El teléfono de facturación debe tener exactamente 10 dígitos'],
    [{ expiryYear: '2' }, 'El año de expiración debe tener 2 dígitos (ej: 25)'],
    [{ firstName: ' ' }, 'El nombre del huésped es obligatorio'],
    [{ lastName: '' }, 'El apellido del huésped es obligatorio'],
  ])('%o → %s', (change, message) => {
    expect(listFor(change)).toEqual([message])
  })

  it('reports the card errors together after "Datos de tarjeta inválidos: "', () => {
    expect(
      listFor({ cardNumber: '4111 1111 1111 1112', cvv: '12', expiryMonth: '05', holderName: '' }),
    ).toEqual([
      'Datos de tarjeta inválidos: Número de tarjeta inválido, CVV inválido, Tarjeta expirada, Nombre del titular requerido',
    ])
  })

  it('lists every error at once: the checkout ones first, then the card line', () => {
    expect(listFor({ guestEmail: '', phone: '1', expiryYear: '', cvv: '' })).toEqual([
      'El email del huésped es obligatorio',
      'El teléfono de facturación debe tener exactamente 10 dígitos',
      'El año de expiración debe tener 2 dígitos (ej: 25)',
      'Datos de tarjeta inválidos: CVV inválido',
    ])
  })

  it.each([
    ['', 'El mes de expiración es obligatorio'],
    ['  ', 'El mes de expiración es obligatorio'],
    ['00', 'El mes de expiración no es válido'],
    ['0', 'El mes de expiración no es válido'],
    ['13', 'El mes de expiración no es válido'],
    ['99', 'El mes de expiración no es válido'],
    ['1a', 'El mes de expiración no es válido'],
    // A real month in the past is the only expired card.
    ['05', 'Tarjeta expirada'],
  ])('month %o → %s, never Tarjeta expirada for a month that is not one', (expiryMonth, message) => {
    expect(checkoutFieldErrors({ ...valid, expiryMonth }, today).expiryMonth).toBe(message)
    expect(listFor({ expiryMonth })).toEqual([`Datos de tarjeta inválidos: ${message}`])
  })

  it.each(['6', '06', '12', '1'])('accepts the month %o of a card still good', (expiryMonth) => {
    expect(
      checkoutFieldErrors({ ...valid, expiryMonth, expiryYear: '27' }, today).expiryMonth,
    ).toBeUndefined()
  })

  it('reports a missing month even when the year is unreadable too', () => {
    expect(checkoutFieldErrors({ ...valid, expiryMonth: '', expiryYear: '2' }, today)).toMatchObject({
      expiryMonth: 'El mes de expiración es obligatorio',
      expiryYear: 'El año de expiración debe tener 2 dígitos (ej: 25)',
    })
  })

  it('does not call a card with an unreadable year expired as well', () => {
    expect(checkoutFieldErrors({ ...valid, expiryYear: '2' }, today).expiryMonth).toBeUndefined()
  })
})
