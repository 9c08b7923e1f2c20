import { describe, expect, it } from 'vitest'
import { AMENITY_LABELS, FEATURE_GROUPS } from '../catalog/amenities.ts'
import { CabinSchema } from '../catalog/cabin.ts'
import { must } from '../must.fixtures.ts'
import { listPricesFor } from '../quotes/pricing.ts'
import { quoteStay } from '../quotes/quote.ts'
import { completeListing } from './listing.fixtures.ts'
import { LISTING_CABIN_COLUMNS, listingToCabin, type PhotoSources } from './listing-cabin.ts'
import { ListingDraftSchema, ListingSchema } from './listing-schemas.ts'

const photoSources: PhotoSources = (id) => ({
  url: `/media/listings/x/${id}.webp`,
  preview: `/media/listings/x/${id}-card.webp`,
})

describe('listingToCabin', () => {
  const listing = ListingSchema.parse(completeListing())
  const { cabin, seasons } = listingToCabin(listing, { photoSources })

  it('produces exactly the cabin row columns the catalogue reads (catalog.queries.ts cabinColumns, without id)', () => {
    expect(Object.keys(cabin)).toEqual([...LISTING_CABIN_COLUMNS])
    expect(LISTING_CABIN_COLUMNS).toEqual([
      'name',
      'accommodationType',
      'description',
      'population',
      'state',
      'latitude',
      'longitude',
      'minOccupancy',
      'maxOccupancy',
      'bedrooms',
      'beds',
      'bathrooms',
      'weekdayRate',
      'weekendRate',
      'minNights',
      'images',
      'restrictions',
      'features',
      'cancellationPolicy',
    ])
  })

  it('writes each step where cards, the cabin page, the quote and the map read it', () => {
    expect(cabin).toMatchObject({
      name: 'Cabaña El Pinar con chimenea',
      accommodationType: 'Cabaña',
      population: 'Mazamitla',
      state: 'Jalisco',
      latitude: 19.915,
      longitude: -103.02,
      minOccupancy: 1,
      maxOccupancy: 6,
      bedrooms: 2,
      beds: 3,
      bathrooms: 2,
      weekdayRate: 1_800_00,
      weekendRate: 2_400_00,
      minNights: 2,
      restrictions: [],
      cancellationPolicy: 'free',
    })
    expect(cabin.images[0]).toEqual({
      url: '/media/listings/x/p1.webp',
      preview: '/media/listings/x/p1-card.webp',
      alt: 'Foto p1',
    })
    expect(seasons).toEqual([
      { name: 'Navidad', startsOn: '2026-12-20', endsOn: '2027-01-03', nightlyRate: 3_000_00 },
    ])
  })

  it('keeps the private address out of the row', () => {
    expect(JSON.stringify(cabin)).not.toContain('Sierra del Tigre 12')
    expect(JSON.stringify(cabin)).not.toContain('49500')
  })

  it('fills every feature of the eight groups, the bathroom and house rules from their own steps', () => {
    for (const group of FEATURE_GROUPS) {
      expect(Object.keys(cabin.features[group]).sort()).toEqual(Object.keys(AMENITY_LABELS[group]).sort())
    }
    expect(cabin.features.generalFeatures).toMatchObject({
      wifi: true,
      heating: false,
      petsAllowed: true,
      smokingAllowed: false,
    })
    expect(cabin.features.livingRoom.fireplace).toBe(true)
    expect(cabin.features.restroomFeatures).toMatchObject({ privateBathroom: true, sharedBathroom: false })
    expect(cabin.features.sport.pool).toBe(false)
  })

  it('gives the shape the API serves (CabinSchema) and a quote the existing rules can price', () => {
    const prices = listPricesFor(cabin)
    const served = {
      _id: '00000000-0000-4000-8000-000000000000',
      location: {
        population: cabin.population,
        state: cabin.state,
        latitude: cabin.latitude,
        longitude: cabin.longitude,
      },
      propertyDetails: {
        name: cabin.name,
        accomodationType: cabin.accommodationType,
        minOccupancy: cabin.minOccupancy,
        maxOccupancy: cabin.maxOccupancy,
      },
      accomodationDescription: cabin.description,
      additionalInfo: { nBedrooms: cabin.bedrooms, nBeds: cabin.beds, nRestrooms: cabin.bathrooms },
      others: { basePrice2nights: prices.basePrice2nights, baseCost: prices.baseCost },
      precioCalculado: { precioBaseFinal: prices.precioBaseFinal, comisionServicio: prices.comisionServicio },
      rates: { weekdayRate: cabin.weekdayRate, weekendRate: cabin.weekendRate, minNights: cabin.minNights },
      images: cabin.images,
      files: [],
      restrictions: cabin.restrictions,
      cancellationPolicy: cabin.cancellationPolicy,
      accommodationFeatures: cabin.features,
    }
    expect(CabinSchema.safeParse(served).success).toBe(true)
    const quote = quoteStay({
      cabin: { ...cabin, seasons },
      checkIn: '2026-12-21',
      checkOut: '2026-12-23',
      guests: 2,
      today: '2026-12-01',
      isBooked: false,
    })
    expect(quote.lodging).toBe(6_000_00) // two season nights
  })

  it('shows the locality when there is one, and describes photos without alt text', () => {
    const holbox = ListingSchema.parse({
      ...completeListing(),
      location: {
        ...completeListing().location,
        stateCode: '23',
        municipalityCode: '23007',
        locality: 'Holbox',
        pin: { latitude: 21.5222, longitude: -87.3789 },
      },
      photos: { photos: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id })) },
      rules: { ...completeListing().rules, restrictions: ['Cerrada por temporada de huracanes'] },
    })
    const row = listingToCabin(holbox, { photoSources }).cabin
    expect(row).toMatchObject({ population: 'Holbox', state: 'Quintana Roo' })
    expect(must(row.images[4], 'row.images[4]').alt).toBe('Cabaña El Pinar con chimenea, foto 5 de 5')
    expect(row.restrictions).toEqual([{ message: 'Cerrada por temporada de huracanes' }])
  })

  it('writes the product name of a state INEGI names otherwise, and orders seasons by date', () => {
    const valle = ListingSchema.parse({
      ...completeListing(),
      location: {
        ...completeListing().location,
        stateCode: '15',
        municipalityCode: '15110',
        pin: { latitude: 19.195, longitude: -100.131 },
      },
      prices: {
        ...completeListing().prices,
        seasons: [
          { name: 'Verano', startsOn: '2027-07-10', endsOn: '2027-08-20', nightlyRate: 2_500_00 },
          { name: 'Semana Santa', startsOn: '2027-03-21', endsOn: '2027-04-04', nightlyRate: 2_800_00 },
        ],
      },
    })
    const { cabin: row, seasons: ordered } = listingToCabin(valle, { photoSources })
    expect(row).toMatchObject({ population: 'Valle de Bravo', state: 'Estado de México' })
    expect(ordered.map((s) => s.name)).toEqual(['Semana Santa', 'Verano'])
  })
})

describe('checks on refused values', () => {
  it('compares seasons whose dates parsed even when another season was refused', () => {
    const result = ListingDraftSchema.safeParse({
      prices: {
        seasons: [
          { name: 'Rota', startsOn: 'mañana', endsOn: '2027-01-03', nightlyRate: 3_000_00 },
          { name: 'Navidad', startsOn: '2026-12-20', endsOn: '2027-01-03', nightlyRate: 3_000_00 },
          { name: 'Fin de año', startsOn: '2026-12-30', endsOn: '2027-01-02', nightlyRate: 3_000_00 },
        ],
      },
    })
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['prices.seasons.0.startsOn', 'La fecha no es válida (usa el formato aaaa-mm-dd)'],
      ['prices.seasons.2.startsOn', 'Esta temporada se cruza con «Navidad»'],
    ])
  })

  it('says only what is wrong with a pin that is not a number', () => {
    const result = ListingDraftSchema.safeParse({
      location: { pin: { latitude: Number.NaN, longitude: Number.POSITIVE_INFINITY } },
    })
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['location.pin.latitude', 'La latitud debe ser un número'],
      ['location.pin.longitude', 'La longitud debe ser un número'],
    ])
  })

  it('does not compare guests that are not numbers', () => {
    const result = ListingDraftSchema.safeParse({ capacity: { minGuests: '8', maxGuests: 3 } })
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'El número de huéspedes mínimo debe ser un número entero',
    ])
  })
})
