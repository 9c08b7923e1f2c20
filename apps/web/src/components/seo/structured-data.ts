import { absoluteUrl, publicPaths } from '@cabanas/contracts/routes'
import {
  amenityLabel,
  type Cabin,
  cabinPlace,
  type DestinationPage,
  destinationSlug,
  listAmenities,
} from '@cabanas/domain/catalog'
import type { Centavos } from '@cabanas/domain/shared'

/**
 * Structured data (JSON-LD, schema.org) of the public pages, as plain objects: the web writes them in
 * `<script type="application/ld+json">`. Types and properties are schema.org's, in the shape Google
 * reads for vacation rentals, item lists and breadcrumbs. Every URL is absolute on PUBLIC_URL.
 */

export type JsonLd = { '@context': 'https://schema.org'; '@type': string; [property: string]: unknown }

type Origin = { publicUrl: string }

const SCHEMA = 'https://schema.org' as const

/** Centavos as the decimal text schema.org prices take: 168_000 → '1680.00' (no float rounding). */
export function pesosText(amount: Centavos): string {
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`
}

/** An absolute URL for a path of ours ('/media/…'); a URL that is already absolute stays as it is. */
function urlOf(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : absoluteUrl(publicUrl, pathOrUrl)
}

/**
 * Text for a meta description: whitespace collapsed, at most `max` characters, cut at a word boundary
 * with an ellipsis when it is longer.
 */
export function textExcerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const atWord = cut.lastIndexOf(' ')
  const head = atWord > max / 2 ? cut.slice(0, atWord) : cut
  return `${head.replace(/[\s,;:.–—-]+$/, '')}…`
}

/**
 * A cabin as a `VacationRental` (a LodgingBusiness): where it is, what it holds and what a night costs.
 * The price is the cabin's 'Desde' nightly price (`precioCalculado.precioBaseFinal`), the one its page
 * shows; a cabin with a restriction cannot be booked (quotes answer NOT_AVAILABLE): out of stock.
 */
export function cabinStructuredData(cabin: Cabin, { publicUrl }: Origin): JsonLd {
  const url = absoluteUrl(publicUrl, publicPaths.cabin(cabin._id))
  const { population, state, latitude, longitude } = cabin.location
  const { maxOccupancy, minOccupancy } = cabin.propertyDetails
  const price = pesosText(cabin.precioCalculado.precioBaseFinal)
  return {
    '@context': SCHEMA,
    '@type': 'VacationRental',
    '@id': url,
    name: cabin.propertyDetails.name,
    description: cabin.accomodationDescription,
    url,
    identifier: cabin._id,
    image: cabin.images.map((image) => urlOf(publicUrl, image.url)),
    address: {
      '@type': 'PostalAddress',
      addressLocality: population,
      addressRegion: state,
      addressCountry: 'MX',
    },
    geo: { '@type': 'GeoCoordinates', latitude, longitude },
    latitude,
    longitude,
    containsPlace: {
      '@type': 'Accommodation',
      name: `${cabin.propertyDetails.accomodationType} en ${cabinPlace(cabin.location)}`,
      // Google reads `value` as the most guests; schema.org's range is min–max.
      occupancy: {
        '@type': 'QuantitativeValue',
        value: maxOccupancy,
        minValue: minOccupancy,
        maxValue: maxOccupancy,
      },
      numberOfBedrooms: cabin.additionalInfo.nBedrooms,
      numberOfBathroomsTotal: cabin.additionalInfo.nRestrooms,
      bed: { '@type': 'BedDetails', numberOfBeds: cabin.additionalInfo.nBeds },
      amenityFeature: listAmenities(cabin.accommodationFeatures).map((key) => ({
        '@type': 'LocationFeatureSpecification',
        name: amenityLabel(key),
        value: true,
      })),
    },
    // `offers` is not a property of a Place or an Organization: a business `makesOffer`.
    makesOffer: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'MXN',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'MXN',
        unitCode: 'DAY',
        unitText: 'noche',
      },
      availability: cabin.restrictions.length === 0 ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`,
    },
  }
}

/** A destination's landing page: its cabins, in the order the page lists them. */
export function destinationStructuredData(page: DestinationPage, { publicUrl }: Origin): JsonLd {
  const place = cabinPlace(page.destination)
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    name: `Cabañas en ${place}`,
    url: absoluteUrl(publicUrl, publicPaths.destination(page.destination.slug)),
    numberOfItems: page.cabins.length,
    itemListElement: page.cabins.map((cabin, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: absoluteUrl(publicUrl, publicPaths.cabin(cabin._id)),
      name: cabin.propertyDetails.name,
    })),
  }
}

export type Breadcrumb = { name: string; path: string }

/** The trail from the home page to this one (Inicio → destino → cabaña). */
export function breadcrumbs(items: readonly Breadcrumb[], { publicUrl }: Origin): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(publicUrl, item.path),
    })),
  }
}

const HOME_CRUMB: Breadcrumb = { name: 'Inicio', path: publicPaths.home() }

/** Inicio → 'Mazamitla, Jalisco' (its landing page). */
export function destinationBreadcrumbs(place: { population: string; state: string }): Breadcrumb[] {
  return [
    HOME_CRUMB,
    {
      name: cabinPlace(place),
      path: publicPaths.destination(destinationSlug(place.population, place.state)),
    },
  ]
}

/** Inicio → its destination → the cabin. */
export function cabinBreadcrumbs(cabin: Pick<Cabin, '_id' | 'location' | 'propertyDetails'>): Breadcrumb[] {
  return [
    ...destinationBreadcrumbs(cabin.location),
    { name: cabin.propertyDetails.name, path: publicPaths.cabin(cabin._id) },
  ]
}
