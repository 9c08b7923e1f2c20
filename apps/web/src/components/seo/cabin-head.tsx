import { publicPaths } from '@cabanas/contracts/routes'
import { type Cabin, cabinPlace } from '@cabanas/domain/catalog'
import { cabinOgImage, PageHead, siteOrigin } from './page-head'
import { breadcrumbs, cabinBreadcrumbs, cabinStructuredData, textExcerpt } from './structured-data'

/**
 * A cabin page's head: its name and place, a description excerpt, its first photo as the link preview,
 * and its breadcrumbs and VacationRental (with the 'Desde' nightly price) as JSON-LD. The canonical URL
 * is the cabin's own, without the stay in the query.
 */
export function CabinHead({ cabin }: { cabin: Cabin }) {
  const place = cabinPlace(cabin.location)
  const origin = siteOrigin()
  return (
    <PageHead
      title={`${cabin.propertyDetails.name} en ${place} — Cabañas MX`}
      description={textExcerpt(
        `${cabin.propertyDetails.accomodationType} en ${place}. ${cabin.accomodationDescription}`,
      )}
      path={publicPaths.cabin(cabin._id)}
      image={cabinOgImage(cabin.images)}
      imageAlt={cabin.images[0]?.alt}
      jsonLd={[breadcrumbs(cabinBreadcrumbs(cabin), origin), cabinStructuredData(cabin, origin)]}
    />
  )
}
