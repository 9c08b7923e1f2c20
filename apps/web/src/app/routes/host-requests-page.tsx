import { REQUEST_STATES, type RequestState } from '@cabanas/domain/bookings'
import { useSearchParams } from 'react-router'
import { useApiSession } from '../../features/auth/use-session'
import { HostRequestList } from '../../features/bookings/host-request-list'
import { paths } from '../paths'

/** The tab of `?estado=`: pending without it, every state with 'todas'. */
function stateOf(value: string | null): RequestState | null {
  if (value === 'todas') return null
  return REQUEST_STATES.find((state) => state === value) ?? 'pending'
}

/** 'Solicitudes': the host's requests to book, by state, newest first. Hosts only. */
export function HostRequestsPage() {
  const [searchParams] = useSearchParams()
  const state = stateOf(searchParams.get('estado'))
  const session = useApiSession()
  return (
    <>
      <title>Solicitudes — Cabañas MX</title>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Solicitudes</h1>
        <p className="mt-1 text-stone-600">
          Huéspedes que quieren reservar tus cabañas. Responde antes de 24 horas.
        </p>
        <div className="mt-6">
          {session && (
            <HostRequestList
              session={session}
              state={state}
              tabHref={(tab) => paths.hostRequests({ state: tab })}
              requestHref={(id) => paths.hostRequest(id)}
            />
          )}
        </div>
      </div>
    </>
  )
}
