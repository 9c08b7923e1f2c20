import type { CabinImage } from '@cabanas/domain/catalog'
import { lazy, Suspense } from 'react'
import { CabinPhoto, NoPhoto } from './cabin-photo'
import { loadCarousels, useCarouselsReady } from './use-carousels-ready'

const CabinImageCarousel = lazy(() =>
  import('./cabin-image-carousel').then((module) => ({ default: module.CabinImageCarousel })),
)

type CabinPhotosProps = {
  images: readonly CabinImage[]
  href: string | undefined
  opensInNewTab: boolean
  priority: boolean
  muted: boolean
  /** How wide the card is drawn (`sizes`); cards' usual widths by default. */
  sizes?: string
}

/**
 * The photo area of a card: the first photo at once, the carousel when the page is idle or touched. The
 * carousel fetches its other photos only when the guest moves it.
 */
export function CabinPhotos(props: CabinPhotosProps) {
  const isReady = useCarouselsReady()
  const [first] = props.images
  if (!first) return <NoPhoto />

  const firstPhoto = <CabinPhoto image={first} isFirst {...props} />
  if (props.images.length === 1) return firstPhoto
  if (!isReady) {
    return (
      <div className="size-full" onPointerEnter={loadCarousels} onTouchStart={loadCarousels}>
        {firstPhoto}
      </div>
    )
  }
  return (
    <Suspense fallback={firstPhoto}>
      <CabinImageCarousel {...props} />
    </Suspense>
  )
}
