import { type Cabin, type DestinationPage, featuresFromAmenities } from '@cabanas/domain/catalog'
import { describe, expect, it } from 'vitest'
import {
  breadcrumbs,
  cabinBreadcrumbs,
  cabinStructuredData,
  destinationStructuredData,
  pesosText,
  textExcerpt,
} from './structured-data'

const publicUrl = 'https://cabanas.example'

const cabin: Cabin = {
  _id: '0b7e2c1a-4f57-4c2e-9d5b-2f4a0b6c8d10',
  location: { population: 'Valle de Bravo', state: 'Estado de México', latitude: 19.19, longitude: -100.13 },
  propertyDetails: { name: 'Cabaña del Lago', accomodationType: 'Cabaña', minOccupancy: 2, maxOccupancy: 6 },
  accomodationDescription: 'Frente al lago, con chimenea.',
  additionalInfo: { nBedrooms: 3, nBeds: 4, nRestrooms: 2 },
  others: { basePrice2nights: 3_360_00, baseCost: 1_500_00 },
  precioCalculado: { precioBaseFinal: 1_680_05, comisionServicio: 180_00 },
  rates: { weekdayRate: 1_500_00, weekendRate: 1_800_00, minNights: 1 },
  images: [
    { url: '/media/cabins/lago/1.webp', preview: '/media/cabins/lago/1-card.webp', alt: 'Muelle' },
    { url: 'https://fotos.example/2.webp', preview: 'https://fotos.example/2-card.webp', alt: 'Sala' },
  ],
  files: [],
  restrictions: [],
  cancellationPolicy: 'non_refundable',
  accommodationFeatures: featuresFromAmenities(['wifi', 'fireplace', 'lakeView']),
}

describe('pesosText', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1_680_00, '1680.00'],
    [1_680_05, '1680.05'],
    [12_345_678_90, '12345678.90'],
  ])('%i centavos → %s', (amount, text) => {
    expect(pesosText(amount)).toBe(text)
  })
})

describe('cabinStructuredData', () => {
  const data = cabinStructuredData(cabin, { publicUrl })

  it('describes the cabin as a schema.org VacationRental at its absolute address', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VacationRental',
      name: 'Cabaña del Lago',
      description: 'Frente al lago, con chimenea.',
      url: `${publicUrl}/cabin/${cabin._id}`,
      identifier: cabin._id,
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Valle de Bravo',
        addressRegion: 'Estado de México',
        addressCountry: 'MX',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 19.19, longitude: -100.13 },
    })
  })

  it('makes hosted photos absolute and leaves photos hosted elsewhere as they are', () => {
    expect(data.image).toEqual([`${publicUrl}/media/cabins/lago/1.webp`, 'https://fotos.example/2.webp'])
  })

  it('tells occupancy, rooms, beds and the true amenities with their Spanish labels', () => {
    expect(data.containsPlace).toEqual({
      '@type': 'Accommodation',
      name: 'Cabaña en Valle de Bravo, Estado de México',
      occupancy: { '@type': 'QuantitativeValue', value: 6, minValue: 2, maxValue: 6 },
      numberOfBedrooms: 3,
      numberOfBathroomsTotal: 2,
      bed: { '@type': 'BedDetails', numberOfBeds: 4 },
      amenityFeature: [
        { '@type': 'LocationFeatureSpecification', name: 'Wifi', value: true },
        { '@type': 'LocationFeatureSpecification', name: 'Vista al lago', value: true },
        { '@type': 'LocationFeatureSpecification', name: 'Chimenea', value: true },
      ],
    })
  })

  it("offers a night at the 'Desde' price the page shows, in pesos, in MXN", () => {
    expect(data.makesOffer).toMatchObject({
      '@type': 'Offer',
      price: '1680.05',
      priceCurrency: 'MXN',
      priceSpecification: { '@type': 'UnitPriceSpecification', price: '1680.05', unitCode: 'DAY' },
      availability: 'https://schema.org/InStock',
    })
  })

  it('is out of stock when a restriction keeps the cabin from being booked', () => {
    const closed = cabinStructuredData(
      { ...cabin, restrictions: [{ message: 'Cerrada por obras' }] },
      { publicUrl },
    )
    expect(closed.makesOffer).toMatchObject({ availability: 'https://schema.org/OutOfStock' })
  })

  it('survives a JSON round trip unchanged (plain data only)', () => {
    expect(JSON.parse(JSON.stringify(data))).toEqual(data)
  })
})

describe('destinationStructuredData', () => {
  it('lists the cabins of the page in order, each with its absolute URL and name', () => {
    const page = {
      destination: { population: 'Mazamitla', state: 'Jalisco', slug: 'mazamitla-jalisco' },
      cabins: [
        { _id: 'a1', propertyDetails: { name: 'Cabaña Pinos' } },
        { _id: 'b2', propertyDetails: { name: 'Cabaña Roble' } },
      ],
    } as unknown as DestinationPage
    expect(destinationStructuredData(page, { publicUrl: `${publicUrl}/` })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Cabañas en Mazamitla, Jalisco',
      url: `${publicUrl}/destinos/mazamitla-jalisco`,
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: `${publicUrl}/cabin/a1`, name: 'Cabaña Pinos' },
        { '@type': 'ListItem', position: 2, url: `${publicUrl}/cabin/b2`, name: 'Cabaña Roble' },
      ],
    })
  })
})

describe('breadcrumbs', () => {
  it('goes Inicio → destination → cabin with absolute URLs', () => {
    expect(breadcrumbs(cabinBreadcrumbs(cabin), { publicUrl })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${publicUrl}/` },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Valle de Bravo, Estado de México',
          item: `${publicUrl}/destinos/valle-de-bravo-estado-de-mexico`,
        },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Cabaña del Lago',
          item: `${publicUrl}/cabin/${cabin._id}`,
        },
      ],
    })
  })
})

describe('textExcerpt', () => {
  it('keeps a short text whole, with its whitespace collapsed', () => {
    expect(textExcerpt('  Frente al lago,\n\ncon   chimenea. ')).toBe('Frente al lago, con chimenea.')
  })

  it('cuts a long text at a word, within the limit, with an ellipsis', () => {
    const text = 'Cabaña de madera entre pinos, '.repeat(10)
    const excerpt = textExcerpt(text, 160)
    expect(excerpt.length).toBeLessThanOrEqual(160)
    expect(excerpt.endsWith('…')).toBe(true)
    expect(text.startsWith(excerpt.slice(0, -1))).toBe(true)
    expect(excerpt).not.toMatch(/[\s,]…$/)
  })

  it('cuts a text without spaces at the limit', () => {
    expect(textExcerpt('a'.repeat(200), 160)).toBe(`${'a'.repeat(159)}…`)
  })
})
