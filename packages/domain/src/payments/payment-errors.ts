/**
 * Spanish texts for Openpay's error codes (spec §8 and openpay.md §6 "Spanish wording for our UI").
 * Following Openpay's own plugins, a stolen card or an anti-fraud rejection is never revealed to the
 * shopper: they read the same "rejected by your bank" text as a plain decline.
 */
export const paymentErrorTexts = {
  declined: 'Tu banco rechazó el pago. Intenta con otra tarjeta o comunícate con tu banco.',
  expired: 'La tarjeta está vencida. Revisa la fecha o usa otra tarjeta.',
  insufficientFunds: 'La tarjeta no tiene fondos suficientes.',
  notForOnline: 'Esta tarjeta no puede usarse para pagos en línea. Prueba con otra.',
  callBank: 'Tu banco necesita autorizar este pago. Llama a tu banco y vuelve a intentarlo.',
  checkCard: 'Revisa el número de la tarjeta y el código de seguridad (CVV).',
  threeDSecure: 'No se pudo completar la verificación 3‑D Secure de tu banco.',
  tooManyAttempts: 'Se alcanzó el número máximo de intentos. Espera un momento antes de reintentar.',
  promotion: 'Esta promoción de meses sin intereses no aplica para tu tarjeta o monto.',
  unavailable: 'El servicio de pagos no está disponible. Intenta de nuevo en unos minutos.',
  notProcessed: 'No pudimos procesar el pago. Intenta de nuevo.',
  unexpected: 'Error inesperado en el procesamiento del pago',
} as const

type PaymentErrorText = keyof typeof paymentErrorTexts

const textByCode: Record<number, PaymentErrorText> = {
  1000: 'unavailable',
  1001: 'notProcessed',
  1002: 'notProcessed',
  1003: 'notProcessed',
  1004: 'unavailable',
  1005: 'notProcessed',
  1006: 'notProcessed',
  1010: 'notProcessed',
  1015: 'unavailable',
  1017: 'unavailable',
  1018: 'tooManyAttempts',
  // 2001–2003 are "already exists" errors of stored accounts and cards: integration errors for us.
  2001: 'notProcessed',
  2002: 'notProcessed',
  2003: 'notProcessed',
  2004: 'checkCard',
  2005: 'expired',
  2006: 'checkCard',
  // 2007: a sandbox test card used in production; 2008: card without points (we never use points).
  2007: 'notProcessed',
  2008: 'notProcessed',
  2009: 'checkCard',
  2010: 'threeDSecure',
  2011: 'notForOnline',
  3001: 'declined',
  3002: 'expired',
  3003: 'insufficientFunds',
  3004: 'declined',
  3005: 'declined',
  3006: 'notForOnline',
  3007: 'declined',
  3008: 'notForOnline',
  3009: 'declined',
  3010: 'declined',
  3011: 'declined',
  3012: 'callBank',
  3201: 'promotion',
  3202: 'promotion',
  3203: 'promotion',
  3204: 'promotion',
  3205: 'promotion',
}

/** The provider codes that have their own Spanish text (every code of spec §8 among them). */
export const knownPaymentErrorCodes: readonly number[] = Object.keys(textByCode).map(Number)

/**
 * What the shopper reads when a payment fails (spec §8): a Spanish text per provider code,
 * 'Error en el procesamiento del pago (Código: N)' for a code we don't know, and without a code the
 * provider's description or 'Error inesperado en el procesamiento del pago'.
 */
export function paymentErrorMessage(code: number | null | undefined, description?: string | null): string {
  if (code === null || code === undefined) return description?.trim() || paymentErrorTexts.unexpected
  const text = textByCode[code]
  return text ? paymentErrorTexts[text] : `Error en el procesamiento del pago (Código: ${code})`
}
