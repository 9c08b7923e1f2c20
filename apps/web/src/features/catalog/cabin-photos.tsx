import type { CabinImage } from '@cabanas/domain/catalog'
import { lazy, Suspense, useRef } from 'react'
import { CabinPhoto, NoPhoto } from './cabin-photo'
import { useCarouselReady } from './use-carousels-ready'

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
 * The photo area of a card: the first photo at once, the carousel when the card comes near the screen
 * (in idle time) or is touched. The
 * carousel fetches its other photos only when the guest moves it.
 */
export function CabinPhotos(props: CabinPhotosProps) {
  const card = useRef<HTMLDivElement>(null)
  const [isReady, loadCarousel] = useCarouselReady(card)
  const [first] = props.images
  if (!first) return <NoPhoto />

  const firstPhoto = <CabinPhoto image={first} isFirst {...props} />
  if (props.images.length === 1) return firstPhoto
  if (!isReady) {
    return (
      <div ref={card} className="size-full" onPointerEnter={loadCarousel} onTouchStart={loadCarousel}>
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
