import { AMENITY_LABELS, FEATURE_GROUPS, type FeatureGroup } from '../catalog/amenities.ts'
import { CANCELLATION_POLICIES } from '../catalog/cancellation-policy.ts'
import { isCalendarDate, nightsBetween } from '../shared/calendar-date.ts'
import { hasControlCharacters, inputMessages } from '../shared/input-text.ts'
import { formatMxn } from '../shared/money.ts'
import { z } from '../shared/zod.ts'
import {
  ACCOMMODATION_TYPES,
  BATHROOM_PRIVACY,
  isStepOwnedFeature,
  LISTING_LIMITS as L,
  type ListingStep,
  MISSING_STEP_MESSAGES,
  STEP_OWNED_FEATURES,
} from './listing-rules.ts'
import { isInMexicanState, isInMexico } from './mexico-area.ts'
import { findMexicoState } from './mexico-states.ts'
import { findMunicipality } from './municipalities.ts'

/*
 * The listing (a host's cabin) as the editor builds it, one schema per step. Each step exists twice:
 * complete (every field required: what submitting needs) and draft (any field may be missing: what
 * autosave stores). Both check every value that is present with the same rules and messages, never
 * fill in defaults and never drop a field; an unknown field is refused, not silently removed.
 * Messages are Spanish and sit on the field's path, so the form shows each one beside its field.
 */

type Issue = z.core.$ZodRawIssue

/** 'Falta …' when the value is missing, `wrongType` when it is there but of the wrong kind. */
function missingOr(missing: string, wrongType: string) {
  return (issue: Issue) => (issue.input === undefined ? missing : wrongType)
}

/** One-line (or, with `multiline`, text-area) plain text: control characters refused first, then trimmed. */
function text(
  label: string,
  missing: string,
  { min, max }: { min?: number; max: number },
  multiline = false,
) {
  const schema = z
    .string({ error: missingOr(missing, inputMessages.notText(label)) })
    .refine((value) => !hasControlCharacters(value, { multiline }), {
      message: inputMessages.controlCharacters(label),
      abort: true,
    })
    .trim()
    .max(max, `El campo ${label} admite como máximo ${max} caracteres`)
  return min === undefined
    ? schema
    : schema.min(min, `El campo ${label} debe tener al menos ${min} caracteres`)
}

/** A whole number in a JSON body between `min` and `max`; NaN, Infinity, 2.5 and '3' are refused. */
function whole(label: string, missing: string, { min, max }: { min: number; max: number }) {
  const wrong = `El número de ${label} debe ser un número entero`
  return z
    .number({ error: missingOr(missing, wrong) })
    .int(wrong)
    .min(min, `El número de ${label} debe ser al menos ${min}`)
    .max(max, `El número de ${label} no puede ser mayor a ${max}`)
}

function yesNo(missing: string) {
  return z.boolean({ error: missingOr(missing, 'Elige sí o no') })
}

/** A nightly rate in centavos: whole pesos, between the limits. */
function nightlyRate(missing: string) {
  const wrong = 'El precio debe ser un número entero de centavos'
  return z
    .number({ error: missingOr(missing, wrong) })
    .int(wrong)
    .min(L.nightlyRate.min, `El precio por noche debe ser de al menos ${formatMxn(L.nightlyRate.min)}`)
    .max(L.nightlyRate.max, `El precio por noche no puede ser mayor a ${formatMxn(L.nightlyRate.max)}`)
    .refine((value) => value % 100 === 0, 'El precio debe ser en pesos enteros, sin centavos')
}

function calendarDate(missing: string) {
  return z
    .string({ error: missingOr(missing, 'La fecha no es válida (usa el formato aaaa-mm-dd)') })
    .refine(isCalendarDate, 'La fecha no es válida (usa el formato aaaa-mm-dd)')
}

/** A step's object: strict (an unknown field is an error, never dropped) and 'Falta …' when absent. */
function stepObject<S extends z.core.$ZodLooseShape>(step: ListingStep, shape: S) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return `Campo no reconocido: ${issue.keys.join(', ')}`
      return issue.input === undefined ? MISSING_STEP_MESSAGES[step] : 'Los datos de este paso no son válidos'
    },
  })
}

function nested<S extends z.core.$ZodLooseShape>(shape: S, missing: string) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return `Campo no reconocido: ${issue.keys.join(', ')}`
      return issue.input === undefined ? missing : 'Estos datos no son válidos'
    },
  })
}

type Ctx = z.core.$RefinementCtx

function addIssue(ctx: Ctx, path: PropertyKey[], message: string) {
  ctx.addIssue({ code: 'custom', message, path, input: undefined })
}

// ——— 1. Type ———

const typeShape = {
  accommodationType: z.enum(ACCOMMODATION_TYPES, {
    error: missingOr('Elige el tipo de alojamiento', 'Elige un tipo de alojamiento de la lista'),
  }),
}
export const TypeStepSchema = stepObject('type', typeShape)
export const TypeStepDraftSchema = stepObject('type', typeShape).partial()

// ——— 2. Location ———

const addressShape = {
  street: text('calle y número', 'Falta la calle y el número', L.street),
  postalCode: z
    .string({ error: missingOr('Falta el código postal', 'El código postal debe tener 5 dígitos') })
    .regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos'),
  /** How to get there, for the guest once booked (optional). */
  directions: text('indicaciones', 'Faltan las indicaciones', L.directions, true).optional(),
}

const pinSchema = nested(
  {
    latitude: z
      .number({ error: missingOr('Falta la latitud del punto', 'La latitud debe ser un número') })
      .min(-90, 'La latitud debe estar entre -90 y 90')
      .max(90, 'La latitud debe estar entre -90 y 90'),
    longitude: z
      .number({ error: missingOr('Falta la longitud del punto', 'La longitud debe ser un número') })
      .min(-180, 'La longitud debe estar entre -180 y 180')
      .max(180, 'La longitud debe estar entre -180 y 180'),
  },
  'Marca en el mapa dónde está tu alojamiento',
)

const locationShape = {
  /** INEGI state key, '14'. */
  stateCode: z
    .string({ error: missingOr('Elige el estado', 'Elige un estado de la lista') })
    .refine((code) => findMexicoState(code) !== undefined, 'Elige un estado de la lista'),
  /** INEGI municipality key, '14059'. */
  municipalityCode: z
    .string({ error: missingOr('Elige el municipio', 'Elige un municipio de la lista') })
    .refine((code) => findMunicipality(code) !== undefined, 'Elige un municipio de la lista'),
  /**
   * The town guests know, when it is not the municipality's name (Holbox, in Lázaro Cárdenas): cards and
   * destinations show it as the 'población'. Optional.
   */
  locality: text('población', 'Falta la población', L.locality).optional(),
  pin: pinSchema,
  /** Private: shown to the guest only once the stay is booked. */
  address: nested(addressShape, 'Falta la dirección'),
}

function isCoordinate(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
}

type LocationValue = {
  stateCode?: string
  municipalityCode?: string
  pin?: { latitude: number; longitude: number }
}

function checkLocation(value: LocationValue, ctx: Ctx) {
  const { stateCode, municipalityCode, pin } = value
  const state = stateCode === undefined ? undefined : findMexicoState(stateCode)
  const municipality = municipalityCode === undefined ? undefined : findMunicipality(municipalityCode)
  if (state && municipality && municipality.stateCode !== state.code) {
    addIssue(ctx, ['municipalityCode'], `${municipality.name} no es un municipio de ${state.name}`)
  }
  // Only a pin whose coordinates parsed (the checks run even when a field was refused).
  if (!pin || !isCoordinate(pin.latitude, -90, 90) || !isCoordinate(pin.longitude, -180, 180)) return
  if (!isInMexico(pin.latitude, pin.longitude)) {
    addIssue(ctx, ['pin'], 'El punto del mapa está fuera de México. Marca dónde está tu alojamiento.')
  } else if (state && !isInMexicanState(state.code, pin.latitude, pin.longitude)) {
    addIssue(
      ctx,
      ['pin'],
      `El punto del mapa está fuera de ${state.name}. Revisa el estado o mueve el punto.`,
    )
  }
}

export const LocationStepSchema = stepObject('location', locationShape).superRefine(checkLocation)
export const LocationStepDraftSchema = stepObject('location', {
  ...locationShape,
  address: nested(addressShape, 'Falta la dirección').partial(),
})
  .partial()
  .superRefine(checkLocation)

// ——— 3. Capacity ———

const capacityShape = {
  minGuests: whole('huéspedes mínimo', 'Indica el mínimo de huéspedes', L.guests),
  maxGuests: whole('huéspedes máximo', 'Indica el máximo de huéspedes', L.guests),
  bedrooms: whole('recámaras', 'Indica cuántas recámaras hay (0 si es un solo espacio)', L.bedrooms),
  beds: whole('camas', 'Indica cuántas camas hay', L.beds),
  bathrooms: whole('baños', 'Indica cuántos baños hay', L.bathrooms),
  bathroomPrivacy: z.enum(BATHROOM_PRIVACY, {
    error: missingOr('Indica si el baño es privado o compartido', 'Elige baño privado o compartido'),
  }),
}

function checkCapacity(value: { minGuests?: number; maxGuests?: number }, ctx: Ctx) {
  const { minGuests, maxGuests } = value
  if (typeof minGuests === 'number' && typeof maxGuests === 'number' && maxGuests < minGuests) {
    addIssue(ctx, ['maxGuests'], 'El máximo de huéspedes no puede ser menor que el mínimo')
  }
}

export const CapacityStepSchema = stepObject('capacity', capacityShape).superRefine(checkCapacity)
export const CapacityStepDraftSchema = stepObject('capacity', capacityShape)
  .partial()
  .superRefine(checkCapacity)

// ——— 4. Amenities ———

/** Each amenity group's title, as the editor's amenities step and its messages name it. */
export const AMENITY_GROUP_TITLES: Record<FeatureGroup, string> = {
  generalFeatures: 'Generales',
  parking: 'Estacionamiento',
  kitchen: 'Cocina',
  activities: 'Actividades',
  views: 'Vistas',
  livingRoom: 'Sala y exteriores',
  restroomFeatures: 'Baño',
  sport: 'Deportes',
}

function groupSchema(group: FeatureGroup) {
  const keys = AMENITY_LABELS[group] as Record<string, string>
  return z
    .record(z.string(), z.boolean({ error: 'Marca la amenidad como sí o no' }), {
      error: `Las amenidades de ${AMENITY_GROUP_TITLES[group]} no son válidas`,
    })
    .superRefine((features, ctx) => {
      for (const key of Object.keys(features)) {
        if (isStepOwnedFeature(key)) {
          const owner = STEP_OWNED_FEATURES[key] === 'capacity' ? 'Capacidad' : 'Reglas'
          addIssue(ctx, [key], `«${keys[key] ?? key}» se indica en el paso ${owner}`)
        } else if (!Object.hasOwn(keys, key)) {
          addIssue(ctx, [key], `«${key}» no es una amenidad de ${AMENITY_GROUP_TITLES[group]}`)
        }
      }
    })
}

const amenitiesShape = Object.fromEntries(
  FEATURE_GROUPS.map((group) => [group, groupSchema(group).optional()]),
) as { [G in FeatureGroup]: z.ZodOptional<ReturnType<typeof groupSchema>> }

export const AmenitiesStepDraftSchema = stepObject('amenities', amenitiesShape)
export const AmenitiesStepSchema = stepObject('amenities', amenitiesShape).superRefine((groups, ctx) => {
  const any = FEATURE_GROUPS.some((group) => Object.values(groups[group] ?? {}).some(Boolean))
  if (!any) addIssue(ctx, [], 'Elige al menos una amenidad')
})

// ——— 5. Photos ———

const photoSchema = nested(
  {
    /** The stored photo's id (the upload answers it). */
    id: z
      .string({ error: missingOr('Falta el identificador de la foto', 'La foto no es válida') })
      .regex(/^[A-Za-z0-9_-]+$/, 'La foto no es válida')
      .max(L.photoId.max, 'La foto no es válida'),
    /** What the photo shows, for screen readers; the cabin's name and the photo's number when absent. */
    alt: text('descripción de la foto', 'Falta la descripción de la foto', L.alt).optional(),
  },
  'Falta la foto',
)

function photosList() {
  return z
    .array(photoSchema, { error: missingOr('Sube las fotos de tu alojamiento', 'Las fotos no son válidas') })
    .max(L.photos.max, `Puedes subir como máximo ${L.photos.max} fotos`)
    .superRefine((photos, ctx) => {
      const seen = new Set<string>()
      photos.forEach((photo, index) => {
        if (seen.has(photo.id)) addIssue(ctx, [index, 'id'], 'Esta foto está repetida')
        seen.add(photo.id)
      })
    })
}

/** The photos in the order guests see them; the first is the cover (see coverPhoto). */
export const PhotosStepDraftSchema = stepObject('photos', { photos: photosList() }).partial()
export const PhotosStepSchema = stepObject('photos', {
  photos: photosList().min(L.photos.min, `Sube al menos ${L.photos.min} fotos para publicar tu alojamiento`),
})

// ——— 6. Title and description ———

const descriptionShape = {
  title: text('título', 'Falta el título', L.title),
  description: text('descripción', 'Falta la descripción', L.description, true),
}
export const DescriptionStepSchema = stepObject('description', descriptionShape)
export const DescriptionStepDraftSchema = stepObject('description', descriptionShape).partial()

// ——— 7. Prices ———

const seasonSchema = nested(
  {
    name: text('nombre de la temporada', 'Falta el nombre de la temporada', L.seasonName),
    /** First night of the season. */
    startsOn: calendarDate('Falta la fecha de inicio de la temporada'),
    /** The day after its last night (exclusive), as in cabin_seasons. */
    endsOn: calendarDate('Falta la fecha de fin de la temporada'),
    nightlyRate: nightlyRate('Falta el precio por noche de la temporada'),
  },
  'Falta la temporada',
)

type SeasonValue = { name: string; startsOn: string; endsOn: string }

/** Whether a season's dates parsed (zod runs an array's checks even when an element was refused). */
function hasDates(season: SeasonValue): boolean {
  return (
    typeof season?.startsOn === 'string' &&
    typeof season.endsOn === 'string' &&
    isCalendarDate(season.startsOn) &&
    isCalendarDate(season.endsOn)
  )
}

function checkSeasons(all: SeasonValue[], ctx: Ctx) {
  const seasons = all.map((season) => (hasDates(season) ? season : null))
  seasons.forEach((season, index) => {
    if (!season) return
    const nights = nightsBetween(season.startsOn, season.endsOn)
    if (nights < 1) {
      addIssue(ctx, [index, 'endsOn'], 'La temporada debe terminar después de su inicio')
    } else if (nights > L.seasonNights.max) {
      addIssue(ctx, [index, 'endsOn'], `Una temporada puede durar como máximo ${L.seasonNights.max} noches`)
    }
  })
  seasons.forEach((season, index) => {
    if (!season) return
    const other = seasons.find(
      (candidate, j) =>
        candidate !== null &&
        j < index &&
        candidate.startsOn < candidate.endsOn &&
        candidate.startsOn < season.endsOn &&
        season.startsOn < candidate.endsOn,
    )
    if (other && season.startsOn < season.endsOn) {
      addIssue(ctx, [index, 'startsOn'], `Esta temporada se cruza con «${other.name}»`)
    }
  })
}

const pricesShape = {
  /** Sunday–Thursday nights, IVA included, in centavos. */
  weekdayRate: nightlyRate('Falta el precio por noche entre semana'),
  /** Friday and Saturday nights, IVA included, in centavos. */
  weekendRate: nightlyRate('Falta el precio por noche de fin de semana'),
  /** Dates with their own nightly rate; optional. */
  seasons: z
    .array(seasonSchema, { error: 'Las temporadas no son válidas' })
    .max(L.seasons.max, `Puedes tener como máximo ${L.seasons.max} temporadas`)
    .superRefine(checkSeasons)
    .optional(),
}
export const PricesStepSchema = stepObject('prices', pricesShape)
export const PricesStepDraftSchema = stepObject('prices', pricesShape).partial()

// ——— 8. Rules ———

const rulesShape = {
  minNights: whole('noches mínimas', 'Indica la estancia mínima en noches', L.minNights),
  petsAllowed: yesNo('Indica si se admiten mascotas'),
  smokingAllowed: yesNo('Indica si se permite fumar'),
  eventsAllowed: yesNo('Indica si se permiten eventos'),
  /**
   * While present, the cabin cannot be booked: cards say 'No disponible' with the first one, and the
   * quote refuses with it (e.g. 'Cerrada por mantenimiento hasta marzo'). Optional.
   */
  restrictions: z
    .array(text('aviso', 'Falta el aviso', L.restriction), { error: 'Los avisos no son válidos' })
    .max(L.restrictions.max, `Puedes tener como máximo ${L.restrictions.max} avisos`)
    .optional(),
}
export const RulesStepSchema = stepObject('rules', rulesShape)
export const RulesStepDraftSchema = stepObject('rules', rulesShape).partial()

// ——— 9. Cancellation policy ———

const cancellationShape = {
  policy: z.enum(CANCELLATION_POLICIES, {
    error: missingOr('Elige una política de cancelación', 'Elige una política de cancelación de la lista'),
  }),
}
export const CancellationStepSchema = stepObject('cancellation', cancellationShape)
export const CancellationStepDraftSchema = stepObject('cancellation', cancellationShape).partial()

// ——— The listing ———

/** Each step's schemas, by step: complete (to submit) and draft (to autosave). */
export const LISTING_STEP_SCHEMAS = {
  type: { complete: TypeStepSchema, draft: TypeStepDraftSchema },
  location: { complete: LocationStepSchema, draft: LocationStepDraftSchema },
  capacity: { complete: CapacityStepSchema, draft: CapacityStepDraftSchema },
  amenities: { complete: AmenitiesStepSchema, draft: AmenitiesStepDraftSchema },
  photos: { complete: PhotosStepSchema, draft: PhotosStepDraftSchema },
  description: { complete: DescriptionStepSchema, draft: DescriptionStepDraftSchema },
  prices: { complete: PricesStepSchema, draft: PricesStepDraftSchema },
  rules: { complete: RulesStepSchema, draft: RulesStepDraftSchema },
  cancellation: { complete: CancellationStepSchema, draft: CancellationStepDraftSchema },
} as const

const listingError = (issue: Issue) =>
  issue.code === 'unrecognized_keys'
    ? `Paso no reconocido: ${issue.keys.join(', ')}`
    : 'El borrador debe ser un objeto con los pasos del anuncio'

/** A complete listing: every step, every required field. What submitting needs. */
export const ListingSchema = z.strictObject(
  {
    type: TypeStepSchema,
    location: LocationStepSchema,
    capacity: CapacityStepSchema,
    amenities: AmenitiesStepSchema,
    photos: PhotosStepSchema,
    description: DescriptionStepSchema,
    prices: PricesStepSchema,
    rules: RulesStepSchema,
    cancellation: CancellationStepSchema,
  },
  { error: listingError },
)
export type Listing = z.infer<typeof ListingSchema>

/** A draft: any step, any field may be missing; what is present is checked as in ListingSchema. */
export const ListingDraftSchema = z.strictObject(
  {
    type: TypeStepDraftSchema.optional(),
    location: LocationStepDraftSchema.optional(),
    capacity: CapacityStepDraftSchema.optional(),
    amenities: AmenitiesStepDraftSchema.optional(),
    photos: PhotosStepDraftSchema.optional(),
    description: DescriptionStepDraftSchema.optional(),
    prices: PricesStepDraftSchema.optional(),
    rules: RulesStepDraftSchema.optional(),
    cancellation: CancellationStepDraftSchema.optional(),
  },
  { error: listingError },
)
export type ListingDraft = z.infer<typeof ListingDraftSchema>
