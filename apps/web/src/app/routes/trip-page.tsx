import { CalendarCheck, House, LogIn, MessageSquare } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { buttonStyles } from '../../components/ui/button'
import type { ReturnState } from '../../features/auth/session-guards'
import { useSession } from '../../features/auth/use-session'
import { TripDetails } from '../../features/reservations/trip-details'
import { useTripToken } from '../../features/reservations/use-trip-token'
import { paths } from '../paths'

/**
 * The trip page, /reserva/{id}: one reservation, for its signed-in owner or whoever holds the secret
 * of a mailed link (`#token=`, moved out of the address on arrival and kept by this browser).
 */
export function TripPage() {
  const { id = '' } = useParams()
  return <Trip key={id} reservationId={id} />
}

function Trip({ reservationId }: { reservationId: string }) {
  const session = useSession()
  const accessToken = useTripToken(reservationId)
  const home = (
    <Link to={paths.home()} className={buttonStyles({ variant: 'outline' })}>
      <House aria-hidden="true" />
      Volver al inicio
    </Link>
  )
  const signedInWay = session.token ? (
    <Link to={paths.myReservations()} className={buttonStyles()}>
      <CalendarCheck aria-hidden="true" />
      Ver mis reservas
    </Link>
  ) : (
    // Login brings the owner back here (the login page's guard reads `from`).
    <Link
      to={paths.login()}
      state={{ from: paths.trip(reservationId) } satisfies ReturnState}
      className={buttonStyles()}
    >
      <LogIn aria-hidden="true" />
      Iniciar sesión
    </Link>
  )
  return (
    <>
      <TripDetails
        reservationId={reservationId}
        credentials={{ sessionToken: session.token, accessToken }}
        notFoundActions={
          <>
            {signedInWay}
            {home}
          </>
        }
        errorActions={home}
      />
      {session.token && (
        // The thread with the host (signed-in guests: a mailed link alone does not open messages).
        <div className="mx-auto w-full max-w-5xl px-4 pb-10 sm:px-6 lg:px-8">
          <Link
            to={paths.messageThread({ as: 'guest', kind: 'reservation', id: reservationId })}
            className={buttonStyles({ variant: 'outline' })}
          >
            <MessageSquare aria-hidden="true" />
            Mensajes con el anfitrión
          </Link>
        </div>
      )}
    </>
  )
}
