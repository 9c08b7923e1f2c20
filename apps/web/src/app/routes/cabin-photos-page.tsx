import { useParams, useSearchParams } from 'react-router'
import { CabinAllPhotos } from '../../features/catalog/cabin-all-photos'
import { CabinLoader } from '../../features/catalog/cabin-loader'
import { paths, stayInSearch } from '../paths'

/** /cabin/:id/fotos: every photo of a cabin, server-rendered (the gallery's dialog without JavaScript). */
export function CabinPhotosPage() {
  const { id = '' } = useParams()
  const [searchParams] = useSearchParams()
  return (
    <CabinLoader key={id} cabinId={id} homeHref={paths.home()}>
      {(cabin) => <CabinAllPhotos cabin={cabin} cabinHref={paths.cabin(id, stayInSearch(searchParams))} />}
    </CabinLoader>
  )
}
