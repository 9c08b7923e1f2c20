import type { CabinCard as CabinCardData } from '@cabanas/domain/catalog'
import type { Centavos } from '@cabanas/domain/shared'
import { formatMxn } from '@cabanas/domain/shared'
import { Heart, Star } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { cx } from '../../lib/cx'
import { pluralize } from '../../lib/plural'
import { describeCapacity, firstRestriction } from './cabin-facts'
import { CabinPhotos } from './cabin-photos'
import { useFavorite } from './use-favorite'

/** Spec §9: the rating shown on every card. */
export const DISPLAYED_RATING = '4.8'

export type CardPrice =
  /** Without dates: the cabin's list price, the same 'Desde' as the cabin page ('Desde $1,680 por noche'). */
  | { kind: 'from'; amount: Centavos }
  /**
   * A stay: its average per night in whole pesos (the figure of the map and the cabin page) and its
   * total ('$1,960 por noche · Total $3,920 por 2 noches'), taxes included.
   */
  | { kind: 'stay'; pricePerNight: Centavos; totalPrice: Centavos; nights: number }

type CabinCardProps = {
  cabin: CabinCardData
  /** Where the card leads. Unavailable cabins are not clickable. */
  href: string
  price: CardPrice
  /** Results open the detail page in a new tab (spec §2). */
  opensInNewTab?: boolean
  /** Load the first photo eagerly: for the first cards of the first view. */
  priority?: boolean
  /** How wide the card's photo is drawn (`sizes`), when a layout knows better than cards' usual widths. */
  photoSizes?: string
  /** Pointer or focus entering (true) or leaving (false) the card: the results map opens its popup. */
  onHighlight?: (isHighlighted: boolean) => void
}

export function CabinCard({
  cabin,
  href,
  price,
  opensInNewTab = false,
  priority = false,
  photoSizes,
  onHighlight,
}: CabinCardProps) {
  const restriction = firstRestriction(cabin)
  const isAvailable = restriction === undefined
  const name = cabin.propertyDetails.name
  const headingId = useId()
  const linkTarget = opensInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}

  return (
    <article
      data-testid="cabin-card"
      aria-labelledby={headingId}
      aria-disabled={isAvailable ? undefined : true}
      onMouseEnter={onHighlight && (() => onHighlight(true))}
      onMouseLeave={onHighlight && (() => onHighlight(false))}
      onFocus={onHighlight && (() => onHighlight(true))}
      className={cx(
        'group relative flex h-full flex-col rounded-2xl',
        'has-[h3_a:focus-visible]:outline-2 has-[h3_a:focus-visible]:outline-offset-4 has-[h3_a:focus-visible]:outline-brand-600',
      )}
    >
      <div className="relative z-[1] aspect-[20/19] overflow-hidden rounded-2xl bg-stone-200">
        <CabinPhotos
          images={cabin.images}
          href={isAvailable ? href : undefined}
          opensInNewTab={opensInNewTab}
          priority={priority}
          muted={!isAvailable}
          sizes={photoSizes}
        />
        {!isAvailable && (
          <span className="pointer-events-none absolute top-3 left-3 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-stone-800 shadow-sm">
            No disponible
          </span>
        )}
        <FavoriteButton cabinId={cabin._id} name={name} />
      </div>

      <div className={cx('mt-3 flex flex-1 flex-col text-[15px]', !isAvailable && 'text-stone-400')}>
        <div className="flex items-start justify-between gap-2">
          <p className={cx('truncate font-semibold', isAvailable ? 'text-stone-900' : 'text-stone-500')}>
            {cabin.location.population}, {cabin.location.state}
          </p>
          <p className="flex shrink-0 items-center gap-1 text-stone-900">
            <Star aria-hidden="true" className="size-3.5 fill-current" />
            <span aria-hidden="true">{DISPLAYED_RATING}</span>
            <span className="sr-only">{`Calificación ${DISPLAYED_RATING} de 5`}</span>
          </p>
        </div>
        <p className="truncate text-stone-500">{describeCapacity(cabin)}</p>
        <h3 id={headingId} className="truncate text-stone-500">
          {isAvailable ? (
            <Link
              to={href}
              {...linkTarget}
              className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
            >
              {name}
            </Link>
          ) : (
            name
          )}
        </h3>
        {restriction && <p className="mt-0.5 text-sm font-medium text-accent-800">{restriction}</p>}
        <PriceLine price={price} isAvailable={isAvailable} />
      </div>
    </article>
  )
}

function PriceLine({ price, isAvailable }: { price: CardPrice; isAvailable: boolean }) {
  const amount = (
    <span className={cx('font-semibold', isAvailable ? 'text-stone-900' : 'text-stone-400')}>
      {formatMxn(price.kind === 'from' ? price.amount : price.pricePerNight)}
    </span>
  )
  if (price.kind === 'from') {
    return <p className="mt-1.5 text-stone-700">Desde {amount} por noche</p>
  }
  return (
    <div className="mt-1.5 text-stone-700">
      <p>{amount} por noche</p>
      <p className="text-sm text-stone-500">
        {`Total ${formatMxn(price.totalPrice)} por ${pluralize(price.nights, 'noche', 'noches')}, impuestos incluidos`}
      </p>
    </div>
  )
}

function FavoriteButton({ cabinId, name }: { cabinId: string; name: string }) {
  const [isFavorite, toggle] = useFavorite(cabinId)
  return (
    <button
      type="button"
      aria-pressed={isFavorite}
      aria-label={`Guardar ${name} en favoritos`}
      onClick={toggle}
      className="absolute top-2 right-2 z-10 flex size-10 items-center justify-center rounded-full transition-transform hover:scale-110 active:scale-95"
    >
      <Heart
        aria-hidden="true"
        strokeWidth={2}
        className={cx(
          'size-6 stroke-white drop-shadow-[0_1px_2px_rgba(0,0,0,0.5)]',
          isFavorite ? 'fill-accent-600' : 'fill-black/40',
        )}
      />
    </button>
  )
}
