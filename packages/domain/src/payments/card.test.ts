import { describe, expect, it } from 'vitest'
import {
  type CardInput,
  cardErrorsMessage,
  cardFormSchema,
  detectCardBrand,
  isCardExpired,
  isLuhnValid,
  padExpiryMonth,
  validateCard,
} from './card.ts'

const today = '2026-06-15'

const valid: CardInput = {
  cardNumber: '4111 1111 1111 1111',
  cvv: '123',
  expiryMonth: '12',
  expiryYear: '29',
  holderName: 'Ana López',
  email: 'ana@example.mx',
  phone: '5512345678',
}

describe('isLuhnValid', () => {
  it.each([
    ['4111111111111111', true],
    ['4242424242424242', true],
    ['5555555555554444', true],
    ['5105105105105100', true],
    ['345678000000007', true],
    ['343434343434343', true],
    ['4222222222222220', true],
    ['4000000000000119', true],
    ['4111111111111112', false],
    ['1234567812345678', false],
    ['4111-1111', false],
    ['', false],
  ])('%s → %s', (digits, expected) => {
    expect(isLuhnValid(digits)).toBe(expected)
  })
})

describe('validateCard', () => {
  it('accepts a valid card', () => {
    expect(validateCard(valid, today)).toEqual([])
  })

  it.each<[string, Partial<CardInput>, string]>([
    ['12 digits', { cardNumber: '4111 1111 1111' }, 'Número de tarjeta inválido'],
    ['20 digits', { cardNumber: '41111111111111111111' }, 'Número de tarjeta inválido'],
    ['letters', { cardNumber: '4111 1111 1111 111a' }, 'Número de tarjeta inválido'],
    ['a wrong check digit', { cardNumber: '4111 1111 1111 1112' }, 'Número de tarjeta inválido'],
    ['2-digit cvv', { cvv: '12' }, 'CVV inválido'],
    ['5-digit cvv', { cvv: '12345' }, 'CVV inválido'],
    ['cvv with letters', { cvv: '12a' }, 'CVV inválido'],
    ['last month', { expiryMonth: '05', expiryYear: '26' }, 'Tarjeta expirada'],
    ['last year', { expiryMonth: '12', expiryYear: '25' }, 'Tarjeta expirada'],
    ['month 13', { expiryMonth: '13', expiryYear: '29' }, 'Tarjeta expirada'],
    ['month 0', { expiryMonth: '0', expiryYear: '29' }, 'Tarjeta expirada'],
    ['blank holder', { holderName: '   ' }, 'Nombre del titular requerido'],
    ['bad email', { email: 'ana@' }, 'Email inválido'],
    ['9-digit phone', { phone: '551234567' }, 'Teléfono debe tener exactamente 10 dígitos'],
    ['11-digit phone', { phone: '55123456789' }, 'Teléfono debe tener exactamente 10 dígitos'],
    ['phone with letters', { phone: '55123456ab' }, 'Teléfono debe tener exactamente 10 dígitos'],
  ])('rejects %s', (_name, change, message) => {
    expect(validateCard({ ...valid, ...change }, today)).toEqual([message])
  })

  it.each<[string, Partial<CardInput>]>([
    ['13 digits', { cardNumber: '4222222222222' }],
    ['19 digits', { cardNumber: '4111 1111 1111 1111 003' }],
    ['15-digit Amex with a 4-digit cvv', { cardNumber: '3434 343434 34343', cvv: '1234' }],
    ['a phone with spaces', { phone: '55 1234 5678' }],
    ['a 1-digit month', { expiryMonth: '6', expiryYear: '26' }],
  ])('accepts %s', (_name, change) => {
    expect(validateCard({ ...valid, ...change }, today)).toEqual([])
  })

  it('lists every failure, in form order, after the §5 prefix', () => {
    const errors = validateCard(
      {
        cardNumber: '1',
        cvv: '',
        expiryMonth: '01',
        expiryYear: '20',
        holderName: '',
        email: 'x',
        phone: '1',
      },
      today,
    )
    expect(cardErrorsMessage(errors)).toBe(
      'Datos de tarjeta inválidos: Número de tarjeta inválido, CVV inválido, Tarjeta expirada, ' +
        'Nombre del titular requerido, Email inválido, Teléfono debe tener exactamente 10 dígitos',
    )
    expect(cardErrorsMessage([])).toBeNull()
  })

  it('reports each message on its field through the form schema', () => {
    const result = cardFormSchema(today).safeParse({ ...valid, cvv: '1' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['cvv', 'CVV inválido'],
    ])
  })
})

describe('isCardExpired', () => {
  it.each([
    // The card is good through the last day of its month.
    ['06', '26', '2026-06-30', false],
    ['06', '26', '2026-07-01', true],
    ['12', '26', '2026-12-31', false],
    ['12', '26', '2027-01-01', true],
    ['02', '28', '2028-02-29', false],
    ['01', '27', '2026-12-31', false],
    // A 2-digit year is 20xx; 4 digits are taken as they are.
    ['06', '2026', '2026-06-15', false],
    ['06', '2025', '2026-06-15', true],
    ['6', '99', '2026-06-15', false],
  ])('%s/%s on %s → %s', (month, year, date, expected) => {
    expect(isCardExpired(month, year, date)).toBe(expected)
  })
})

describe('padExpiryMonth', () => {
  it.each([
    ['1', '01'],
    [' 9 ', '09'],
    ['10', '10'],
    [3, '03'],
  ])('%s → %s', (month, expected) => {
    expect(padExpiryMonth(month)).toBe(expected)
  })
})

describe('detectCardBrand', () => {
  it.each([
    ['4111 1111 1111 1111', 'visa'],
    ['4', 'visa'],
    ['5100 0000 0000 0000', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['5000000000000000', 'unknown'],
    ['5600000000000000', 'unknown'],
    ['2221000000000009', 'unknown'],
    ['343434343434343', 'amex'],
    ['378282246310005', 'amex'],
    ['3530111333300000', 'unknown'],
    ['6011111111111117', 'unknown'],
    ['', 'unknown'],
  ])('%s → %s', (cardNumber, expected) => {
    expect(detectCardBrand(cardNumber)).toBe(expected)
  })
})
