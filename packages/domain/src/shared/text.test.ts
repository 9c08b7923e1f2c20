import { describe, expect, it } from 'vitest'
import { hasControlCharacters, integerSchema, queryIntegerSchema, textSchema } from './text.ts'
import { z } from './zod.ts'

const firstMessage = (result: { error?: z.ZodError }) => result.error?.issues[0]?.message

/** Characters no text field accepts: C0 controls, DEL, C1 controls and a lone surrogate. */
const hostile = [
  ['NUL', 'Ana\u0000'],
  ['SOH', '\u0001Ana'],
  ['ESC (terminal escape)', 'An\u001b[31ma'],
  ['DEL', 'Ana\u007f'],
  ['C1 control U+0085', 'Ana\u0085'],
  ['carriage return', 'Ana\rRodríguez'],
  ['vertical tab', 'Ana\u000bRodríguez'],
  ['a lone surrogate', 'Ana\ud800'],
]

describe('textSchema', () => {
  const name = textSchema('nombre').trim().min(2, 'El nombre es muy corto')

  it.each(hostile)('refuses %s with a Spanish message naming the field', (_name, value) => {
    const result = name.safeParse(value)
    expect(result.success).toBe(false)
    expect(firstMessage(result)).toBe('El campo nombre contiene caracteres no permitidos')
  })

  it.each([
    ['a tab', 'Ana\tRodríguez'],
    ['a line feed', 'Ana\nRodríguez'],
  ])('refuses %s in a one-line field', (_name, value) => {
    expect(firstMessage(name.safeParse(value))).toBe('El campo nombre contiene caracteres no permitidos')
  })

  it.each([
    ['accents and ñ', 'José Peña Núñez', 'José Peña Núñez'],
    ['an emoji (a surrogate pair)', 'Ana 🌲', 'Ana 🌲'],
    ['spaces around, trimmed', '  Ana  ', 'Ana'],
    ['apostrophes and dashes', "O'Connor-Díaz", "O'Connor-Díaz"],
  ])('accepts %s', (_name, value, expected) => {
    expect(name.parse(value)).toBe(expected)
  })

  it('keeps tab and line feed in multi-line free text, and refuses the other controls', () => {
    const notes = textSchema('solicitudes especiales', { multiline: true }).trim()
    expect(notes.parse('Llegamos tarde.\n\tCuna, por favor.')).toBe('Llegamos tarde.\n\tCuna, por favor.')
    for (const [, value] of hostile) {
      expect(firstMessage(notes.safeParse(value))).toBe(
        'El campo solicitudes especiales contiene caracteres no permitidos',
      )
    }
  })

  it.each([[3], [null], [['Ana']], [{ name: 'Ana' }], [true]])('refuses the non-text %j', (value) => {
    expect(firstMessage(name.safeParse(value))).toBe('El campo nombre debe ser texto')
    expect(firstMessage(textSchema('nombre', { required: 'Falta el nombre' }).safeParse(value))).toBe(
      'Falta el nombre',
    )
  })

  it('checks the characters before trimming, so a trailing NUL cannot hide behind spaces', () => {
    expect(name.safeParse('Ana \u0000 ').success).toBe(false)
  })
})

describe('hasControlCharacters', () => {
  it.each([
    ['Ana', false, false],
    ['Ana\n', true, false],
    ['Ana\t', true, false],
    ['Ana\r', true, true],
    ['Ana\u0000', true, true],
    ['Ana\u2028', false, false],
  ])('%j: one-line %s, multi-line %s', (value, oneLine, multiline) => {
    expect(hasControlCharacters(value)).toBe(oneLine)
    expect(hasControlCharacters(value, { multiline: true })).toBe(multiline)
  })
})

describe('integerSchema (JSON body)', () => {
  const guests = integerSchema('El número de huéspedes debe ser un número entero').min(1, 'Mínimo 1')

  it.each([
    ['the text "3"', '3'],
    ['a padded text " 3 "', ' 3 '],
    ['hex text "0x2"', '0x2'],
    ['an array [3]', [3]],
    ['true', true],
    ['null', null],
    ['an object', { value: 3 }],
    ['a fraction 3.5', 3.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['beyond 2^53', 2 ** 60],
  ])('refuses %s', (_name, value) => {
    expect(firstMessage(guests.safeParse(value))).toBe('El número de huéspedes debe ser un número entero')
  })

  it('applies the bounds with their own message', () => {
    expect(firstMessage(guests.safeParse(-1))).toBe('Mínimo 1')
    expect(firstMessage(guests.safeParse(0))).toBe('Mínimo 1')
  })

  it.each([
    [3, 3],
    [1e1, 10], // JSON's 1e1 is the number 10: JSON.parse cannot tell them apart
    [JSON.parse('3.0'), 3],
  ])('accepts the number %j', (value, expected) => {
    expect(guests.parse(value)).toBe(expected)
  })
})

describe('queryIntegerSchema (query string)', () => {
  const limit = queryIntegerSchema('El parámetro limit debe ser un número entero')
    .pipe(z.number().min(0, 'No puede ser negativo').max(500, 'Máximo 500'))
    .default(100)

  it.each([
    ['padded " 3 "', ' 3 '],
    ['a leading space', ' 3'],
    ['a trailing newline', '3\n'],
    ['a plus sign', '+3'],
    ['hex', '0x2'],
    ['an exponent', '1e1'],
    ['a decimal', '2.5'],
    ['a decimal zero', '3.0'],
    ['words', 'tres'],
    ['empty', ''],
    ['a NUL', '3\u0000'],
    ['a repeated parameter', ['3', '4']],
    ['a number (not what a query string holds)', 3],
    ['true', true],
  ])('refuses %s', (_name, value) => {
    expect(firstMessage(limit.safeParse(value))).toBe('El parámetro limit debe ser un número entero')
  })

  it('refuses a negative number and a number too large with the bounds messages', () => {
    expect(firstMessage(limit.safeParse('-1'))).toBe('No puede ser negativo')
    expect(firstMessage(limit.safeParse('501'))).toBe('Máximo 500')
  })

  it.each([
    ['3', 3],
    ['007', 7],
    ['0', 0],
    ['-0', 0],
    [undefined, 100],
  ])('reads %j as %j', (value, expected) => {
    expect(Object.is(limit.parse(value), expected)).toBe(true)
  })
})
