import { describe, expect, it } from 'vitest'
import type { SearchDraft } from './header-search-context'
import { findSearchProblem } from './search-validation'

const complete: SearchDraft = {
  location: 'Mazamitla, Jalisco',
  checkIn: '2026-07-10',
  checkOut: '2026-07-12',
  guests: 2,
}

const today = '2026-07-01'

describe('findSearchProblem', () => {
  it('accepts a complete search', () => {
    expect(findSearchProblem(complete, { today })).toBeNull()
  })

  it('accepts an arrival today', () => {
    expect(findSearchProblem({ ...complete, checkIn: today }, { today })).toBeNull()
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
    [
      { checkIn: '2026-06-30', checkOut: '2026-07-02' },
      'llegada',
      'La fecha de llegada no puede ser anterior a hoy',
    ],
    [
      { checkIn: '2026-06-30', checkOut: '2026-06-29' },
      'llegada',
      'La fecha de llegada no puede ser anterior a hoy',
    ],
  ])('%o → opens %s with "%s"', (patch, panel, message) => {
    expect(findSearchProblem({ ...complete, ...patch }, { today })).toEqual({ panel, message })
  })

  it('reports the dates before the guests', () => {
    expect(findSearchProblem({ ...complete, checkIn: undefined, guests: 0 }, { today })?.panel).toBe(
      'llegada',
    )
  })
})
