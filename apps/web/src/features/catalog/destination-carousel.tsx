import type { Destination } from '@cabanas/domain/catalog'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { type ReactNode, useRef, useState } from 'react'
import { Link } from 'react-router'
import { cx } from '../../lib/cx'
import { pluralize } from '../../lib/plural'
import { CabinCard } from './cabin-card'

/** The cards' drawn widths (the list's classes below): a phone shows 62 % cards, so it picks the 400. */
const CAROUSEL_CARD_SIZES =
  '(min-width: 1280px) 286px, (min-width: 768px) calc(33vw - 32px), (min-width: 640px) calc(50vw - 36px), calc(62vw - 20px)'

type DestinationCarouselProps = {
  destination: Destination
  cabinHref: (id: string) => string
  /** The destination's landing page, with all its cabins ('Ver todas'). */
  destinationHref: string
  /** The first carousel of the page: on a phone its first photo is on the first screen. */
  isFirst?: boolean
}

/** 'Explora {city}': the destination's cabins in one row that scrolls sideways (spec §2). */
export function DestinationCarousel({
  destination,
  cabinHref,
  destinationHref,
  isFirst = false,
}: DestinationCarouselProps) {
  const rowRef = useRef<HTMLUListElement>(null)
  const [edges, setEdges] = useState({ atStart: true, atEnd: false })
  const headingId = `explora-${destination.population}-${destination.state}`.replace(/\W+/g, '-')

  const updateEdges = () => {
    const row = rowRef.current
    if (!row) return
    setEdges({
      atStart: row.scrollLeft <= 4,
      atEnd: row.scrollLeft + row.clientWidth >= row.scrollWidth - 4,
    })
  }
  const scrollByPage = (direction: 1 | -1) => {
    const row = rowRef.current
    if (!row) return
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    row.scrollBy({ left: direction * row.clientWidth * 0.9, behavior: reduce ? 'auto' : 'smooth' })
  }

  return (
    <section
      aria-labelledby={headingId}
      // Below the first screen the browser neither lays out nor paints a carousel, nor fetches its
      // photos, until it comes near; it keeps the height it last had.
      className={cx(!isFirst && '[contain-intrinsic-block-size:auto_26rem] [content-visibility:auto]')}
    >
      <div className="flex items-end justify-between gap-4">
        <div className="min-w-0">
          <h2
            id={headingId}
            className="truncate text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl"
          >
            Explora {destination.population}
          </h2>
          <p className="text-sm text-stone-600">
            {destination.state} · {pluralize(destination.count, 'cabaña', 'cabañas')}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Link
            to={destinationHref}
            className="rounded-full py-1 text-sm font-semibold text-stone-900 underline underline-offset-4 hover:text-brand-800 sm:mr-2"
          >
            Ver todas{' '}
            <span className="sr-only">{`las cabañas en ${destination.population}, ${destination.state}`}</span>
          </Link>
          <ArrowButton label="Anteriores" disabled={edges.atStart} onClick={() => scrollByPage(-1)}>
            <ChevronLeft aria-hidden="true" className="size-4" />
          </ArrowButton>
          <ArrowButton label="Siguientes" disabled={edges.atEnd} onClick={() => scrollByPage(1)}>
            <ChevronRight aria-hidden="true" className="size-4" />
          </ArrowButton>
        </div>
      </div>
      <ul
        ref={rowRef}
        onScroll={updateEdges}
        className="-mx-4 mt-3 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:-mx-6 sm:scroll-px-6 sm:gap-6 sm:px-6 lg:-mx-8 lg:scroll-px-8 lg:px-8 [&::-webkit-scrollbar]:hidden"
      >
        {destination.cabins.map((cabin, index) => (
          <li
            key={cabin._id}
            className={cx(
              'w-[62%] shrink-0 snap-start sm:w-[calc((100%-1.5rem)/2)] md:w-[calc((100%-3rem)/3)] xl:w-[calc((100%-4.5rem)/4)]',
              // The same for the cards off to the side: a row does not load every photo.
              index >= 2 && '[contain-intrinsic-block-size:auto_16rem] [content-visibility:auto]',
            )}
          >
            <CabinCard
              cabin={cabin}
              href={cabinHref(cabin._id)}
              price={{ kind: 'from', amount: cabin.precioCalculado.precioBaseFinal }}
              priority={isFirst && index === 0}
              photoSizes={CAROUSEL_CARD_SIZES}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}

function ArrowButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string
  disabled: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={cx(
        'hidden size-8 items-center sm:flex justify-center rounded-full border border-stone-300 bg-white text-stone-800 transition',
        'hover:shadow-md disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:shadow-none',
      )}
    >
      {children}
    </button>
  )
}
