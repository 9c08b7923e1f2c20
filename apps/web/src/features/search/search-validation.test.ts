import { describe, expect, it } from 'vitest'
import type { SearchDraft } from './header-search-context'
import { findSearchProblem } from './search-validation'

const complete: SearchDraft = {
  location: 'Mazamitla, Jalisco',
  checkIn: '2026-07-10',
  checkOut: '2026-07-12',
  guests: 2,
}

describe('findSearchProblem', () => {
  it('accepts a complete search', () => {
    expect(findSearchProblem(complete)).toBeNull()
  })

  it.each([
    [
      { checkIn: undefined, checkOut: undefined },
      'llegada',
      'Por favor selecciona las fechas de llegada y salida',
    ],
    [{ checkOut: undefined }, 'salida', 'Por favor selecciona las fechas de llegada y salida'],
    [{ checkOut: '2026-07-10' }, 'salida', 'La fecha de salida debe ser posterior a la fecha de llegada'],
    [{ checkOut: '2026-07-09' }, 'salida', 'La fecha de salida debe ser posterior a la fecha de llegada'],
    [{ guests: 0 }, 'huespedes', 'Por favor indica el número de huéspedes'],
    [{ location: '  ' }, 'destino', 'Por favor elige un destino'],
  ])('%o → opens %s with "%s"', (patch, panel, message) => {
    expect(findSearchProblem({ ...complete, ...patch })).toEqual({ panel, message })
  })

  it('reports the dates before the guests', () => {
    expect(findSearchProblem({ ...complete, checkIn: undefined, guests: 0 })?.panel).toBe('llegada')
  })
})
