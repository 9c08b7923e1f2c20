import type { CabinImage } from '@cabanas/domain/catalog'
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react'
import type { CabinImageCarousel as Carousel } from './cabin-image-carousel'
import { CabinPhoto, NoPhoto } from './cabin-photo'
import { useCarouselReady } from './use-carousels-ready'

/** The carousel once its code has come: drawn at once, without suspending (and a retry task). */
let loadedCarousel: typeof Carousel | null = null

function loadCarouselCode() {
  return import('./cabin-image-carousel').then((module) => {
    loadedCarousel = module.CabinImageCarousel
    return module
  })
}

const LazyCarousel = lazy(() => loadCarouselCode().then((module) => ({ default: module.CabinImageCarousel })))

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
  const [isReady, loadCarousel] = useCarouselReady(card, loadCarouselCode)
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
  return <CarouselSlot {...props} fallback={firstPhoto} />
}

/**
 * The carousel, drawn directly when its code is here (the usual case: cards swap once it has loaded),
 * else through the lazy component (a card touched first). Chosen once: switching would start the
 * carousel again at its first photo.
 */
function CarouselSlot({ fallback, ...props }: CabinPhotosProps & { fallback: ReactNode }) {
  const [Loaded] = useState(() => loadedCarousel)
  if (Loaded) return <Loaded {...props} />
  return (
    <Suspense fallback={fallback}>
      <LazyCarousel {...props} />
    </Suspense>
  )
}
