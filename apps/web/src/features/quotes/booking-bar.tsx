import type { Cabin } from '@cabanas/domain/catalog'
import { createPortal } from 'react-dom'
import { shortRangeName } from '../../lib/calendar-month'
import { cx } from '../../lib/cx'
import { formatMxn } from '../../lib/format'
import { useHydrated } from '../../lib/use-hydrated'
import { MainButton } from './main-button'
import type { Stay } from './stay'
import type { BookingStatus } from './use-booking-quote'

type BookingBarProps = {
  cabin: Cabin
  stay: Stay
  status: BookingStatus
  /** Opens the widget in a sheet. */
  onOpen: () => void
  onSelectDates: () => void
  /** The checkout's address for the quoted stay (see MainButton). */
  reserveHref: string | undefined
  onReserve: () => void
}

const BAR_HEIGHT = 'h-[4.75rem]'

/**
 * Small screens: the price and the main button stay at the bottom of the viewport; the dates open
 * the whole widget in a sheet. A spacer after the page keeps the footer clear of the bar.
 */
export function BookingBar({
  cabin,
  stay,
  status,
  onOpen,
  onSelectDates,
  reserveHref,
  onReserve,
}: BookingBarProps) {
  // A portal into document.body once hydrated; the server (which has no body) draws it in place, so
  // the price and the button are in the HTML and the first client render is the same.
  const isHydrated = useHydrated()
  const quote = status.kind === 'available' ? status.quote : undefined
  const dates =
    stay.checkIn && stay.checkOut && stay.checkOut > stay.checkIn
      ? shortRangeName(stay.checkIn, stay.checkOut)
      : undefined

  const bar = (
    <>
      <div aria-hidden="true" className={BAR_HEIGHT} />
      <section
        aria-label="Reserva"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgba(0,0,0,0.06)] backdrop-blur"
      >
        <div className={cx('mx-auto flex max-w-3xl items-center justify-between gap-3 px-4', BAR_HEIGHT)}>
          <div className="min-w-0">
            {/* The figures of the wide widget: the stay's average per night and total, else 'Desde'. */}
            <p className="truncate text-sm text-stone-700">
              {quote ? (
                <>
                  <span className="text-base font-semibold text-stone-900">
                    {formatMxn(quote.pricing.pricePerNight)}
                  </span>{' '}
                  noche · {formatMxn(quote.pricing.totalPrice)} total
                </>
              ) : (
                <>
                  Desde{' '}
                  <span className="text-base font-semibold text-stone-900">
                    {formatMxn(cabin.precioCalculado.precioBaseFinal)}
                    {/* Beside a 375 px phone's button the currency would cut the line ('…'). */}
                    <span className="max-[399px]:sr-only"> MXN</span>
                  </span>{' '}
                  noche
                </>
              )}
            </p>
            <button
              type="button"
              onClick={onOpen}
              className={cx(
                'max-w-full truncate text-sm font-semibold underline underline-offset-2',
                status.kind === 'unavailable' ? 'text-accent-700' : 'text-stone-900',
              )}
            >
              {dates
                ? `${dates} · ${stay.guests} ${stay.guests === 1 ? 'huésped' : 'huéspedes'}`
                : 'Agregar fechas'}
            </button>
          </div>
          <MainButton
            status={status}
            reserveHref={reserveHref}
            onReserve={onReserve}
            onSelectDates={onSelectDates}
            size="md"
            className="shrink-0 px-5"
          />
        </div>
      </section>
    </>
  )
  return isHydrated ? createPortal(bar, document.body) : bar
}
