import { CalendarDays, Compass } from 'lucide-react'
import { Link } from 'react-router'
import { buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { RetryAlert } from '../../components/ui/retry-alert'
import { StaleNotice } from '../../components/ui/stale-notice'
import { useSession } from '../../features/auth/use-session'
import { BookingRequestsSection } from '../../features/reservations/booking-requests-section'
import { ReservationCard } from '../../features/reservations/reservation-card'
import { ReservationCardSkeleton } from '../../features/reservations/reservation-card-skeleton'
import { reservationsErrorMessage } from '../../features/reservations/reservations-error'
import { useReservations } from '../../features/reservations/use-reservations'
import { showsFailure } from '../../lib/query-failure'
import { paths } from '../paths'

const SKELETON_COUNT = 3

/** Spec §2 My reservations. The route's guard lets only signed-in clients in. */
export function MyReservationsPage() {
  const session = useSession()
  return (
    <>
      <title>Mis Reservas — Cabañas MX</title>
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Mis Reservas</h1>
        <p className="mt-1 text-stone-600">Consulta el estado y los detalles de tus estancias.</p>
        <div className="mt-8">
          {session.token && <ReservationsList token={session.token} onUnauthorized={session.expireSession} />}
          {session.token && (
            <BookingRequestsSection
              token={session.token}
              cabinPath={(id) => paths.cabin(id)}
              messagesPath={(id) => paths.messageThread({ as: 'guest', kind: 'request', id })}
              payPath={(request) => paths.payRequest(request, request.requestId)}
            />
          )}
        </div>
      </div>
    </>
  )
}

function ReservationsList({ token, onUnauthorized }: { token: string; onUnauthorized: () => void }) {
  const reservations = useReservations({ token, onUnauthorized })

  if (reservations.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-6">
        <p role="status" className="sr-only">
          Cargando tus reservas…
        </p>
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <ReservationCardSkeleton key={index} />
        ))}
      </div>
    )
  }

  if (showsFailure(reservations)) {
    return (
      <RetryAlert
        title={reservationsErrorMessage(reservations.error)}
        onRetry={() => reservations.refetch()}
        busy={reservations.isFetching}
      />
    )
  }

  const notice = <StaleNotice query={reservations} className="mb-6" />
  if (reservations.data.length === 0) {
    return (
      <>
        {notice}
        <MessagePanel
          icon={<CalendarDays />}
          title="No tienes reservas aún"
          description="Cuando reserves una cabaña, aquí verás sus fechas, el pago y los detalles de tu estancia."
          className="rounded-2xl border border-stone-200 bg-white sm:max-w-none"
        >
          <Link to={paths.home()} className={buttonStyles()}>
            <Compass aria-hidden="true" />
            Explorar Cabañas
          </Link>
        </MessagePanel>
      </>
    )
  }

  return (
    <>
      {notice}
      <ul className="flex flex-col gap-6">
        {reservations.data.map((reservation) => (
          <li key={reservation._id}>
            <ReservationCard
              reservation={reservation}
              cabinPath={paths.cabin(reservation.resourceId)}
              messagesPath={paths.messageThread({ as: 'guest', kind: 'reservation', id: reservation._id })}
            />
          </li>
        ))}
      </ul>
    </>
  )
}
