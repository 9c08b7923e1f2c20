import { isCancellableByGuest, type ReservationDetails } from '@cabanas/domain/reservations'
import { CreditCard, MapPin, RefreshCw, TriangleAlert } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { IMAGE_PLACEHOLDER } from '../../components/ui/image-placeholder'
import { MessagePanel } from '../../components/ui/message-panel'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { isApiError } from '../../lib/api-client'
import { isPassingFailure, isStale, showsFailure } from '../../lib/query-failure'
import { CancelTripDialog } from './cancel-trip-dialog'
import { paymentStatusBadge, reservationStatusBadge } from './reservation-status'
import type { TripCredentials } from './trip-access'
import { TripContactCard, TripPolicyCard, TripPriceCard, TripStayCard } from './trip-cards'
import { TripDirectionsCard } from './trip-directions'
import { TripNoAccess } from './trip-no-access'
import { useCancelTrip, useTrip } from './use-trip'

type TripDetailsProps = {
  reservationId: string
  credentials: TripCredentials
  /** Where the not-found screen sends the guest (the page brings the links). */
  notFoundActions: ReactNode
  /** Links under the error screen's retry button. */
  errorActions: ReactNode
}

/** The trip page's reservation, fetched with the page's credentials, with its loading and error states. */
export function TripDetails({ reservationId, credentials, notFoundActions, errorActions }: TripDetailsProps) {
  const trip = useTrip(reservationId, credentials)

  if (trip.isPending) return <PageSpinner label="Cargando tu reserva…" />
  if (showsFailure(trip)) {
    // 404 for a wrong link, another client's reservation or none at all: the screen says which
    // ways in exist, never whether this one exists. A 408 or 429 is a failure in passing, not that.
    if (
      isApiError(trip.error) &&
      trip.error.status >= 400 &&
      trip.error.status < 500 &&
      !isPassingFailure(trip.error)
    ) {
      return (
        <TripNoAccess reservationId={reservationId} hadLink={credentials.accessToken !== null}>
          {notFoundActions}
        </TripNoAccess>
      )
    }
    return (
      <MessagePanel
        role="alert"
        tone="error"
        icon={<TriangleAlert />}
        title="Ocurrió un error"
        description="No se pudo cargar tu reserva. Por favor, intenta de nuevo."
        headingLevel={1}
      >
        <Button onClick={() => void trip.refetch()}>
          <RefreshCw aria-hidden="true" />
          Reintentar
        </Button>
        {errorActions}
      </MessagePanel>
    )
  }
  return (
    <TripView
      reservation={trip.data}
      credentials={credentials}
      staleNotice={<StaleNotice query={trip} held={heldText(trip.data)} className="mt-6" />}
      held={isStale(trip)}
    />
  )
}

/** What a stale trip holds back: its cancellation, whose refund is counted from what the server says now. */
function heldText(reservation: ReservationDetails): string | undefined {
  return isCancellableByGuest(reservation)
    ? 'Para cancelar tu reserva, primero toca «Reintentar».'
    : undefined
}

function TripView({
  reservation,
  credentials,
  staleNotice,
  held,
}: {
  reservation: ReservationDetails
  credentials: TripCredentials
  /** Says when the trip on screen may be out of date. */
  staleNotice: ReactNode
  /** The cancellation waits for a refresh that succeeds. */
  held: boolean
}) {
  const cancel = useCancelTrip(reservation._id, credentials)
  const [notice, setNotice] = useState<string | null>(null)
  const noticeRef = useRef<HTMLDivElement>(null)
  // The answer shows at the top of the page: take the guest there (the dialog was lower down).
  useEffect(() => {
    if (!notice) return
    noticeRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' })
    noticeRef.current?.focus({ preventScroll: true })
  }, [notice])
  const status = reservationStatusBadge(reservation.status)
  const payment = paymentStatusBadge(reservation.paymentStatus)

  async function confirmCancel() {
    const { message } = await cancel.mutateAsync()
    setNotice(message)
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-12 sm:px-6 sm:pt-10 lg:px-8">
      <title>{`Tu reserva en ${reservation.resourceName} — Cabañas MX`}</title>
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          <Badge tone={payment.tone} icon={<CreditCard />}>
            <span className="sr-only">Pago: </span>
            {payment.label}
          </Badge>
        </div>
        <h1 className="mt-3 text-2xl font-semibold tracking-tight text-balance text-stone-900 sm:text-3xl">
          {reservation.resourceName}
        </h1>
        <p className="mt-1 flex items-center gap-1 text-stone-600">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-accent-600" />
          {reservation.cabin.address}
        </p>
        <p className="mt-1 text-xs break-all text-stone-500">Reserva #{reservation._id}</p>
      </header>

      {staleNotice}
      {notice && (
        <Alert ref={noticeRef} tone="success" role="status" focusable className="mt-6">
          {notice}
        </Alert>
      )}
      {reservation.status === 'pending' && (
        <Alert tone="warning" title="Pago en verificación" className="mt-6">
          Estamos confirmando tu pago con el banco. No vuelvas a pagar: te avisaremos por correo en cuanto se
          confirme.
        </Alert>
      )}

      <div className="mt-6 grid gap-5 lg:mt-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
        <CabinPhoto image={reservation.cabin.image} />
        <TripStayCard reservation={reservation} />
        <div className="flex flex-col gap-5 lg:col-start-2 lg:row-span-6 lg:row-start-1 lg:gap-8 lg:self-start">
          <TripPriceCard reservation={reservation} />
          <TripDirectionsCard reservation={reservation} credentials={credentials} />
        </div>
        <TripPolicyCard
          reservation={reservation}
          cancelAction={
            isCancellableByGuest(reservation) ? (
              <CancelTripDialog reservation={reservation} onConfirm={confirmCancel} held={held} />
            ) : null
          }
        />
        <TripContactCard reservation={reservation} />
      </div>
    </div>
  )
}

/** The cabin's large photo; the neutral placeholder when it has none or it fails to load. */
function CabinPhoto({ image }: { image: ReservationDetails['cabin']['image'] }) {
  const [failed, setFailed] = useState(false)
  const shown = !image || failed ? null : image
  return (
    <div className="aspect-[16/9] overflow-hidden rounded-2xl bg-stone-200 lg:col-start-1">
      <img
        src={shown?.url ?? IMAGE_PLACEHOLDER}
        alt={shown?.alt ?? ''}
        decoding="async"
        onError={() => setFailed(true)}
        className="size-full object-cover"
      />
    </div>
  )
}
