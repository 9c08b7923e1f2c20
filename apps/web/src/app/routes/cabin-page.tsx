import type { Cabin } from '@cabanas/domain/catalog'
import { isCalendarDate } from '@cabanas/domain/shared'
import { TriangleAlert } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { Button } from '../../components/ui/button'
import { ErrorBoundary } from '../../components/ui/error-boundary'
import type { RequestedStay } from '../../features/bookings/request-booking-dialog'
import { CabinDetails } from '../../features/catalog/cabin-details'
import { BookingWidget } from '../../features/quotes/booking-widget'
import { type QuotedStay, STAY_URL_SYNC_DELAY_MS, stayInAddress } from '../../features/quotes/stay'
import { findRememberedStay } from '../../features/reservations/trip-access'
import { whenIdle } from '../../lib/when-idle'
import { paths, stayInSearch } from '../paths'

/** The request form (react-hook-form and its resolver) loads when a guest asks for it. */
const RequestBookingDialog = lazy(() =>
  import('../../features/bookings/request-booking-dialog').then((module) => ({
    default: module.RequestBookingDialog,
  })),
)

export function CabinPage() {
  const { id = '' } = useParams()
  const [searchParams] = useSearchParams()
  const checkIn = searchParams.get('checkIn')
  return (
    <CabinDetails
      key={id}
      cabinId={id}
      homeHref={paths.home()}
      photosHref={paths.cabinPhotos(id, stayInSearch(searchParams))}
      checkIn={checkIn && isCalendarDate(checkIn) ? checkIn : null}
      renderBooking={(cabin) => (
        <ErrorBoundary fallback={(reset) => <BookingFailed onRetry={reset} />}>
          <CabinBooking cabin={cabin} />
        </ErrorBoundary>
      )}
    />
  )
}

/**
 * A quoted stay is one tap from the checkout: its page's code is fetched in an idle moment, so that
 * 'Reservar' opens it at once instead of waiting for a download on a slow phone. Once per page load.
 */
let checkoutPrefetched = false
function prefetchCheckout() {
  if (checkoutPrefetched) return
  checkoutPrefetched = true
  whenIdle(() => void import('./checkout-page').catch(() => {}))
}

/** The booking widget and the request dialog, wired to the address bar, the checkout and the confirmation. */
function CabinBooking({ cabin }: { cabin: Cabin }) {
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  // The server loader reads the same stay (ssr/server-routes): the widget opens with its quote.
  const [stay] = useState(() => stayInAddress(searchParams, cabin.propertyDetails))
  const [requested, setRequested] = useState<RequestedStay | null>(null)
  const stayInUrl = useStayInAddress(cabin._id, searchParams.toString())

  return (
    <>
      <BookingWidget
        cabin={cabin}
        initialStay={stay}
        onQuoted={(quoted) => {
          stayInUrl.sync(quoted)
          prefetchCheckout()
        }}
        checkoutHref={(quoted) => paths.checkout({ cabinId: cabin._id, ...quoted })}
        onReserve={(summary) => {
          // A sync still waiting would replace the address while the checkout loads, and so cancel it.
          stayInUrl.cancel()
          navigate(paths.checkout(summary), { state: summary })
        }}
        findOwnReservation={(dates) => {
          const own = findRememberedStay(cabin._id, dates, Date.now())
          return own && { ...own, tripHref: paths.trip(own.reservationId) }
        }}
        onRequest={setRequested}
      />
      {requested && (
        <Suspense fallback={null}>
          <RequestBookingDialog
            cabin={cabin}
            stay={requested}
            onClose={() => setRequested(null)}
            onRequested={(confirmation) => {
              stayInUrl.cancel()
              navigate(paths.confirmation(), { state: confirmation })
            }}
          />
        </Suspense>
      )}
    </>
  )
}

/**
 * Spec §4: a quoted stay is written to the query string, replacing the history entry, 1 s later and
 * only if it differs from what the address already says. `cancel` drops a sync still waiting: leaving
 * the page (checkout, confirmation) must not be undone by it.
 */
function useStayInAddress(cabinId: string, currentSearch: string) {
  const navigate = useNavigate()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  return {
    sync({ checkIn, checkOut, guests }: QuotedStay) {
      clearTimeout(timer.current)
      const href = paths.cabin(cabinId, { checkIn, checkOut, guests })
      if (href.slice(href.indexOf('?') + 1) === currentSearch) return
      timer.current = setTimeout(
        () => navigate(href, { replace: true, preventScrollReset: true }),
        STAY_URL_SYNC_DELAY_MS,
      )
    },
    cancel: () => clearTimeout(timer.current),
  }
}

function BookingFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm">
      <TriangleAlert aria-hidden="true" className="mx-auto size-6 text-accent-600" />
      <p className="mt-2 font-semibold text-stone-900">Error al verificar disponibilidad</p>
      <Button variant="outline" size="sm" onClick={onRetry} className="mt-4">
        Reintentar
      </Button>
    </div>
  )
}
