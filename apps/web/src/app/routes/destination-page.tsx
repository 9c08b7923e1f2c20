import { useParams } from 'react-router'
import { DestinationLanding } from '../../features/catalog/destination-landing'
import { describeDestination } from '../../features/search/destination-description'
import { useSearchActions } from '../../features/search/use-search-actions'
import { paths } from '../paths'

/** /destinos/{slug}: a destination's landing page, server-rendered for search engines and shared links. */
export function DestinationPage() {
  const { slug = '' } = useParams()
  const { preselectLocation, revealSegment } = useSearchActions()
  return (
    <DestinationLanding
      key={slug}
      slug={slug}
      homeHref={paths.home()}
      cabinHref={(id) => paths.cabin(id)}
      destinationHref={(other) => paths.destination(other)}
      describe={(place) => describeDestination(place).description}
      chooseDatesHref={(place) => paths.destination(slug, { location: place })}
      onChooseDates={(place) => {
        // As a popular destination on the home page: remembered, shown in the header, dates next.
        preselectLocation(place)
        revealSegment('llegada')
      }}
    />
  )
}
