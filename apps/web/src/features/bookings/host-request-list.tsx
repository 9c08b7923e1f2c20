import type { RequestState } from '@cabanas/domain/bookings'
import { Inbox } from 'lucide-react'
import { Link } from 'react-router'
import { Alert } from '../../components/ui/alert'
import { Spinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { cx } from '../../lib/cx'
import { showsFailure } from '../../lib/query-failure'
import { HostRequestCard } from './host-request-card'
import { type HostSession, useHostRequests } from './use-host-requests'

/** The inbox's tabs: waiting for the host first. */
export const REQUEST_TABS: { state: RequestState | null; label: string }[] = [
  { state: 'pending', label: 'Pendientes' },
  { state: 'accepted', label: 'Aceptadas' },
  { state: 'paid', label: 'Pagadas' },
  { state: 'declined', label: 'Rechazadas' },
  { state: 'expired', label: 'Vencidas' },
  { state: null, label: 'Todas' },
]

type HostRequestListProps = {
  session: HostSession
  state: RequestState | null
  /** The address of a tab, and of a request's detail. */
  tabHref: (state: RequestState | null) => string
  requestHref: (id: string) => string
}

/** The host's inbox: state tabs and the requests in the chosen one, newest first. */
export function HostRequestList({ session, state, tabHref, requestHref }: HostRequestListProps) {
  const requests = useHostRequests(session, state)
  const now = new Date()
  return (
    <div>
      <nav aria-label="Estado de las solicitudes" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-2 pb-1">
          {REQUEST_TABS.map((tab) => {
            const isCurrent = tab.state === state
            return (
              <li key={tab.label} className="shrink-0">
                <Link
                  to={tabHref(tab.state)}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={cx(
                    'inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium',
                    isCurrent
                      ? 'border-stone-900 bg-stone-900 text-white'
                      : 'border-stone-300 bg-white text-stone-800 hover:border-stone-400',
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <div className="mt-5">
        <StaleNotice query={requests} className="mb-4" />
        {requests.isPending ? (
          <Spinner />
        ) : showsFailure(requests) ? (
          <Alert tone="error" role="alert" title="No pudimos cargar tus solicitudes." />
        ) : requests.data.length === 0 ? (
          <p className="flex items-center gap-2 rounded-2xl border border-dashed border-stone-300 p-6 text-stone-600">
            <Inbox aria-hidden="true" className="size-5" />
            No hay solicitudes aquí.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {requests.data.map((request) => (
              <li key={request.requestId}>
                <HostRequestCard request={request} href={requestHref(request.requestId)} now={now} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
