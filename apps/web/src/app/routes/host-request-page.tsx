import { ChevronLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { useApiSession } from '../../features/auth/use-session'
import { HostRequestDetail } from '../../features/bookings/host-request-detail'
import { paths } from '../paths'

/** One request to book, for its host: 'Aceptar' / 'Rechazar'. Hosts only. */
export function HostRequestPage() {
  const { id = '' } = useParams()
  const session = useApiSession()
  return (
    <>
      <title>Solicitud de reserva — Cabañas MX</title>
      <div className="mx-auto w-full max-w-2xl px-4 pt-4 pb-8 sm:px-6 sm:py-10">
        <Link
          to={paths.hostRequests()}
          className="-ml-1 inline-flex h-10 items-center gap-1 text-sm font-medium text-stone-700 hover:text-stone-900"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
          Solicitudes
        </Link>
        <div className="mt-3">{session && <HostRequestDetail key={id} session={session} id={id} />}</div>
      </div>
    </>
  )
}
