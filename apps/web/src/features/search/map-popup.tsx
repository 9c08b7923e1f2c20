import { cancellationPolicies, hasFreeCancellation } from '@cabanas/domain/catalog'
import type { SearchResult } from '@cabanas/domain/search'
import { requireValue } from '@cabanas/domain/shared'
import { BadgeCheck, Ban, ChevronLeft, ChevronRight, Navigation, Users } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { formatMxn, pluralize } from '../../lib/format'
import { drivingRouteUrl, type MarkerGroup } from './map-groups'

/** Spec §9: popups are 280 px wide. */
export const POPUP_WIDTH = 280

type GroupPopupProps = {
  group: MarkerGroup<SearchResult>
  initialIndex: number
  cabinHref: (id: string) => string
}

/** The popup of one marker: its cabin, or a pager over the cabins that share the spot. */
export function GroupPopup({ group, initialIndex, cabinHref }: GroupPopupProps) {
  const [index, setIndex] = useState(initialIndex)
  const count = group.items.length
  const cabin = requireValue(group.items[Math.min(index, count - 1)], 'the cabin the popup shows')
  return (
    <div>
      <CabinPopup cabin={cabin} href={cabinHref(cabin._id)} />
      {count > 1 && (
        <div className="flex items-center justify-between border-t border-stone-200 px-2 py-1.5 text-xs text-stone-600">
          <PagerButton
            label="Cabaña anterior"
            disabled={index === 0}
            onClick={() => setIndex((current) => current - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </PagerButton>
          <span aria-live="polite">{`${index + 1} de ${count} cabañas aquí`}</span>
          <PagerButton
            label="Cabaña siguiente"
            disabled={index === count - 1}
            onClick={() => setIndex((current) => current + 1)}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </PagerButton>
        </div>
      )}
    </div>
  )
}

/** A 28 px circle with a 44 px touch target (WCAG 2.5.5): the row stays low. */
function PagerButton({
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
      className="relative flex size-7 items-center justify-center rounded-full text-stone-800 after:absolute after:-inset-2 hover:bg-stone-100 disabled:opacity-30"
    >
      {children}
    </button>
  )
}

/**
 * Spec §2: image, name, location, max guests, bathroom, price, the cabin's cancellation policy ('Cancelación
 * gratuita' only when it really is free), links.
 */
function CabinPopup({ cabin, href }: { cabin: SearchResult; href: string }) {
  const image = cabin.images[0]
  const restriction = cabin.restrictions[0]?.message
  const { stay } = cabin
  return (
    <article className="text-stone-900">
      {image && (
        <img
          src={image.preview}
          alt={image.alt}
          width={POPUP_WIDTH}
          height={160}
          className="h-40 w-full bg-stone-200 object-cover"
        />
      )}
      <div className="flex flex-col gap-1 p-3.5 text-sm">
        <p className="line-clamp-2 text-[15px] leading-snug font-semibold">{cabin.propertyDetails.name}</p>
        <p className="text-stone-500">
          {cabin.location.population}, {cabin.location.state}
        </p>
        <p className="flex items-center gap-1.5 text-stone-600">
          <Users aria-hidden="true" className="size-3.5 shrink-0" />
          {`Hasta ${pluralize(cabin.propertyDetails.maxOccupancy, 'huésped', 'huéspedes')}`} ·{' '}
          {cabin.privateBathroom ? 'Baño privado' : 'Baño compartido'}
        </p>
        <p className="mt-1">
          <span className="font-semibold">{formatMxn(stay.pricePerNight)} MXN</span> por noche
        </p>
        <p className="text-xs text-stone-500">
          {`Total ${formatMxn(stay.totalPrice)} por ${pluralize(stay.nights, 'noche', 'noches')}, impuestos incluidos`}
        </p>
        {restriction ? (
          <p className="font-medium text-accent-800">No disponible: {restriction}</p>
        ) : (
          <CancellationLine policy={cabin.cancellationPolicy} />
        )}
        <div className="mt-2 grid grid-cols-2 gap-2">
          {restriction ? (
            <span className="flex h-9 items-center justify-center rounded-lg bg-stone-100 font-semibold text-stone-400">
              Ver detalles
            </span>
          ) : (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="flex h-9 items-center justify-center rounded-lg bg-accent-600 font-semibold !text-white hover:bg-accent-700"
            >
              Ver detalles
            </a>
          )}
          <a
            href={drivingRouteUrl(cabin.location)}
            target="_blank"
            rel="noopener noreferrer"
            className="flex h-9 items-center justify-center gap-1.5 rounded-lg border border-stone-300 font-semibold !text-stone-900 hover:bg-stone-50"
          >
            <Navigation aria-hidden="true" className="size-3.5" />
            Cómo llegar
          </a>
        </div>
      </div>
    </article>
  )
}

function CancellationLine({ policy }: { policy: SearchResult['cancellationPolicy'] }) {
  const { label } = cancellationPolicies[policy]
  if (hasFreeCancellation(policy)) {
    return (
      <p className="flex items-center gap-1.5 font-medium text-brand-700">
        <BadgeCheck aria-hidden="true" className="size-4" />
        {label}
      </p>
    )
  }
  return (
    <p className="flex items-center gap-1.5 text-stone-600">
      <Ban aria-hidden="true" className="size-4" />
      {label}
    </p>
  )
}
