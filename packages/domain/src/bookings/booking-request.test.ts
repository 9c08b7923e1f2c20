import { describe, expect, it } from 'vitest'
import { BookingRequestFormSchema, bookingRequestMessages, clampGuests } from './booking-request.ts'

const valid = { fullName: 'Ana Rodríguez', email: 'ana@ejemplo.mx', phone: '55 1234 5678', guests: 2 }

describe('BookingRequestFormSchema', () => {
  it('accepts a complete form', () => {
    expect(BookingRequestFormSchema.parse(valid)).toEqual(valid)
  })
  it.each([
    [{ fullName: 'A' }, 'El nombre es requerido.'],
    [{ email: 'ana@' }, 'Email inválido.'],
    [{ phone: '1234567' }, 'Teléfono inválido.'],
    [{ phone: 'llámame por favor' }, 'Teléfono inválido.'],
  ])('refuses %o with %s', (change, message) => {
    const result = BookingRequestFormSchema.safeParse({ ...valid, ...change })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(message)
  })
})

describe('guests', () => {
  it.each([
    [0, 2],
    [1, 2],
    [4, 4],
    [9, 6],
    [Number.NaN, 2],
  ])('clamps %d into 2–6 as %d', (guests, expected) => {
    expect(clampGuests(guests, { minOccupancy: 2, maxOccupancy: 6 })).toBe(expected)
  })
  it('words the limits as the spec does', () => {
    expect(bookingRequestMessages.minGuests(1)).toBe('Mínimo 1 huésped.')
    expect(bookingRequestMessages.maxGuests(6)).toBe('Máximo 6 huéspedes.')
  })
})
