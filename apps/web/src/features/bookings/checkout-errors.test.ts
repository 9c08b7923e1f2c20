import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { checkoutErrorMessages, isChargeOutcomeUnknown } from './checkout-errors'

const apiError = (status: number, body: unknown, code = 'HTTP_ERROR') =>
  new ApiError({ status, code, message: `HTTP Error: ${status}`, body })

describe('checkout error display (spec §8)', () => {
  it.each([
    [
      'a decline by provider code',
      apiError(402, { error: 'The card was declined', error_code: 3001 }, 'PAYMENT_DECLINED'),
      ['Tu banco rechazó el pago. Intenta con otra tarjeta o comunícate con tu banco.'],
    ],
    [
      'an unknown provider code',
      apiError(402, { error: 'x', error_code: 4001 }, 'PAYMENT_DECLINED'),
      ['Error en el procesamiento del pago (Código: 4001)'],
    ],
    [
      'taken dates',
      apiError(409, { error: 'No disponible para las fechas seleccionadas' }, 'NOT_AVAILABLE'),
      ['No disponible para las fechas seleccionadas'],
    ],
    [
      'validation details, each once',
      apiError(
        400,
        {
          error: 'a',
          details: [
            { field: 'a', message: 'El email de facturación no es válido' },
            { field: 'b', message: 'El email de facturación no es válido' },
            { field: 'c', message: 'Falta la cabaña' },
          ],
        },
        'VALIDATION_ERROR',
      ),
      ['El email de facturación no es válido', 'Falta la cabaña'],
    ],
    ['a backend error without text', apiError(500, undefined), ['Error en el procesamiento de la reserva']],
    [
      'no answer at all',
      new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error occurred' }),
      ['Error de conexión. Por favor, intenta nuevamente.'],
    ],
    ['an Error, as is', new Error('Openpay JS no está cargado'), ['Openpay JS no está cargado']],
    ['an object with error and detail', { error: 'Uno', detail: 'Dos' }, ['Uno', 'Dos']],
    ['anything else', 42, ['Error inesperado al procesar el pago']],
  ])('shows %s', (_case, error, messages) => {
    expect(checkoutErrorMessages(error)).toEqual(messages)
  })

  it.each([
    [new ApiError({ status: 0, code: 'NETWORK_ERROR', message: '' }), true],
    [apiError(503, {}), true],
    [apiError(409, {}, 'IDEMPOTENCY_IN_PROGRESS'), true],
    [apiError(402, { error_code: 3001 }, 'PAYMENT_DECLINED'), false],
    [apiError(409, {}, 'NOT_AVAILABLE'), false],
    [new Error('Openpay JS no está cargado'), false],
  ])('knows when the charge outcome is unknown (%s → %s)', (error, unknown) => {
    expect(isChargeOutcomeUnknown(error)).toBe(unknown)
  })
})
