import type { CheckoutSummary } from '@cabanas/domain/bookings'
import { useQueryClient } from '@tanstack/react-query'
import { ChevronLeft } from 'lucide-react'
import { useState } from 'react'
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { CheckoutForm } from '../../features/bookings/checkout-form'
import { CheckoutLinksContext } from '../../features/bookings/checkout-links'
import { CheckoutOrderSummary } from '../../features/bookings/checkout-order-summary'
import type { MadeReservation } from '../../features/bookings/checkout-payment'
import { useCheckoutProfile } from '../../features/bookings/checkout-profile'
import type { BookingRequestLink } from '../../features/bookings/checkout-request'
import { isSummaryOfStay, readCheckoutStay, stayKey } from '../../features/bookings/checkout-stay'
import { readCheckoutSummary } from '../../features/bookings/checkout-summary'
import { usePayLink } from '../../features/bookings/use-pay-link'
import { PAYMENT_FORM_ID } from '../../features/payments/openpay'
import { PaymentMethodSection } from '../../features/payments/payment-method-section'
import { useOpenpay } from '../../features/payments/use-openpay'
import { quoteKeys } from '../../features/quotes/quotes.api'
import { rememberTripToken } from '../../features/reservations/trip-access'
import { CheckoutFromAddress } from '../checkout-from-address'
import { paths } from '../paths'

/**
 * Spec §2 checkout. The stay is in the address (`?cabin&checkIn&checkOut&guests`); the cabin page
 * hands over its summary (navigation state, or the session copy after a reload). An address whose
 * stay has no summary here is quoted again; without either, the checkout goes home.
 */
export function CheckoutPage() {
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const stay = readCheckoutStay(searchParams)
  const [handedOver] = useState(() => readCheckoutSummary(location.state))
  const bookingRequest = usePayLink()
  if (bookingRequest && stay) {
    // An accepted request's pay link: the stay is the request's, quoted from the address.
    return (
      <CheckoutFromAddress key={stayKey(stay)} stay={stay}>
        {(summary) => <Checkout summary={summary} bookingRequest={bookingRequest} />}
      </CheckoutFromAddress>
    )
  }
  if (handedOver && (!stay || isSummaryOfStay(handedOver, stay))) return <Checkout summary={handedOver} />
  if (stay) {
    return (
      <CheckoutFromAddress key={stayKey(stay)} stay={stay}>
        {(summary) => <Checkout summary={summary} />}
      </CheckoutFromAddress>
    )
  }
  return <Navigate to={paths.home()} replace />
}

/** The trip this browser just booked: the cabin page shows it instead of 'No disponible' for its dates. */
function rememberReservation({ reservationId, accessToken, ...stay }: MadeReservation) {
  if (accessToken) rememberTripToken(reservationId, accessToken, Date.now(), undefined, stay)
}

function Checkout({
  summary,
  bookingRequest,
}: {
  summary: CheckoutSummary
  bookingRequest?: BookingRequestLink
}) {
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const profile = useCheckoutProfile()
  const tokenizeCard = useOpenpay()

  const { cabinId, checkIn, checkOut, guests } = summary
  // Where a checkout that cannot go on leads: the cabin (dates taken) or the trip page (202).
  const links = {
    cabin: paths.cabin(cabinId, { checkIn, checkOut, guests }),
    trip: (reservationId: string, token: string | undefined) => paths.trip(reservationId, { token }),
  }

  function goBack() {
    // A checkout opened directly (new tab, reload) has no page behind it: go to the cabin instead.
    if (location.key !== 'default') navigate(-1)
    else navigate(links.cabin)
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-5 pb-12 sm:px-6 sm:pt-8 lg:px-8">
      <title>Confirmar y pagar — Cabañas MX</title>
      <header className="flex items-start gap-3 sm:gap-4">
        <button
          type="button"
          onClick={goBack}
          aria-label="Volver"
          className="-ml-1 flex size-10 shrink-0 items-center justify-center rounded-full text-stone-800 transition-colors hover:bg-stone-200/70"
        >
          <ChevronLeft aria-hidden="true" className="size-6" />
        </button>
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
            Confirmar y pagar
          </h1>
          <p className="mt-1 text-pretty text-stone-600">
            {bookingRequest
              ? 'El anfitrión aceptó tu solicitud. Tu reserva se confirma cuando completes el pago.'
              : 'Tu reserva no se confirmará hasta que completes el pago.'}
          </p>
        </div>
      </header>

      <div className="mt-6 grid gap-6 sm:mt-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
        <aside aria-label="Resumen de la reserva" className="lg:col-start-2 lg:row-start-1">
          <div className="lg:sticky lg:top-28">
            <CheckoutOrderSummary summary={summary} />
          </div>
        </aside>
        <CheckoutLinksContext value={links}>
          <CheckoutForm
            className="lg:col-start-1 lg:row-start-1"
            summary={summary}
            profile={profile}
            formId={PAYMENT_FORM_ID}
            paymentSection={<PaymentMethodSection />}
            tokenizeCard={tokenizeCard}
            onReservationMade={(reservation) => {
              rememberReservation(reservation)
              // These nights are booked now: the cabin's calendar and every quote kept (the one of this
              // stay, above all) are asked again, so going back shows 'Ya reservaste estas fechas'.
              queryClient.removeQueries({ queryKey: quoteKeys.all })
            }}
            onPaid={(confirmation) => navigate(paths.confirmation(), { replace: true, state: confirmation })}
            bookingRequest={bookingRequest}
          />
        </CheckoutLinksContext>
      </div>
    </div>
  )
}
