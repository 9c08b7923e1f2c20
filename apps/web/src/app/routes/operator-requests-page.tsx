import { BookingRequestsList } from '../../features/operator/booking-requests-list'
import { useOperatorSession } from './operator-layout'

/** '/operador/solicitudes': the requests to book, read-only. */
export function OperatorRequestsPage() {
  const session = useOperatorSession()
  return (
    <>
      <title>Solicitudes — Consola de operación</title>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Solicitudes de reserva</h1>
      <p className="mt-1 text-stone-600">
        Lo que los huéspedes pidieron a los anfitriones, la más reciente primero.
      </p>
      <div className="mt-6">
        <BookingRequestsList session={session} />
      </div>
    </>
  )
}
