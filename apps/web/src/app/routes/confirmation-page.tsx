import { ConfirmationStateSchema } from '@cabanas/domain/bookings'
import { ArrowLeft, CalendarCheck, House, TicketCheck } from 'lucide-react'
import { Link, Navigate, useLocation } from 'react-router'
import { buttonStyles } from '../../components/ui/button'
import { RequestConfirmation } from '../../features/bookings/confirmation-request'
import { ReservationConfirmation } from '../../features/bookings/confirmation-reservation'
import { paths } from '../paths'

/** Spec §2 confirmation: a paid reservation, or a request waiting for the host. No state → home. */
export function ConfirmationPage() {
  const { state } = useLocation()
  const parsed = ConfirmationStateSchema.safeParse(state)
  if (!parsed.success) return <Navigate to={paths.home()} replace />
  const confirmation = parsed.data
  const home = (
    <Link to={paths.home()} className={buttonStyles({ variant: 'outline', size: 'lg' })}>
      <House aria-hidden="true" />
      Volver al inicio
    </Link>
  )

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      {confirmation.kind === 'reservation' ? (
        <>
          <title>Reserva confirmada — Cabañas MX</title>
          <ReservationConfirmation
            confirmation={confirmation}
            actions={
              <>
                {home}
                <Link
                  to={paths.myReservations()}
                  className={buttonStyles({ variant: 'outline', size: 'lg' })}
                >
                  <CalendarCheck aria-hidden="true" />
                  Ver mis reservas
                </Link>
                {/* The way back to this stay for a guest who keeps only this tab (or no account). */}
                <Link
                  to={paths.trip(confirmation.reservationId, { token: confirmation.accessToken })}
                  className={buttonStyles({ size: 'lg' })}
                >
                  <TicketCheck aria-hidden="true" />
                  Ver mi reserva
                </Link>
              </>
            }
          />
        </>
      ) : (
        <>
          <title>Solicitud enviada — Cabañas MX</title>
          <RequestConfirmation
            confirmation={confirmation}
            actions={
              <>
                {home}
                <Link to={paths.cabin(confirmation.cabinId)} className={buttonStyles({ size: 'lg' })}>
                  <ArrowLeft aria-hidden="true" />
                  Volver a la cabaña
                </Link>
              </>
            }
          />
        </>
      )}
    </div>
  )
}
