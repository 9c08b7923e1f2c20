import { CANCELLATION_POLICIES, type CancellationPolicyKey } from '../catalog/cancellation-policy.ts'
import { MAX_GUESTS, MAX_STAY_NIGHTS } from '../quotes/stay-rules.ts'
import { CHECK_IN_TIME, CHECK_OUT_TIME } from '../shared/check-in.ts'
import { requireValue } from '../shared/require-value.ts'

/*
 * The listing editor's steps, limits and words, without zod: the editor's step list, counters and
 * hints read these cheaply; listing-schemas.ts enforces them.
 */

/** The editor's steps, in order; the review step lists what each one still needs. */
export const LISTING_STEPS = [
  'type',
  'location',
  'capacity',
  'amenities',
  'photos',
  'description',
  'prices',
  'rules',
  'cancellation',
] as const
export type ListingStep = (typeof LISTING_STEPS)[number]

/** Title of each step, as the editor and the review step show it. */
export const LISTING_STEP_TITLES: Record<ListingStep, string> = {
  type: 'Tipo de alojamiento',
  location: 'Ubicación',
  capacity: 'Capacidad',
  amenities: 'Amenidades',
  photos: 'Fotos',
  description: 'Título y descripción',
  prices: 'Precios',
  rules: 'Reglas',
  cancellation: 'Política de cancelación',
}

/** What the review step says of a step never filled in. */
export const MISSING_STEP_MESSAGES: Record<ListingStep, string> = {
  type: 'Falta el tipo de alojamiento',
  location: 'Falta la ubicación',
  capacity: 'Falta la capacidad',
  amenities: 'Faltan las amenidades',
  photos: 'Faltan las fotos',
  description: 'Faltan el título y la descripción',
  prices: 'Faltan los precios',
  rules: 'Faltan las reglas',
  cancellation: 'Falta la política de cancelación',
}

/** The kinds of place a host can offer: the labels cards and the cabin page show as they are. */
export const ACCOMMODATION_TYPES = [
  'Cabaña',
  'Casa',
  'Casa de campo',
  'Casa del árbol',
  'Bungalow',
  'Domo',
  'Glamping',
  'Loft',
  'Villa',
] as const
export type AccommodationType = (typeof ACCOMMODATION_TYPES)[number]

export const BATHROOM_PRIVACY = ['private', 'shared'] as const
export type BathroomPrivacy = (typeof BATHROOM_PRIVACY)[number]

export const LISTING_LIMITS = {
  locality: { min: 2, max: 80 },
  street: { min: 3, max: 150 },
  directions: { max: 1_000 },
  guests: { min: 1, max: MAX_GUESTS },
  bedrooms: { min: 0, max: 50 },
  beds: { min: 1, max: 100 },
  bathrooms: { min: 1, max: 50 },
  /** Photos to submit; the editor refuses more than `max` at any time. */
  photos: { min: 5, max: 30 },
  photoId: { max: 100 },
  alt: { max: 150 },
  title: { min: 10, max: 80 },
  description: { min: 80, max: 5_000 },
  /** Nightly rates, IVA included, in centavos: $100 to $100,000 a night, whole pesos. */
  nightlyRate: { min: 100_00, max: 100_000_00 },
  seasons: { max: 20 },
  seasonName: { min: 2, max: 60 },
  /** A season covers at most a year of nights. */
  seasonNights: { max: 366 },
  minNights: { min: 1, max: MAX_STAY_NIGHTS },
  restrictions: { max: 3 },
  restriction: { min: 10, max: 200 },
} as const

/**
 * Check-in and check-out hours are the product's, for every cabin (decisions.md, 'Check-in from 15:00,
 * check-out by 12:00'): the cancellation deadline, mails and calendar file are computed from them.
 * The rules step shows them; a host cannot change them yet.
 */
export const LISTING_CHECK_IN_TIME = CHECK_IN_TIME
export const LISTING_CHECK_OUT_TIME = CHECK_OUT_TIME

/**
 * Features of `accommodationFeatures` that other steps own, so a host answers each question once:
 * the bathroom is private or shared (capacity), pets, smoking and events are house rules (rules).
 * The amenities step offers every other feature of the spec's eight groups.
 */
export const STEP_OWNED_FEATURES = {
  privateBathroom: 'capacity',
  sharedBathroom: 'capacity',
  petsAllowed: 'rules',
  smokingAllowed: 'rules',
  eventsAllowed: 'rules',
} as const satisfies Record<string, ListingStep>

export function isStepOwnedFeature(key: string): key is keyof typeof STEP_OWNED_FEATURES {
  return Object.hasOwn(STEP_OWNED_FEATURES, key)
}

/** The policies a host chooses from: the ones the domain defines (catalog/cancellation-policy.ts). */
export const LISTING_CANCELLATION_POLICIES: readonly CancellationPolicyKey[] = CANCELLATION_POLICIES

export type ListingPhoto = { id: string; alt?: string | undefined }

/** The cover is the first photo: a listing cannot have two covers, or none while it has photos. */
export function coverPhoto<P extends ListingPhoto>(photos: readonly P[]): P | undefined {
  return photos[0]
}

/** Makes a photo the cover by moving it first; the others keep their order. */
export function makeCover<P extends ListingPhoto>(photos: readonly P[], id: string): P[] {
  const chosen = photos.find((photo) => photo.id === id)
  return chosen ? [chosen, ...photos.filter((photo) => photo !== chosen)] : [...photos]
}

/** Moves a photo one place earlier (-1) or later (+1): the editor's keyboard buttons. */
export function movePhoto<P extends ListingPhoto>(photos: readonly P[], id: string, by: -1 | 1): P[] {
  const from = photos.findIndex((photo) => photo.id === id)
  const to = from + by
  if (from < 0 || to < 0 || to >= photos.length) return [...photos]
  const next = [...photos]
  ;[next[from], next[to]] = [
    requireValue(next[to], 'the photo to swap with'),
    requireValue(next[from], 'the photo moved'),
  ]
  return next
}

/** Pesos as typed ('1,250' or '1250.00') to centavos; null when it is not an amount of whole pesos. */
export function pesosToCentavos(typed: string): number | null {
  const match = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.00?)?\s*$/.exec(typed)
  if (!match) return null
  const pesos = Number(requireValue(match[1], 'the pesos typed').replaceAll(',', ''))
  return Number.isSafeInteger(pesos * 100) ? pesos * 100 : null
}
