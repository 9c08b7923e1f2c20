import { publicPaths } from '@cabanas/contracts/routes'
import { type Cabin, cabinPlace } from '@cabanas/domain/catalog'
import { pluralize } from '../../lib/plural'
import { cabinOgImage, PageHead } from './page-head'
import { textExcerpt } from './structured-data'

/**
 * The head of a cabin's photos page. Its canonical URL is the cabin's own page, which shows the same
 * cabin and its photos: search engines index that one (docs/decisions.md).
 */
export function CabinPhotosHead({ cabin }: { cabin: Cabin }) {
  const name = cabin.propertyDetails.name
  return (
    <PageHead
      title={`Fotos de ${name} — Cabañas MX`}
      description={textExcerpt(
        `${pluralize(cabin.images.length, 'foto', 'fotos')} de ${name}, ${cabin.propertyDetails.accomodationType} en ${cabinPlace(cabin.location)}. Reserva en línea en Cabañas MX.`,
      )}
      path={publicPaths.cabin(cabin._id)}
      image={cabinOgImage(cabin.images)}
      imageAlt={cabin.images[0]?.alt}
    />
  )
}
