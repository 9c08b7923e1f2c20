import { describe, expect, it } from 'vitest'
import { must } from '../must.fixtures.ts'
import { completeListing } from './listing.fixtures.ts'
import { reviewListing } from './listing-review.ts'
import { coverPhoto, LISTING_LIMITS, makeCover, movePhoto, pesosToCentavos } from './listing-rules.ts'
import { type ListingDraft, ListingDraftSchema, ListingSchema } from './listing-schemas.ts'

type Listingish = ReturnType<typeof completeListing>

/** The listing with one value replaced at a path ('capacity.maxGuests'); undefined removes it. */
function withValue(path: string, value: unknown): Listingish {
  const listing = structuredClone(completeListing()) as Record<string, unknown>
  const keys = path.split('.')
  let target = listing as Record<string, unknown>
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>
  if (value === undefined) delete target[must(keys.at(-1), 'keys.at(-1)')]
  else target[must(keys.at(-1), 'keys.at(-1)')] = value
  return listing as Listingish
}

function issuesOf(result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) {
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
}

describe('ListingSchema', () => {
  it('accepts a complete listing and returns it unchanged', () => {
    const result = ListingSchema.safeParse(completeListing())
    expect(issuesOf(result)).toEqual([])
    expect(result.data).toEqual(completeListing())
  })

  it.each([
    // Type
    ['type.accommodationType', undefined, 'type.accommodationType', 'Elige el tipo de alojamiento'],
    [
      'type.accommodationType',
      'Castillo',
      'type.accommodationType',
      'Elige un tipo de alojamiento de la lista',
    ],
    // Location
    ['location.stateCode', undefined, 'location.stateCode', 'Elige el estado'],
    ['location.stateCode', '33', 'location.stateCode', 'Elige un estado de la lista'],
    ['location.municipalityCode', undefined, 'location.municipalityCode', 'Elige el municipio'],
    ['location.municipalityCode', '14999', 'location.municipalityCode', 'Elige un municipio de la lista'],
    ['location.municipalityCode', 'Mazamitla', 'location.municipalityCode', 'Elige un municipio de la lista'],
    [
      'location.municipalityCode',
      '23009',
      'location.municipalityCode',
      'Tulum no es un municipio de Jalisco',
    ],
    ['location.pin', undefined, 'location.pin', 'Marca en el mapa dónde está tu alojamiento'],
    ['location.pin', { latitude: 19.9 }, 'location.pin.longitude', 'Falta la longitud del punto'],
    [
      'location.pin',
      { latitude: Number.NaN, longitude: -103 },
      'location.pin.latitude',
      'La latitud debe ser un número',
    ],
    [
      'location.pin',
      { latitude: 91, longitude: -103 },
      'location.pin.latitude',
      'La latitud debe estar entre -90 y 90',
    ],
    [
      'location.pin',
      { latitude: 29.76, longitude: -95.37 }, // Houston
      'location.pin',
      'El punto del mapa está fuera de México. Marca dónde está tu alojamiento.',
    ],
    [
      'location.pin',
      { latitude: -103.02, longitude: 19.915 }, // latitude and longitude swapped
      'location.pin.latitude',
      'La latitud debe estar entre -90 y 90',
    ],
    [
      'location.pin',
      { latitude: 20.211, longitude: -87.465 }, // Tulum, Quintana Roo
      'location.pin',
      'El punto del mapa está fuera de Jalisco. Revisa el estado o mueve el punto.',
    ],
    ['location.address', undefined, 'location.address', 'Falta la dirección'],
    ['location.address.street', undefined, 'location.address.street', 'Falta la calle y el número'],
    [
      'location.address.street',
      'Calle\u0000 5',
      'location.address.street',
      'El campo calle y número contiene caracteres no permitidos',
    ],
    [
      'location.address.postalCode',
      '4950',
      'location.address.postalCode',
      'El código postal debe tener 5 dígitos',
    ],
    [
      'location.address.postalCode',
      49500,
      'location.address.postalCode',
      'El código postal debe tener 5 dígitos',
    ],
    ['location.locality', 'X', 'location.locality', 'El campo población debe tener al menos 2 caracteres'],
    // Capacity
    ['capacity.minGuests', undefined, 'capacity.minGuests', 'Indica el mínimo de huéspedes'],
    ['capacity.minGuests', 0, 'capacity.minGuests', 'El número de huéspedes mínimo debe ser al menos 1'],
    ['capacity.maxGuests', 51, 'capacity.maxGuests', 'El número de huéspedes máximo no puede ser mayor a 50'],
    [
      'capacity.maxGuests',
      '6',
      'capacity.maxGuests',
      'El número de huéspedes máximo debe ser un número entero',
    ],
    [
      'capacity.maxGuests',
      2.5,
      'capacity.maxGuests',
      'El número de huéspedes máximo debe ser un número entero',
    ],
    ['capacity.bedrooms', -1, 'capacity.bedrooms', 'El número de recámaras debe ser al menos 0'],
    ['capacity.beds', 0, 'capacity.beds', 'El número de camas debe ser al menos 1'],
    [
      'capacity.bathrooms',
      Number.POSITIVE_INFINITY,
      'capacity.bathrooms',
      'El número de baños debe ser un número entero',
    ],
    [
      'capacity.bathroomPrivacy',
      undefined,
      'capacity.bathroomPrivacy',
      'Indica si el baño es privado o compartido',
    ],
    ['capacity.bathroomPrivacy', 'ninguno', 'capacity.bathroomPrivacy', 'Elige baño privado o compartido'],
    [
      'capacity.minGuests',
      8,
      'capacity.maxGuests',
      'El máximo de huéspedes no puede ser menor que el mínimo',
    ],
    // Amenities
    ['amenities', {}, 'amenities', 'Elige al menos una amenidad'],
    ['amenities', { generalFeatures: { wifi: false } }, 'amenities', 'Elige al menos una amenidad'],
    [
      'amenities.kitchen',
      { jacuzzi: true },
      'amenities.kitchen.jacuzzi',
      '«jacuzzi» no es una amenidad de Cocina',
    ],
    [
      'amenities.generalFeatures',
      { petsAllowed: true },
      'amenities.generalFeatures.petsAllowed',
      '«Se admiten mascotas» se indica en el paso Reglas',
    ],
    [
      'amenities.restroomFeatures',
      { privateBathroom: true },
      'amenities.restroomFeatures.privateBathroom',
      '«Baño privado» se indica en el paso Capacidad',
    ],
    ['amenities.views', { lakeView: 'sí' }, 'amenities.views.lakeView', 'Marca la amenidad como sí o no'],
    ['amenities.pool', { pool: true }, 'amenities', 'Campo no reconocido: pool'],
    // Photos
    ['photos.photos', undefined, 'photos.photos', 'Sube las fotos de tu alojamiento'],
    ['photos.photos', [{ id: 'a' }], 'photos.photos', 'Sube al menos 5 fotos para publicar tu alojamiento'],
    [
      'photos.photos',
      Array.from({ length: 31 }, (_, i) => ({ id: `p${i}` })),
      'photos.photos',
      'Puedes subir como máximo 30 fotos',
    ],
    [
      'photos.photos',
      ['a', 'b', 'c', 'd', 'a'].map((id) => ({ id })),
      'photos.photos.4.id',
      'Esta foto está repetida',
    ],
    [
      'photos.photos',
      ['a', 'b', 'c', 'd', '../e'].map((id) => ({ id })),
      'photos.photos.4.id',
      'La foto no es válida',
    ],
    [
      'photos.photos',
      ['a', 'b', 'c', 'd'].map((id) => ({ id })).concat({ id: 'e', alt: 'x'.repeat(151) } as { id: string }),
      'photos.photos.4.alt',
      'El campo descripción de la foto admite como máximo 150 caracteres',
    ],
    // Title and description
    ['description.title', undefined, 'description.title', 'Falta el título'],
    ['description.title', 'Cabaña', 'description.title', 'El campo título debe tener al menos 10 caracteres'],
    [
      'description.title',
      '          Cabaña         ',
      'description.title',
      'El campo título debe tener al menos 10 caracteres',
    ],
    [
      'description.title',
      'x'.repeat(81),
      'description.title',
      'El campo título admite como máximo 80 caracteres',
    ],
    [
      'description.title',
      'Cabaña\nEl Pinar con chimenea',
      'description.title',
      'El campo título contiene caracteres no permitidos',
    ],
    [
      'description.title',
      'Cabaña \u001b[31mEl Pinar',
      'description.title',
      'El campo título contiene caracteres no permitidos',
    ],
    [
      'description.title',
      'Cabaña \ud800 El Pinar',
      'description.title',
      'El campo título contiene caracteres no permitidos',
    ],
    ['description.title', 42, 'description.title', 'El campo título debe ser texto'],
    [
      'description.description',
      'Muy bonita.',
      'description.description',
      'El campo descripción debe tener al menos 80 caracteres',
    ],
    [
      'description.description',
      'x'.repeat(1_000_000),
      'description.description',
      'El campo descripción admite como máximo 5000 caracteres',
    ],
    [
      'description.description',
      `${'x'.repeat(90)}\u0000`,
      'description.description',
      'El campo descripción contiene caracteres no permitidos',
    ],
    // Prices
    ['prices.weekdayRate', undefined, 'prices.weekdayRate', 'Falta el precio por noche entre semana'],
    ['prices.weekendRate', undefined, 'prices.weekendRate', 'Falta el precio por noche de fin de semana'],
    ['prices.weekdayRate', 0, 'prices.weekdayRate', 'El precio por noche debe ser de al menos $100'],
    ['prices.weekdayRate', -1_800_00, 'prices.weekdayRate', 'El precio por noche debe ser de al menos $100'],
    [
      'prices.weekdayRate',
      10_000_000_00,
      'prices.weekdayRate',
      'El precio por noche no puede ser mayor a $100,000',
    ],
    ['prices.weekdayRate', 1e308, 'prices.weekdayRate', 'El precio por noche no puede ser mayor a $100,000'],
    [
      'prices.weekdayRate',
      Number.NaN,
      'prices.weekdayRate',
      'El precio debe ser un número entero de centavos',
    ],
    ['prices.weekdayRate', 1_800.5, 'prices.weekdayRate', 'El precio debe ser un número entero de centavos'],
    [
      'prices.weekdayRate',
      1_800_50,
      'prices.weekdayRate',
      'El precio debe ser en pesos enteros, sin centavos',
    ],
    ['prices.weekdayRate', '1800', 'prices.weekdayRate', 'El precio debe ser un número entero de centavos'],
    [
      'prices.seasons',
      [{ name: 'Navidad', startsOn: '2026-12-20', endsOn: '2026-12-20', nightlyRate: 3_000_00 }],
      'prices.seasons.0.endsOn',
      'La temporada debe terminar después de su inicio',
    ],
    [
      'prices.seasons',
      [{ name: 'Año', startsOn: '2026-01-01', endsOn: '2027-01-03', nightlyRate: 3_000_00 }],
      'prices.seasons.0.endsOn',
      'Una temporada puede durar como máximo 366 noches',
    ],
    [
      'prices.seasons',
      [{ name: 'Navidad', startsOn: '2026-02-30', endsOn: '2026-03-03', nightlyRate: 3_000_00 }],
      'prices.seasons.0.startsOn',
      'La fecha no es válida (usa el formato aaaa-mm-dd)',
    ],
    [
      'prices.seasons',
      [
        { name: 'Navidad', startsOn: '2026-12-20', endsOn: '2027-01-03', nightlyRate: 3_000_00 },
        { name: 'Año Nuevo', startsOn: '2027-01-02', endsOn: '2027-01-05', nightlyRate: 3_500_00 },
      ],
      'prices.seasons.1.startsOn',
      'Esta temporada se cruza con «Navidad»',
    ],
    [
      'prices.seasons',
      [{ name: 'Navidad', startsOn: '2026-12-20', endsOn: '2027-01-03' }],
      'prices.seasons.0.nightlyRate',
      'Falta el precio por noche de la temporada',
    ],
    [
      'prices.seasons',
      Array.from({ length: 21 }, (_, i) => ({
        name: `Temporada ${i}`,
        startsOn: `2027-${String((i % 12) + 1).padStart(2, '0')}-01`,
        endsOn: `2027-${String((i % 12) + 1).padStart(2, '0')}-02`,
        nightlyRate: 3_000_00,
      })).slice(0, 21),
      'prices.seasons',
      'Puedes tener como máximo 20 temporadas',
    ],
    ['prices.cleaningFee', 500_00, 'prices', 'Campo no reconocido: cleaningFee'],
    // Rules
    ['rules.minNights', undefined, 'rules.minNights', 'Indica la estancia mínima en noches'],
    ['rules.minNights', 0, 'rules.minNights', 'El número de noches mínimas debe ser al menos 1'],
    ['rules.minNights', 91, 'rules.minNights', 'El número de noches mínimas no puede ser mayor a 90'],
    ['rules.petsAllowed', undefined, 'rules.petsAllowed', 'Indica si se admiten mascotas'],
    ['rules.petsAllowed', 'true', 'rules.petsAllowed', 'Elige sí o no'],
    [
      'rules.restrictions',
      ['Cerrada'],
      'rules.restrictions.0',
      'El campo aviso debe tener al menos 10 caracteres',
    ],
    [
      'rules.restrictions',
      ['Cerrada por\u0007 obras'],
      'rules.restrictions.0',
      'El campo aviso contiene caracteres no permitidos',
    ],
    [
      'rules.restrictions',
      Array.from({ length: 4 }, () => 'Cerrada por mantenimiento'),
      'rules.restrictions',
      'Puedes tener como máximo 3 avisos',
    ],
    ['rules.checkInTime', '16:00', 'rules', 'Campo no reconocido: checkInTime'],
    // Cancellation
    ['cancellation.policy', undefined, 'cancellation.policy', 'Elige una política de cancelación'],
    ['cancellation.policy', 'strict', 'cancellation.policy', 'Elige una política de cancelación de la lista'],
  ])('refuses %s = %j with a message on %s', (path, value, issuePath, message) => {
    const result = ListingSchema.safeParse(withValue(path, value))
    expect(issuesOf(result)).toContainEqual({ path: issuePath, message })
    // The draft refuses the same present values with the same words (a missing one is fine there).
    if (value !== undefined && !/al menos 5 fotos|Elige al menos una amenidad/.test(message)) {
      expect(issuesOf(ListingDraftSchema.safeParse(withValue(path, value)))).toContainEqual({
        path: issuePath,
        message,
      })
    }
  })

  it('accepts tabs and new lines in the description, and trims the title', () => {
    const listing = withValue('description.title', '  Cabaña El Pinar con chimenea  ')
    listing.description.description = `Primera línea\tcon tabulador.\n${'x'.repeat(80)}`
    const result = ListingSchema.parse(listing)
    expect(result.description.title).toBe('Cabaña El Pinar con chimenea')
    expect(result.description.description).toContain('\n')
  })

  it('accepts a pin on an island and by the coast of the chosen state', () => {
    const holbox = {
      ...completeListing().location,
      stateCode: '23',
      municipalityCode: '23007',
      locality: 'Holbox',
      pin: { latitude: 21.5222, longitude: -87.3789 },
    }
    expect(issuesOf(ListingSchema.safeParse({ ...completeListing(), location: holbox }))).toEqual([])
  })

  it('offers only the policies the domain defines', () => {
    expect(ListingSchema.safeParse(withValue('cancellation.policy', 'non_refundable')).success).toBe(true)
    expect(ListingSchema.safeParse(withValue('cancellation.policy', 'free')).success).toBe(true)
  })
})

describe('ListingDraftSchema', () => {
  it('accepts an empty draft', () => {
    expect(ListingDraftSchema.parse({})).toEqual({})
  })

  it.each<[string, ListingDraft]>([
    ['one step', { type: { accommodationType: 'Domo' } }],
    ['a half-filled capacity', { capacity: { maxGuests: 4 } }],
    ['a location without pin or address', { location: { stateCode: '15' } }],
    ['an address with only the street', { location: { address: { street: 'Av. Juárez 10' } } }],
    ['a pin before the state', { location: { pin: { latitude: 19.195, longitude: -100.13 } } }],
    ['two photos of the five', { photos: { photos: [{ id: 'a' }, { id: 'b', alt: 'Terraza' }] } }],
    ['one price', { prices: { weekendRate: 2_000_00 } }],
    ['a title without description', { description: { title: 'Domo bajo las estrellas' } }],
    ['empty amenity groups', { amenities: { kitchen: {} } }],
    ['rules with pets only', { rules: { petsAllowed: false } }],
    ['every step complete', completeListing() as ListingDraft],
  ])('keeps %s exactly as it was sent', (_, draft) => {
    const result = ListingDraftSchema.safeParse(structuredClone(draft))
    expect(issuesOf(result)).toEqual([])
    expect(result.data).toEqual(draft)
  })

  it('checks what is present and says where, without needing the rest', () => {
    const result = ListingDraftSchema.safeParse({
      capacity: { minGuests: 5, maxGuests: 3 },
      description: { title: 'Cabaña\u0000' },
      location: { stateCode: '14', municipalityCode: '99999' },
    })
    expect(issuesOf(result)).toEqual([
      { path: 'location.municipalityCode', message: 'Elige un municipio de la lista' },
      { path: 'capacity.maxGuests', message: 'El máximo de huéspedes no puede ser menor que el mínimo' },
      { path: 'description.title', message: 'El campo título contiene caracteres no permitidos' },
    ])
  })

  it('refuses an unknown step or field instead of dropping it', () => {
    expect(issuesOf(ListingDraftSchema.safeParse({ extras: { jacuzzi: true } }))).toEqual([
      { path: '', message: 'Paso no reconocido: extras' },
    ])
    expect(issuesOf(ListingDraftSchema.safeParse({ capacity: { guests: 4 } }))).toEqual([
      { path: 'capacity', message: 'Campo no reconocido: guests' },
    ])
  })

  it.each([null, [], 'borrador', 42])('refuses a draft that is not an object (%j)', (draft) => {
    expect(issuesOf(ListingDraftSchema.safeParse(draft))).toEqual([
      { path: '', message: 'El borrador debe ser un objeto con los pasos del anuncio' },
    ])
  })

  it('refuses more than 30 photos even in a draft', () => {
    const photos = Array.from({ length: LISTING_LIMITS.photos.max + 1 }, (_, i) => ({ id: `p${i}` }))
    expect(issuesOf(ListingDraftSchema.safeParse({ photos: { photos } }))).toEqual([
      { path: 'photos.photos', message: 'Puedes subir como máximo 30 fotos' },
    ])
  })

  it('refuses a pin out of Mexico in a draft too', () => {
    expect(
      issuesOf(ListingDraftSchema.safeParse({ location: { pin: { latitude: 0, longitude: 0 } } })),
    ).toEqual([
      {
        path: 'location.pin',
        message: 'El punto del mapa está fuera de México. Marca dónde está tu alojamiento.',
      },
    ])
  })
})

describe('reviewListing', () => {
  it('lists every step as missing for an empty draft, in the editor order', () => {
    const review = reviewListing({})
    expect(review.ok).toBe(false)
    if (review.ok) return
    expect(review.missingSteps).toEqual([
      'type',
      'location',
      'capacity',
      'amenities',
      'photos',
      'description',
      'prices',
      'rules',
      'cancellation',
    ])
    expect(review.steps.find((step) => step.step === 'location')).toEqual({
      step: 'location',
      title: 'Ubicación',
      status: 'missing',
      issues: [{ path: [], message: 'Falta la ubicación' }],
    })
  })

  it('tells complete, missing and invalid steps apart, with field paths', () => {
    const draft: Record<string, unknown> = completeListing()
    delete draft.location
    delete draft.cancellation
    draft.photos = { photos: [{ id: 'a' }, { id: 'b' }] }
    draft.capacity = { minGuests: 2 }
    const review = reviewListing(draft)
    expect(review.ok).toBe(false)
    if (review.ok) return
    expect(review.missingSteps).toEqual(['location', 'cancellation'])
    const byStep = Object.fromEntries(review.steps.map((step) => [step.step, step]))
    expect(must(byStep.type, 'byStep.type').status).toBe('complete')
    expect(byStep.photos).toMatchObject({
      status: 'invalid',
      issues: [{ path: ['photos'], message: 'Sube al menos 5 fotos para publicar tu alojamiento' }],
    })
    expect(must(byStep.capacity, 'byStep.capacity').issues).toEqual([
      { path: ['maxGuests'], message: 'Indica el máximo de huéspedes' },
      { path: ['bedrooms'], message: 'Indica cuántas recámaras hay (0 si es un solo espacio)' },
      { path: ['beds'], message: 'Indica cuántas camas hay' },
      { path: ['bathrooms'], message: 'Indica cuántos baños hay' },
      { path: ['bathroomPrivacy'], message: 'Indica si el baño es privado o compartido' },
    ])
  })

  it('returns the listing when it can be submitted', () => {
    const review = reviewListing(completeListing())
    expect(review.ok).toBe(true)
    if (review.ok) expect(review.listing).toEqual(completeListing())
    expect(review.steps.every((step) => step.status === 'complete')).toBe(true)
  })

  it('reports a draft that is not an object without crashing', () => {
    const review = reviewListing('hola')
    expect(review.ok).toBe(false)
    if (!review.ok) {
      expect(review.general).toEqual(['El borrador debe ser un objeto con los pasos del anuncio'])
      expect(review.missingSteps).toHaveLength(9)
    }
  })
})

describe('photo order', () => {
  const photos = ['a', 'b', 'c'].map((id) => ({ id }))

  it('makes the first photo the cover, and moves a photo first to make it the cover', () => {
    expect(coverPhoto(photos)?.id).toBe('a')
    expect(makeCover(photos, 'c').map((p) => p.id)).toEqual(['c', 'a', 'b'])
    expect(makeCover(photos, 'zz').map((p) => p.id)).toEqual(['a', 'b', 'c'])
    expect(coverPhoto([])).toBeUndefined()
  })

  it('moves a photo one place with the keyboard buttons, never past the ends', () => {
    expect(movePhoto(photos, 'b', -1).map((p) => p.id)).toEqual(['b', 'a', 'c'])
    expect(movePhoto(photos, 'b', 1).map((p) => p.id)).toEqual(['a', 'c', 'b'])
    expect(movePhoto(photos, 'a', -1).map((p) => p.id)).toEqual(['a', 'b', 'c'])
    expect(movePhoto(photos, 'c', 1).map((p) => p.id)).toEqual(['a', 'b', 'c'])
  })
})

describe('pesosToCentavos', () => {
  it.each([
    ['1800', 1_800_00],
    ['1,800', 1_800_00],
    ['$ 1,800.00', 1_800_00],
    ['100000', 100_000_00],
  ])('reads %j as %i centavos', (typed, expected) => {
    expect(pesosToCentavos(typed)).toBe(expected)
  })

  it.each(['', 'mil', '1800.50', '-100', '1,80', '1e5', 'NaN', '9'.repeat(400)])('refuses %j', (typed) => {
    expect(pesosToCentavos(typed)).toBeNull()
  })
})
