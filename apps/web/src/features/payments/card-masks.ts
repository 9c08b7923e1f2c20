import { normalizeMexicanPhone } from '@cabanas/domain/auth'

/** Input masks of the card and billing fields (spec §2 checkout). */

export function digitsOnly(value: string, maxLength: number): string {
  return value.replace(/\D/g, '').slice(0, maxLength)
}

/** Up to 19 digits, shown in groups of four: '4111 1111 1111 1111'. */
export function maskCardNumber(value: string): string {
  return digitsOnly(value, 19).replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** Month or year: two digits at most. */
export function maskExpiryPart(value: string): string {
  return digitsOnly(value, 2)
}

export function maskCvv(value: string): string {
  return digitsOnly(value, 4)
}

export function maskHolderName(value: string): string {
  return value.toLocaleUpperCase('es-MX')
}

/** Ten digits; a pasted '+52 55 1234 5678' loses its country code first. */
export function maskPhone(value: string): string {
  return digitsOnly(normalizeMexicanPhone(value), 10)
}
