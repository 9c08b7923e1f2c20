import { useParams } from 'react-router'
import { DestinationLanding } from '../../features/catalog/destination-landing'
import { paths } from '../paths'

/** /destinos/{slug}: a destination's landing page, server-rendered for search engines and shared links. */
export function DestinationPage() {
  const { slug = '' } = useParams()
  return (
    <DestinationLanding
      key={slug}
      slug={slug}
      homeHref={paths.home()}
      cabinHref={(id) => paths.cabin(id)}
      destinationHref={(other) => paths.destination(other)}
    />
  )
}
