/*
 * Mexico's 32 states, zod-free and small (the editor's state picker and every card can use it): the
 * INEGI key, the name INEGI gives it, and the name the product writes on cards, pages and destinations
 * ('Estado de México', 'Coahuila'), which is the one the demo catalogue already uses.
 */

export type MexicoState = {
  /** INEGI's two-digit state key ('14'). */
  code: string
  /** As the product writes it: cards, cabin page, destinations ('Estado de México'). */
  name: string
  /** As INEGI's catalogue spells it ('México', 'Coahuila de Zaragoza'). */
  inegiName: string
  /** Id of the state's outline in the product's map (mexico.svg). */
  mapId: string
}

const state = (code: string, name: string, mapId: string, inegiName = name): MexicoState => ({
  code,
  name,
  inegiName,
  mapId,
})

export const MEXICO_STATES: readonly MexicoState[] = [
  state('01', 'Aguascalientes', 'agu'),
  state('02', 'Baja California', 'bcn'),
  state('03', 'Baja California Sur', 'bcs'),
  state('04', 'Campeche', 'cam'),
  state('05', 'Coahuila', 'coa', 'Coahuila de Zaragoza'),
  state('06', 'Colima', 'col'),
  state('07', 'Chiapas', 'chp'),
  state('08', 'Chihuahua', 'chh'),
  state('09', 'Ciudad de México', 'cmx'),
  state('10', 'Durango', 'dur'),
  state('11', 'Guanajuato', 'gua'),
  state('12', 'Guerrero', 'gro'),
  state('13', 'Hidalgo', 'hid'),
  state('14', 'Jalisco', 'jal'),
  state('15', 'Estado de México', 'mex', 'México'),
  state('16', 'Michoacán', 'mic', 'Michoacán de Ocampo'),
  state('17', 'Morelos', 'mor'),
  state('18', 'Nayarit', 'nay'),
  state('19', 'Nuevo León', 'nle'),
  state('20', 'Oaxaca', 'oax'),
  state('21', 'Puebla', 'pue'),
  state('22', 'Querétaro', 'que'),
  state('23', 'Quintana Roo', 'roo'),
  state('24', 'San Luis Potosí', 'slp'),
  state('25', 'Sinaloa', 'sin'),
  state('26', 'Sonora', 'son'),
  state('27', 'Tabasco', 'tab'),
  state('28', 'Tamaulipas', 'tam'),
  state('29', 'Tlaxcala', 'tla'),
  state('30', 'Veracruz', 'ver', 'Veracruz de Ignacio de la Llave'),
  state('31', 'Yucatán', 'yuc'),
  state('32', 'Zacatecas', 'zac'),
]

const BY_CODE = new Map(MEXICO_STATES.map((entry) => [entry.code, entry]))

/** The state of an INEGI key ('14'), or undefined. */
export function findMexicoState(code: string): MexicoState | undefined {
  return BY_CODE.get(code)
}
