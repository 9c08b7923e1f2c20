import { requireValue } from '@cabanas/domain/shared'
import type { CabinImageRow } from '../schema.ts'
import { type ImageTheme, SEED_CABINS, type SeedCabin } from './catalogue.ts'

/**
 * What each of a cabin's demo pictures shows. This file is pure (no image library): the seed uses it
 * for the URLs and alt texts, and `tools/demo-photos/generate-images.ts` draws exactly what the alt text says.
 */
export type ImageKind = 'exterior' | 'view' | 'living-room' | 'bedroom' | 'dining' | 'terrace'
export type TimeOfDay = 'morning' | 'day' | 'golden' | 'dusk' | 'night'
export type ImageSpec = { kind: ImageKind; time: TimeOfDay }

export const IMAGES_PER_CABIN = 5

/** Deterministic PRNG (mulberry32 over an FNV-1a hash of the text). */
export function seededRandom(text: string): () => number {
  let state = 0x811c9dc5
  for (let i = 0; i < text.length; i++) state = Math.imul(state ^ text.charCodeAt(i), 0x01000193)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const pick = <T>(random: () => number, items: readonly T[]): T =>
  requireValue(items[Math.floor(random() * items.length)], 'an item to pick')

/**
 * Five pictures per cabin: an exterior (the cover), a view of the landscape, two interiors and either a
 * second exterior after dark or the terrace.
 */
export function imageKindsFor(slug: string, theme: ImageTheme): ImageSpec[] {
  const random = seededRandom(`${slug}:${theme}`)
  const cover: ImageSpec = {
    kind: 'exterior',
    time: pick(random, ['morning', 'day', 'golden', 'golden'] as const),
  }
  const view: ImageSpec = {
    kind: 'view',
    time: pick(random, ['morning', 'day', 'golden', 'dusk', 'night'] as const),
  }
  const lounge: ImageKind = random() < 0.65 ? 'living-room' : 'dining'
  const interiors: ImageSpec[] = [
    { kind: lounge, time: pick(random, ['day', 'golden', 'dusk', 'night'] as const) },
    { kind: 'bedroom', time: pick(random, ['morning', 'day', 'golden', 'night'] as const) },
  ]
  if (random() < 0.5) interiors.reverse()
  const last: ImageSpec =
    random() < 0.5
      ? { kind: 'exterior', time: pick(random, ['dusk', 'night'] as const) }
      : { kind: 'terrace', time: pick(random, ['day', 'golden', 'dusk'] as const) }
  const [first, second] = interiors
  return [
    cover,
    view,
    requireValue(first, 'the first interior'),
    requireValue(second, 'the second interior'),
    last,
  ]
}

const VIEW_OF: Record<ImageTheme, string> = {
  'pine-forest': 'al bosque de pinos',
  mountain: 'a la montaña',
  lake: 'al lago',
  beach: 'al mar',
  jungle: 'a la selva',
  canyon: 'a la barranca',
  'desert-hills': 'a los cerros',
  'colonial-town': 'a las calles del pueblo',
  lagoon: 'a la laguna',
}

const VIEW_TIME: Record<TimeOfDay, string> = {
  morning: ' al amanecer',
  day: '',
  golden: ' al atardecer',
  dusk: ' al anochecer',
  night: ' bajo las estrellas',
}

const EXTERIOR_TIME: Record<TimeOfDay, string> = {
  morning: 'por la mañana',
  day: 'de día',
  golden: 'al atardecer',
  dusk: 'al anochecer',
  night: 'de noche',
}

/** Whether the living room picture shows a fireplace (cabins that list one). */
export function hasFireplace(cabin: Pick<SeedCabin, 'amenities'>): boolean {
  return cabin.amenities.includes('fireplace')
}

/** Spanish alt text of one picture; the illustration draws the same thing. */
export function describeImage(
  spec: ImageSpec,
  cabin: Pick<SeedCabin, 'name' | 'imageTheme' | 'amenities'>,
): string {
  const view = VIEW_OF[cabin.imageTheme]
  switch (spec.kind) {
    case 'exterior':
      return spec.time === 'dusk' || spec.time === 'night'
        ? `${cabin.name} ${EXTERIOR_TIME[spec.time]}`
        : `Exterior de ${cabin.name}`
    case 'view':
      return `Vista ${view}${VIEW_TIME[spec.time]}`
    case 'living-room':
      return hasFireplace(cabin) ? 'Sala con chimenea' : `Sala con ventanal y vista ${view}`
    case 'bedroom':
      return `Recámara con vista ${view}`
    case 'dining':
      return 'Cocina y comedor'
    case 'terrace':
      return `Terraza con hamaca y vista ${view}`
  }
}

export function imageFileName(index: number, size: 'full' | 'card'): string {
  return size === 'full' ? `${index + 1}.webp` : `${index + 1}-card.webp`
}

/** Gallery entries of a seeded cabin: full-size URL, card-size preview and alt text. */
export function imagePathsFor(slug: string): CabinImageRow[] {
  const cabin = SEED_CABINS.find((candidate) => candidate.slug === slug)
  if (!cabin) throw new Error(`Unknown seed cabin: ${slug}`)
  return imageKindsFor(slug, cabin.imageTheme).map((spec, index) => ({
    url: `/media/cabins/${slug}/${imageFileName(index, 'full')}`,
    preview: `/media/cabins/${slug}/${imageFileName(index, 'card')}`,
    alt: describeImage(spec, cabin),
  }))
}
