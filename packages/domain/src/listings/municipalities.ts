import { MUNICIPALITIES_BY_STATE } from './generated/municipalities.ts'

/*
 * Lookups over INEGI's catalogue of municipalities (generated/municipalities.ts, ~19 KB gzip). Zod-free, but
 * not small: only the listing editor and the API need it, so nothing on a guest's first view imports it.
 */

export type Municipality = {
  /** INEGI's five-digit key: state (2) and municipality (3), '14059'. */
  code: string
  stateCode: string
  /** As INEGI spells it, accents included ('Mazamitla', 'San Cristóbal de las Casas'). */
  name: string
}

let byCode: Map<string, Municipality> | null = null
let byState: Map<string, Municipality[]> | null = null

function load() {
  if (byCode && byState) return { byCode, byState }
  byCode = new Map()
  byState = new Map()
  for (const [stateCode, packed] of Object.entries(MUNICIPALITIES_BY_STATE)) {
    const list = packed.split('|').map((entry) => ({
      code: `${stateCode}${entry.slice(0, 3)}`,
      stateCode,
      name: entry.slice(3),
    }))
    byState.set(stateCode, list)
    for (const municipality of list) byCode.set(municipality.code, municipality)
  }
  return { byCode, byState }
}

/** The municipality of a five-digit INEGI key, or undefined (unknown key, wrong shape). */
export function findMunicipality(code: string): Municipality | undefined {
  return load().byCode.get(code)
}

/** A state's municipalities in INEGI key order; [] for an unknown state key. */
export function municipalitiesOf(stateCode: string): readonly Municipality[] {
  return load().byState.get(stateCode) ?? []
}

/** Every municipality, in key order. */
export function allMunicipalities(): Municipality[] {
  return [...load().byCode.values()]
}

/**
 * The name to show in a picker. Two pairs of Oaxacan municipalities share a name (San Juan Mixtepec,
 * San Pedro Mixtepec); they get their key, so a host can tell them apart.
 */
export function municipalityLabel(municipality: Municipality): string {
  const twins = municipalitiesOf(municipality.stateCode).filter((m) => m.name === municipality.name)
  return twins.length > 1 ? `${municipality.name} (clave ${municipality.code})` : municipality.name
}
