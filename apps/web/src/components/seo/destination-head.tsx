import { publicPaths } from '@cabanas/contracts/routes'
import { cabinPlace, type DestinationPage } from '@cabanas/domain/catalog'
import { formatMxn } from '@cabanas/domain/shared'
import { pluralize } from '../../lib/plural'
import { cabinOgImage, PageHead, siteOrigin } from './page-head'
import {
  breadcrumbs,
  destinationBreadcrumbs,
  destinationStructuredData,
  textExcerpt,
} from './structured-data'

/**
 * A destination's landing page head: 'Cabañas en {place}', its count and 'Desde' price, the first
 * cabin's photo as the link preview, and its breadcrumbs and ItemList of cabins as JSON-LD.
 */
export function DestinationHead({ page }: { page: DestinationPage }) {
  const { destination, cabins } = page
  const place = cabinPlace(destination)
  const from = destination.fromPrice === null ? '' : `, desde ${formatMxn(destination.fromPrice)} por noche`
  const origin = siteOrigin()
  return (
    <PageHead
      title={`Cabañas en ${place} — Cabañas MX`}
      description={textExcerpt(
        `${pluralize(destination.count, 'cabaña', 'cabañas')} en ${place}${from}. Fotos, amenidades y precios en pesos; reserva en línea en Cabañas MX.`,
      )}
      path={publicPaths.destination(destination.slug)}
      image={cabinOgImage(cabins[0]?.images ?? [])}
      imageAlt={cabins[0]?.images[0]?.alt}
      jsonLd={[
        breadcrumbs(destinationBreadcrumbs(destination), origin),
        destinationStructuredData(page, origin),
      ]}
    />
  )
}
