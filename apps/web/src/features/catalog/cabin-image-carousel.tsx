import type { CabinImage } from '@cabanas/domain/catalog'
import useEmblaCarousel from 'embla-carousel-react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useState } from 'react'
import { cx } from '../../lib/cx'
import { CabinPhoto } from './cabin-photo'

type CabinImageCarouselProps = {
  images: readonly CabinImage[]
  /** Where a click on a photo leads; none for an unavailable cabin. */
  href: string | undefined
  opensInNewTab: boolean
  /** Load the first photo eagerly: for the first cards of the first view. */
  priority: boolean
  muted: boolean
  /** How wide the card is drawn (`sizes`). */
  sizes?: string
}

/** How many dots the carousel shows at most; more photos still scroll. */
const MAX_DOTS = 5

/** The card's photos with Embla: swiped on touch screens, stepped with arrows on hover or focus. */
export function CabinImageCarousel({
  images,
  href,
  opensInNewTab,
  priority,
  muted,
  sizes,
}: CabinImageCarouselProps) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: false, duration: 22 })
  const [selected, setSelected] = useState(0)
  // Only the shown photo is fetched until the guest reaches for the carousel (a drag starts, the arrow is
  // pointed at, focused or pressed): then the shown one and the next, and so on as they come close.
  const [loadedUpTo, setLoadedUpTo] = useState(0)
  const loadUpTo = (index: number) => setLoadedUpTo((current) => Math.max(current, index))

  useEffect(() => {
    if (!embla) return
    const onSelect = () => {
      const index = embla.selectedScrollSnap()
      setSelected(index)
      setLoadedUpTo((current) => (index > 0 ? Math.max(current, index + 1) : current))
    }
    const onPointerDown = () => setLoadedUpTo((current) => Math.max(current, embla.selectedScrollSnap() + 1))
    embla.on('select', onSelect).on('reInit', onSelect).on('pointerDown', onPointerDown)
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect).off('pointerDown', onPointerDown)
    }
  }, [embla])

  const count = images.length
  const firstDot = Math.min(Math.max(0, selected - Math.floor(MAX_DOTS / 2)), Math.max(0, count - MAX_DOTS))

  return (
    <div className="group/photos relative size-full">
      <div ref={viewportRef} className="size-full overflow-hidden">
        <div className="flex size-full touch-pan-y">
          {images.map((image, index) => (
            <div key={image.preview} className="relative size-full min-w-0 shrink-0 grow-0 basis-full">
              {index <= loadedUpTo ? (
                <CabinPhoto
                  image={image}
                  href={href}
                  opensInNewTab={opensInNewTab}
                  isFirst={index === 0}
                  priority={priority && index === 0}
                  muted={muted}
                  sizes={sizes}
                />
              ) : (
                <div className="size-full bg-stone-200" />
              )}
            </div>
          ))}
        </div>
      </div>

      {count > 1 && (
        <>
          <StepButton direction="prev" hidden={selected === 0} onClick={() => embla?.scrollPrev()} />
          <StepButton
            direction="next"
            hidden={selected === count - 1}
            onReach={() => loadUpTo(selected + 1)}
            onClick={() => {
              loadUpTo(selected + 2)
              embla?.scrollNext()
            }}
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 bottom-2.5 flex justify-center gap-1.5"
          >
            {images.slice(firstDot, firstDot + MAX_DOTS).map((image, offset) => (
              <span
                key={image.preview}
                className={cx(
                  'size-1.5 rounded-full shadow-sm transition-colors',
                  firstDot + offset === selected ? 'bg-white' : 'bg-white/60',
                )}
              />
            ))}
          </div>
          <span className="sr-only" aria-live="polite">
            {`Foto ${selected + 1} de ${count}`}
          </span>
        </>
      )}
    </div>
  )
}

function StepButton({
  direction,
  hidden,
  onClick,
  onReach,
}: {
  direction: 'prev' | 'next'
  hidden: boolean
  onClick: () => void
  /** The pointer or the focus reaches the button: about to be pressed. */
  onReach?: () => void
}) {
  const Icon = direction === 'prev' ? ChevronLeft : ChevronRight
  return (
    <button
      type="button"
      aria-label={direction === 'prev' ? 'Foto anterior' : 'Foto siguiente'}
      onClick={onClick}
      onPointerEnter={onReach}
      onFocus={onReach}
      className={cx(
        'absolute top-1/2 z-10 flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-800 shadow-md transition hover:scale-105 hover:bg-white',
        'opacity-0 group-hover/photos:opacity-100 focus-visible:opacity-100 pointer-coarse:hidden',
        direction === 'prev' ? 'left-2.5' : 'right-2.5',
        hidden && 'invisible',
      )}
    >
      <Icon aria-hidden="true" className="size-4" strokeWidth={2.5} />
    </button>
  )
}
