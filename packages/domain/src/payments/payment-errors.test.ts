import { describe, expect, it } from 'vitest'
import { knownPaymentErrorCodes, paymentErrorMessage, paymentErrorTexts } from './payment-errors.ts'

const specCodes = [
  1000, 1001, 1002, 1003, 1004, 1005, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010,
].concat([3001, 3002, 3003, 3004, 3005])

describe('paymentErrorMessage', () => {
  it.each(specCodes)('has a Spanish text of its own for spec code %i', (code) => {
    expect(knownPaymentErrorCodes).toContain(code)
    expect(Object.values(paymentErrorTexts)).toContain(paymentErrorMessage(code))
    expect(paymentErrorMessage(code)).not.toMatch(/Código/)
  })

  it.each([
    [3001, 'Tu banco rechazó el pago. Intenta con otra tarjeta o comunícate con tu banco.'],
    // Stolen card and anti-fraud: never revealed to the shopper.
    [3004, 'Tu banco rechazó el pago. Intenta con otra tarjeta o comunícate con tu banco.'],
    [3005, 'Tu banco rechazó el pago. Intenta con otra tarjeta o comunícate con tu banco.'],
    [3002, 'La tarjeta está vencida. Revisa la fecha o usa otra tarjeta.'],
    [2005, 'La tarjeta está vencida. Revisa la fecha o usa otra tarjeta.'],
    [3003, 'La tarjeta no tiene fondos suficientes.'],
    [2004, 'Revisa el número de la tarjeta y el código de seguridad (CVV).'],
    [2006, 'Revisa el número de la tarjeta y el código de seguridad (CVV).'],
    [2009, 'Revisa el número de la tarjeta y el código de seguridad (CVV).'],
    [2010, 'No se pudo completar la verificación 3‑D Secure de tu banco.'],
    [1000, 'El servicio de pagos no está disponible. Intenta de nuevo en unos minutos.'],
    [1004, 'El servicio de pagos no está disponible. Intenta de nuevo en unos minutos.'],
    [1001, 'No pudimos procesar el pago. Intenta de nuevo.'],
    [1006, 'No pudimos procesar el pago. Intenta de nuevo.'],
    [3012, 'Tu banco necesita autorizar este pago. Llama a tu banco y vuelve a intentarlo.'],
    [3008, 'Esta tarjeta no puede usarse para pagos en línea. Prueba con otra.'],
    [1018, 'Se alcanzó el número máximo de intentos. Espera un momento antes de reintentar.'],
    [3203, 'Esta promoción de meses sin intereses no aplica para tu tarjeta o monto.'],
  ])('code %i → %s', (code, message) => {
    expect(paymentErrorMessage(code, 'The card was declined')).toBe(message)
  })

  it.each([
    [9999, 'Error en el procesamiento del pago (Código: 9999)'],
    [4001, 'Error en el procesamiento del pago (Código: 4001)'],
  ])('names an unknown code %i', (code, message) => {
    expect(paymentErrorMessage(code)).toBe(message)
  })

  it.each([
    [null, 'Falla de red', 'Falla de red'],
    [null, '  ', 'Error inesperado en el procesamiento del pago'],
    [null, undefined, 'Error inesperado en el procesamiento del pago'],
    [undefined, undefined, 'Error inesperado en el procesamiento del pago'],
  ])('without a code (%s, %s) → %s', (code, description, message) => {
    expect(paymentErrorMessage(code, description)).toBe(message)
  })
})
