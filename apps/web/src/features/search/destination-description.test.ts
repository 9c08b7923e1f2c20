import { describe, expect, it } from 'vitest'
import { describeDestination } from './destination-description'

describe('describeDestination', () => {
  it.each([
    ['Tulum', 'Quintana Roo', '🌴', 'Caribe turquesa, cenotes y arena blanca'],
    ['Holbox', 'Quintana Roo', '🌴', 'Caribe turquesa, cenotes y arena blanca'],
    ['Mérida', 'Yucatán', '🏛️', 'Casonas coloniales, cenotes y cultura maya'],
    ['Valladolid', 'Yucatán', '🏛️', 'Casonas coloniales, cenotes y cultura maya'],
    ['Bacalar', 'Quintana Roo', '🛶', 'Aguas cristalinas para remar, nadar y ver el atardecer'],
    ['Lago de Camécuaro', 'Michoacán', '🛶', 'Aguas cristalinas para remar, nadar y ver el atardecer'],
    ['Mazamitla', 'Jalisco', '🌲', 'Bosque, chimenea y aire fresco de montaña'],
    ['Bosque de Arteaga', 'Coahuila', '🌲', 'Bosque, chimenea y aire fresco de montaña'],
    ['Sierra Gorda', 'Querétaro', '🌲', 'Bosque, chimenea y aire fresco de montaña'],
    ['Playa del Carmen', 'Quintana Roo', '🏖️', 'Sol, mar y arena a unos pasos de tu cabaña'],
    ['Puerto Escondido', 'Oaxaca', '🏖️', 'Sol, mar y arena a unos pasos de tu cabaña'],
    ['Costa Esmeralda', 'Veracruz', '🏖️', 'Sol, mar y arena a unos pasos de tu cabaña'],
  ])('%s, %s → %s %s', (population, state, emoji, description) => {
    expect(describeDestination({ population, state })).toEqual({ emoji, description })
  })

  it('matches case and accents loosely: "MÉRIDA" and "merida" are the same place', () => {
    expect(describeDestination({ population: 'MÉRIDA', state: 'yucatan' }).emoji).toBe('🏛️')
  })

  it('matches whole words only: "Marfil" is not the sea', () => {
    expect(describeDestination({ population: 'Marfil', state: 'Guanajuato' })).toEqual({
      emoji: '🏡',
      description: 'Alojamientos disponibles en Marfil',
    })
  })

  it('falls back to "Alojamientos disponibles en {population}"', () => {
    expect(describeDestination({ population: 'Tepoztlán', state: 'Morelos' })).toEqual({
      emoji: '🏡',
      description: 'Alojamientos disponibles en Tepoztlán',
    })
  })
})
