import type { CalendarDate } from '../shared/calendar-date.ts'
import { z } from '../shared/zod.ts'

/** Spec §5 card texts, verbatim. */
export const cardMessages = {
  number: 'Número de tarjeta inválido',
  cvv: 'CVV inválido',
  expired: 'Tarjeta expirada',
  holderName: 'Nombre del titular requerido',
  email: 'Email inválido',
  phone: 'Teléfono debe tener exactamente 10 dígitos',
  invalidCard: 'Datos de tarjeta inválidos: ',
} as const

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown'

/** What the shopper typed in the card section of the checkout. Nothing here reaches our API. */
export type CardInput = {
  cardNumber: string
  cvv: string
  expiryMonth: string
  expiryYear: string
  holderName: string
  email: string
  phone: string
}

export type CardField = keyof CardInput

/** The card number without the spaces (or dashes) of its display mask. */
export function normalizeCardNumber(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '')
}

/** Luhn (mod 10) check digit; false for anything but a string of digits. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** 13–19 digits once the spaces are removed, and a valid Luhn check digit. */
export function isCardNumberValid(cardNumber: string): boolean {
  const digits = normalizeCardNumber(cardNumber)
  return /^\d{13,19}$/.test(digits) && isLuhnValid(digits)
}

export function isCvvValid(cvv: string): boolean {
  return /^\d{3,4}$/.test(cvv.trim())
}

/** '1' → '01'; a month that already has two digits is kept. */
export function padExpiryMonth(month: string | number): string {
  return String(month).trim().padStart(2, '0')
}

/** [year, month] of an expiry; a 2-digit year is read as 20xx. Null when it is not a date. */
export function parseExpiry(month: string, year: string): [number, number] | null {
  const m = month.trim()
  const y = year.trim()
  if (!/^\d{1,2}$/.test(m) || !/^(\d{2}|\d{4})$/.test(y)) return null
  const monthNumber = Number(m)
  if (monthNumber < 1 || monthNumber > 12) return null
  return [y.length === 2 ? 2000 + Number(y) : Number(y), monthNumber]
}

/** A card is good through the last day of its expiry month. Unreadable expiries count as expired. */
export function isCardExpired(month: string, year: string, today: CalendarDate): boolean {
  const expiry = parseExpiry(month, year)
  if (!expiry) return true
  const currentYear = Number(today.slice(0, 4))
  const currentMonth = Number(today.slice(5, 7))
  return expiry[0] * 12 + expiry[1] < currentYear * 12 + currentMonth
}

export function isPhoneValid(phone: string): boolean {
  return /^\d{10}$/.test(phone.replace(/[\s()-]/g, ''))
}

const emailSchema = z.email()

export function isEmailValid(email: string): boolean {
  return emailSchema.safeParse(email.trim()).success
}

/** The §5 message of each invalid field, in form order. */
export function validateCardFields(card: CardInput, today: CalendarDate): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {}
  if (!isCardNumberValid(card.cardNumber)) errors.cardNumber = cardMessages.number
  if (!isCvvValid(card.cvv)) errors.cvv = cardMessages.cvv
  if (isCardExpired(card.expiryMonth, card.expiryYear, today)) errors.expiryMonth = cardMessages.expired
  if (card.holderName.trim() === '') errors.holderName = cardMessages.holderName
  if (!isEmailValid(card.email)) errors.email = cardMessages.email
  if (!isPhoneValid(card.phone)) errors.phone = cardMessages.phone
  return errors
}

/** The list of §5 card errors; empty when the card data is acceptable. */
export function validateCard(card: CardInput, today: CalendarDate): string[] {
  return Object.values(validateCardFields(card, today))
}

/** 'Datos de tarjeta inválidos: ' plus the list, or null when there is nothing to report. */
export function cardErrorsMessage(errors: readonly string[]): string | null {
  return errors.length === 0 ? null : `${cardMessages.invalidCard}${errors.join(', ')}`
}

/** The same rules as a zod schema, for react-hook-form: `zodResolver(cardFormSchema(today))`. */
export function cardFormSchema(today: CalendarDate) {
  return z
    .object({
      cardNumber: z.string(),
      cvv: z.string(),
      expiryMonth: z.string(),
      expiryYear: z.string(),
      holderName: z.string(),
      email: z.string(),
      phone: z.string(),
    })
    .superRefine((card, ctx) => {
      for (const [field, message] of Object.entries(validateCardFields(card, today))) {
        ctx.addIssue({ code: 'custom', path: [field], message })
      }
    })
}

/** Spec §5 brand guess from the first digits. */
export function detectCardBrand(cardNumber: string): CardBrand {
  const digits = normalizeCardNumber(cardNumber)
  if (digits.startsWith('4')) return 'visa'
  if (/^5[1-5]/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  return 'unknown'
}
