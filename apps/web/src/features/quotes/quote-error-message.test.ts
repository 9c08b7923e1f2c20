import { describe, expect, it } from 'vitest'
import { quoteErrorMessage } from './quote-error-message'
import { CONNECTION_ERROR } from './quotes.api'

const refused = (errorType: string, error = '') => ({
  success: false as const,
  available: false,
  error,
  errorType,
})

/** A server failure that does not say whether the stay is available (an unexpected 500). */
const failed = (error: string) => ({ success: false as const, error, errorType: 'SERVER_ERROR' })

describe('quoteErrorMessage (spec §8)', () => {
  it.each([
    ['INVALID_DATE', 'La fecha seleccionada no es válida'],
    ['INVALID_DATE_RANGE', 'El rango de fechas seleccionado no es válido'],
    ['CABIN_NOT_FOUND', 'La cabaña no fue encontrada'],
    ['CAPACITY_EXCEEDED', 'Excede la capacidad máxima'],
    ['CAPACITY_INSUFFICIENT', 'No cumple la capacidad mínima'],
    ['NOCHES_MINIMAS', 'No cumple con la estancia mínima requerida'],
    ['NOT_AVAILABLE', 'No disponible para las fechas seleccionadas'],
    ['SOMETHING_ELSE', 'Error desconocido'],
  ])('words %s without a server text as %s', (errorType, message) => {
    expect(quoteErrorMessage(refused(errorType))).toBe(message)
  })

  it('prefers the server text when it says something specific', () => {
    expect(
      quoteErrorMessage(refused('INVALID_DATE', 'La fecha de llegada no puede ser anterior a hoy')),
    ).toBe('La fecha de llegada no puede ser anterior a hoy')
    expect(quoteErrorMessage(refused('NOT_AVAILABLE', 'Cerrada por remodelación'))).toBe(
      'Cerrada por remodelación',
    )
  })

  it('ignores generic connection and server texts', () => {
    expect(quoteErrorMessage(refused('NOCHES_MINIMAS', 'Error del servidor. Intenta nuevamente.'))).toBe(
      'No cumple con la estancia mínima requerida',
    )
    expect(quoteErrorMessage(refused('CAPACITY_EXCEEDED', 'HTTP Error: 400'))).toBe(
      'Excede la capacidad máxima',
    )
  })

  it('reads SERVER_ERROR as unavailable when the server says so, else as a server error', () => {
    expect(quoteErrorMessage(CONNECTION_ERROR)).toBe('No disponible para las fechas seleccionadas')
    expect(quoteErrorMessage(failed('Error del servidor. Intenta nuevamente.'))).toBe(
      'Error del servidor. Intenta nuevamente.',
    )
    expect(quoteErrorMessage(failed('Base de datos en mantenimiento'))).toBe('Base de datos en mantenimiento')
  })
})
