import { OperatorReservations } from '../../features/operator/operator-reservations'
import { useOperatorSession } from './operator-layout'

/** '/operador/reservas': every reservation, with 'Reembolsar'. */
export function OperatorReservationsPage() {
  const session = useOperatorSession()
  return (
    <>
      <title>Reservas — Consola de operación</title>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Reservas</h1>
      <p className="mt-1 text-stone-600">
        Todas las reservas. Una reserva activa y pagada se puede reembolsar completa en nombre de Cabañas MX.
      </p>
      <div className="mt-6">
        <OperatorReservations session={session} />
      </div>
    </>
  )
}
