import {
  type CardField,
  type CardInput,
  cardErrorsMessage,
  isEmailValid,
  validateCardFields,
} from '@cabanas/domain/payments'
import type { CalendarDate } from '@cabanas/domain/shared'
import { z } from 'zod'

/**
 * Spec §5 checkout submit texts, verbatim. TODO: these belong in @cabanas/domain/bookings next to
 * the charge request (the checkout page owns them until the domain takes them).
 */
export const checkoutMessages = {
  // Required names: the texts of the domain's ChargeRequestSchema.
  firstNameRequired: 'El nombre del huésped es obligatorio',
  lastNameRequired: 'El apellido del huésped es obligatorio',
  guestEmailRequired: 'El email del huésped es obligatorio',
  guestEmailInvalid: 'El email del huésped no es válido',
  guestPhoneRequired: 'El teléfono del huésped es obligatorio',
  guestPhoneInvalid: 'El teléfono del huésped debe tener exactamente 10 dígitos',
  billingEmailRequired: 'El email de facturación es obligatorio',
  billingEmailInvalid: 'El email de facturación no es válido',
  billingPhoneRequired: 'El teléfono de facturación es obligatorio',
  billingPhoneInvalid: 'El teléfono de facturación debe tener exactamente 10 dígitos',
  expiryYear: 'El año de expiración debe tener 2 dígitos (ej: 25)',
  // Not in the spec, which only knew 'Tarjeta expirada': a month that is missing or cannot exist.
  expiryMonthRequired: 'El mes de expiración es obligatorio',
  expiryMonthInvalid: 'El mes de expiración no es válido',
  errorsTitle: 'Por favor corrige los siguientes errores:',
} as const

/** Everything the checkout form holds: the guest, then the card data of the domain (with billing). */
export type CheckoutFormValues = CardInput & {
  firstName: string
  lastName: string
  guestEmail: string
  guestPhone: string
}
export type CheckoutField = keyof CheckoutFormValues

/** The card fields whose messages are reported together after 'Datos de tarjeta inválidos: '. */
const cardFields = ['cardNumber', 'cvv', 'expiryMonth', 'holderName'] as const satisfies CardField[]
type CardOnlyField = (typeof cardFields)[number]

/** Every field in the order the summary lists it. */
export const checkoutFieldOrder: readonly CheckoutField[] = [
  'firstName',
  'lastName',
  'guestEmail',
  'guestPhone',
  'email',
  'phone',
  'expiryYear',
  ...cardFields,
]

const isTenDigits = (phone: string) => /^\d{10}$/.test(phone.trim())

function emailError(value: string, required: string, invalid: string): string | undefined {
  if (value.trim() === '') return required
  return isEmailValid(value) ? undefined : invalid
}

/** A missing month, or one that no calendar has (00, 13 and up), before any talk of expiry. */
function expiryMonthError(value: string): string | undefined {
  const month = value.trim()
  if (month === '') return checkoutMessages.expiryMonthRequired
  if (!/^\d{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12)
    return checkoutMessages.expiryMonthInvalid
  return undefined
}

function phoneError(value: string, required: string, invalid: string): string | undefined {
  if (value.trim() === '') return required
  return isTenDigits(value) ? undefined : invalid
}

/** The message of each invalid field (spec §5 checkout submit and card rules), one per field. */
export function checkoutFieldErrors(
  values: CheckoutFormValues,
  today: CalendarDate,
): Partial<Record<CheckoutField, string>> {
  const m = checkoutMessages
  const errors: Partial<Record<CheckoutField, string>> = {
    firstName: values.firstName.trim() === '' ? m.firstNameRequired : undefined,
    lastName: values.lastName.trim() === '' ? m.lastNameRequired : undefined,
    guestEmail: emailError(values.guestEmail, m.guestEmailRequired, m.guestEmailInvalid),
    guestPhone: phoneError(values.guestPhone, m.guestPhoneRequired, m.guestPhoneInvalid),
    email: emailError(values.email, m.billingEmailRequired, m.billingEmailInvalid),
    phone: phoneError(values.phone, m.billingPhoneRequired, m.billingPhoneInvalid),
    expiryYear: /^\d{2}$/.test(values.expiryYear.trim()) ? undefined : m.expiryYear,
  }
  // Billing email and phone already have their checkout texts above; the card rules add the rest.
  const card = validateCardFields(values, today)
  for (const field of cardFields) {
    if (field === 'expiryMonth') {
      // A month that is missing or impossible says so; an unreadable year is reported once, by its
      // own rule; only a readable date in the past is 'Tarjeta expirada'.
      errors.expiryMonth =
        expiryMonthError(values.expiryMonth) ?? (errors.expiryYear ? undefined : card.expiryMonth)
      continue
    }
    errors[field] = card[field]
  }
  for (const field of checkoutFieldOrder) if (!errors[field]) delete errors[field]
  return errors
}

/**
 * The list shown under 'Por favor corrige los siguientes errores:': the checkout errors, then the
 * card errors together as 'Datos de tarjeta inválidos: ' plus the list.
 */
export function checkoutErrorList(errors: Partial<Record<CheckoutField, string | undefined>>): string[] {
  const isCardField = (field: CheckoutField): field is CardOnlyField =>
    (cardFields as readonly string[]).includes(field)
  const general: string[] = []
  const card: string[] = []
  for (const field of checkoutFieldOrder) {
    const message = errors[field]
    if (!message) continue
    if (isCardField(field)) card.push(message)
    else general.push(message)
  }
  const cardMessage = cardErrorsMessage(card)
  return cardMessage ? [...general, cardMessage] : general
}

/** The same rules for react-hook-form: `zodResolver(checkoutFormSchema(today))`. */
export function checkoutFormSchema(today: CalendarDate) {
  return z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      guestEmail: z.string(),
      guestPhone: z.string(),
      cardNumber: z.string(),
      holderName: z.string(),
      expiryMonth: z.string(),
      expiryYear: z.string(),
      cvv: z.string(),
      email: z.string(),
      phone: z.string(),
    })
    .superRefine((values, ctx) => {
      for (const [field, message] of Object.entries(checkoutFieldErrors(values, today))) {
        ctx.addIssue({ code: 'custom', path: [field], message })
      }
    })
}
