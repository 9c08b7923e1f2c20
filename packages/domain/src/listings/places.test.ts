import { describe, expect, it } from 'vitest'
import { must } from '../must.fixtures.ts'
import { MUNICIPALITY_COUNT } from './generated/municipalities.ts'
import { isInMexicanState, isInMexico, isWithinMexicoBounds } from './mexico-area.ts'
import { findMexicoState, MEXICO_STATES } from './mexico-states.ts'
import { allMunicipalities, findMunicipality, municipalitiesOf, municipalityLabel } from './municipalities.ts'

describe('Mexico states and municipalities (INEGI)', () => {
  it('has the 32 states, each with its municipalities', () => {
    expect(MEXICO_STATES).toHaveLength(32)
    expect(new Set(MEXICO_STATES.map((s) => s.code)).size).toBe(32)
    for (const state of MEXICO_STATES) expect(municipalitiesOf(state.code).length).toBeGreaterThan(0)
    expect(allMunicipalities()).toHaveLength(MUNICIPALITY_COUNT)
    expect(MUNICIPALITY_COUNT).toBe(2_478)
    expect(municipalitiesOf('20')).toHaveLength(570) // Oaxaca
    expect(municipalitiesOf('09')).toHaveLength(16) // Ciudad de México's alcaldías
  })

  it.each([
    ['14059', 'Mazamitla', 'Jalisco'],
    ['14086', 'Tapalpa', 'Jalisco'],
    ['15110', 'Valle de Bravo', 'Estado de México'],
    ['17020', 'Tepoztlán', 'Morelos'],
    ['23009', 'Tulum', 'Quintana Roo'],
    ['23010', 'Bacalar', 'Quintana Roo'],
    ['23007', 'Lázaro Cárdenas', 'Quintana Roo'],
    ['13024', 'Huasca de Ocampo', 'Hidalgo'],
    ['13038', 'Mineral del Chico', 'Hidalgo'],
    ['21208', 'Zacatlán', 'Puebla'],
    ['21053', 'Chignahuapan', 'Puebla'],
    ['22007', 'Ezequiel Montes', 'Querétaro'],
    ['07078', 'San Cristóbal de las Casas', 'Chiapas'],
    ['08009', 'Bocoyna', 'Chihuahua'],
    ['31102', 'Valladolid', 'Yucatán'],
    ['05004', 'Arteaga', 'Coahuila'],
    ['09015', 'Cuauhtémoc', 'Ciudad de México'],
  ])('finds %s, %s (%s), spelled with its accents', (code, name, state) => {
    const municipality = findMunicipality(code)
    expect(municipality?.name).toBe(name)
    expect(findMexicoState(must(municipality, 'municipality').stateCode)?.name).toBe(state)
  })

  it.each(['', '14', '14000', '99001', '1405', '140590', 'Mazamitla', '__proto__', 'constructor'])(
    'finds nothing for %j',
    (code) => {
      expect(findMunicipality(code)).toBeUndefined()
    },
  )

  it('tells apart the two municipalities that share a name in a state', () => {
    const twins = municipalitiesOf('20').filter((m) => m.name === 'San Juan Mixtepec')
    expect(twins.map(municipalityLabel)).toEqual([
      'San Juan Mixtepec (clave 20208)',
      'San Juan Mixtepec (clave 20209)',
    ])
    expect(municipalityLabel(must(findMunicipality('14059'), "findMunicipality('14059')"))).toBe('Mazamitla')
  })

  it('names states as the product does and keeps INEGI names alongside', () => {
    expect(findMexicoState('15')).toMatchObject({ name: 'Estado de México', inegiName: 'México' })
    expect(findMexicoState('30')).toMatchObject({
      name: 'Veracruz',
      inegiName: 'Veracruz de Ignacio de la Llave',
    })
    expect(findMexicoState('33')).toBeUndefined()
  })
})

describe('isInMexico', () => {
  it.each([
    ['Mazamitla', 19.915, -103.02],
    ['Tulum', 20.211, -87.465],
    ['Holbox (island)', 21.5222, -87.3789],
    ['Isla Mujeres (an islet the outline leaves out)', 21.2321, -86.7313],
    ['Cozumel', 20.423, -86.9223],
    ['Cabo San Lucas', 22.8905, -109.9167],
    ['Tijuana', 32.5149, -117.0382],
    ['Tapachula', 14.9, -92.26],
    ['Creel', 27.752, -107.635],
    ['Isla Guadalupe', 29.05, -118.28],
  ])('accepts a pin in %s', (_, latitude, longitude) => {
    expect(isInMexico(latitude, longitude)).toBe(true)
  })

  it.each([
    ['Houston', 29.76, -95.37],
    ['San Diego', 32.7157, -117.1611],
    ['Ciudad de Guatemala', 14.6349, -90.5069],
    ['Belice', 17.5046, -88.1962],
    ['La Habana', 23.1136, -82.3666],
    ['the middle of the Gulf', 24.5, -92],
    ['the Pacific off Colima', 17, -105.5],
    ['0, 0', 0, 0],
    ['swapped coordinates', -99.1, 19.4],
    ['a positive longitude', 19.4, 99.1],
    ['NaN', Number.NaN, -99],
    ['Infinity', 19.4, Number.NEGATIVE_INFINITY],
  ])('refuses a pin in %s', (_, latitude, longitude) => {
    expect(isInMexico(latitude, longitude)).toBe(false)
  })

  it('checks the box first', () => {
    expect(isWithinMexicoBounds(19.4, -99.1)).toBe(true)
    expect(isWithinMexicoBounds(40, -99.1)).toBe(false)
  })

  it('knows which state a pin is in, with a margin at state lines', () => {
    expect(isInMexicanState('14', 19.915, -103.02)).toBe(true) // Mazamitla, Jalisco
    expect(isInMexicanState('23', 19.915, -103.02)).toBe(false)
    expect(isInMexicanState('15', 19.195, -100.131)).toBe(true) // Valle de Bravo
    expect(isInMexicanState('09', 19.4326, -99.1332)).toBe(true) // Zócalo
    expect(isInMexicanState('99', 19.4326, -99.1332)).toBe(false)
  })
})
