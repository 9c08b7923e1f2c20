import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { useApiSession } from '../../features/auth/use-session'
import { HostReservationDetails } from '../../features/reservations/host-reservation-detail'
import { paths } from '../paths'

/** One reservation of the host's cabins, with the guest's contact when confirmed. Hosts only. */
export function HostReservationPage() {
  const { id = '' } = useParams()
  const session = useApiSession()
  return (
    <>
      <title>Reserva — Cabañas MX</title>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <Link
          to={paths.hostReservations()}
          className="mb-6 inline-flex items-center gap-2 text-sm font-medium text-stone-700 hover:text-stone-900"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Reservas de mis cabañas
        </Link>
        {session && <HostReservationDetails session={session} id={id} />}
      </div>
    </>
  )
}
