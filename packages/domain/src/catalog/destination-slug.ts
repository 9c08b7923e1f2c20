import { normalizeText } from './normalize.ts'

/** 'Valle de Bravo', 'Estado de México' → 'valle-de-bravo-estado-de-mexico'. */
export function destinationSlug(population: string, state: string): string {
  return normalizeText(`${population} ${state}`)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** A slug as the router hands it over: lower-case letters, digits and single hyphens, bounded. */
export function isDestinationSlug(value: string): boolean {
  return value.length <= 120 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)
}
