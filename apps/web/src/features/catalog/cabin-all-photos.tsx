import { type Cabin, cabinPlace } from '@cabanas/domain/catalog'
import { ArrowLeft, ImageOff } from 'lucide-react'
import { Link } from 'react-router'
import { CabinPhotosHead } from '../../components/seo/cabin-photos-head'
import { buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { pluralize } from '../../lib/plural'
import { AllPhotos } from './all-photos'

type CabinAllPhotosProps = {
  cabin: Cabin
  /** The cabin's page, with the stay the guest came with. */
  cabinHref: string
}

/**
 * Every photo of a cabin as a page: what 'Mostrar todas las fotos' opens without JavaScript (once the app
 * runs it opens the same list in a dialog). Photos in the gallery's order, each with its description.
 */
export function CabinAllPhotos({ cabin, cabinHref }: CabinAllPhotosProps) {
  const name = cabin.propertyDetails.name
  const count = cabin.images.length
  const backLink = (className: string) => (
    <Link to={cabinHref} className={className}>
      <ArrowLeft aria-hidden="true" />
      Volver a la cabaña
    </Link>
  )

  return (
    <article className="mx-auto w-full max-w-4xl px-4 pt-5 pb-12 sm:px-6 sm:pt-8">
      <CabinPhotosHead cabin={cabin} />
      {backLink(buttonStyles({ variant: 'ghost', size: 'sm', className: '-ml-3' }))}
      <header className="mt-3 mb-5 sm:mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-balance text-stone-900 sm:text-3xl">
          {`Fotos de ${name}`}
        </h1>
        <p className="mt-1.5 text-stone-700">
          {`${cabinPlace(cabin.location)} · ${pluralize(count, 'foto', 'fotos')}`}
        </p>
      </header>
      {count === 0 ? (
        <MessagePanel
          icon={<ImageOff />}
          title="Esta cabaña aún no tiene fotos"
          description="Vuelve a la cabaña para ver su descripción, sus amenidades y su precio."
        />
      ) : (
        <AllPhotos images={cabin.images} isPage />
      )}
      <div className="mt-8 flex justify-center">{backLink(buttonStyles({ variant: 'outline' }))}</div>
    </article>
  )
}
