import { maskClabe, type OperatorHost } from '@cabanas/domain/hosts'
import { Users } from 'lucide-react'
import { MessagePanel } from '../../components/ui/message-panel'
import { RetryAlert } from '../../components/ui/retry-alert'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { formatLongDate } from '../../lib/format'
import { pluralize } from '../../lib/plural'
import { showsFailure } from '../../lib/query-failure'
import { useMediaQuery } from '../../lib/use-media-query'
import type { OperatorSession } from './session-props'
import { useOperatorHosts } from './use-operator-hosts'

/** Every host: the name guests see, the payout account (bank and last 4 digits only) and since when. */
export function HostsList({ session }: { session: OperatorSession }) {
  const hosts = useOperatorHosts(session)
  const isWide = useMediaQuery('(min-width: 768px)')

  if (hosts.isPending) return <PageSpinner label="Cargando anfitriones…" />
  if (showsFailure(hosts)) {
    return <RetryAlert title="No se pudieron cargar los anfitriones." onRetry={() => void hosts.refetch()} />
  }
  // One notice in one place whether the list is empty or not: a refresh that changes which (after
  // 'Reintentar') keeps it, with its confirmation and the focus.
  return (
    <div>
      <StaleNotice query={hosts} className="mb-4" />
      {hosts.data.length === 0 ? (
        <MessagePanel icon={<Users />} title="Aún no hay anfitriones" />
      ) : (
        <>
          <p className="mb-4 text-sm text-stone-600">
            {pluralize(hosts.data.length, 'anfitrión', 'anfitriones')}
          </p>
          {isWide ? <HostsTable hosts={hosts.data} /> : <HostCards hosts={hosts.data} />}
        </>
      )}
    </div>
  )
}

/** 'BBVA México •••• 0071', the dots never apart from their digits. */
const account = (host: OperatorHost) =>
  `${host.bankName} ${maskClabe(host.clabeLast4).replaceAll(' ', '\u00a0')}`

function HostCards({ hosts }: { hosts: OperatorHost[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {hosts.map((host) => (
        <li key={host.clientId} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
          <h2 className="font-semibold text-stone-900">{host.displayName}</h2>
          <p className="truncate text-sm text-stone-600">{host.email}</p>
          <dl className="mt-3 grid grid-cols-2 gap-3 border-t border-stone-100 pt-3 text-sm">
            <div>
              <dt className="text-stone-500">CLABE</dt>
              <dd className="text-stone-900 tabular-nums">{account(host)}</dd>
            </div>
            <div>
              <dt className="text-stone-500">Anfitrión desde</dt>
              <dd className="text-stone-900">{formatLongDate(host.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-stone-500">Cancelaciones</dt>
              <dd className="text-stone-900 tabular-nums">{host.hostCancellations ?? 0}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  )
}

function HostsTable({ hosts }: { hosts: OperatorHost[] }) {
  const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase'
  return (
    <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
      <table className="w-full text-sm">
        <thead className="border-b border-stone-200 bg-stone-50">
          <tr>
            <th scope="col" className={th}>
              Anfitrión
            </th>
            <th scope="col" className={th}>
              Correo
            </th>
            <th scope="col" className={th}>
              CLABE
            </th>
            <th scope="col" className={th}>
              Anfitrión desde
            </th>
            <th scope="col" className={th}>
              Cancelaciones
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {hosts.map((host) => (
            <tr key={host.clientId}>
              <th scope="row" className="px-4 py-3 text-left font-semibold text-stone-900">
                {host.displayName}
              </th>
              <td className="px-4 py-3 text-stone-700">{host.email}</td>
              <td className="px-4 py-3 whitespace-nowrap text-stone-700 tabular-nums">{account(host)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-stone-700">{formatLongDate(host.createdAt)}</td>
              <td className="px-4 py-3 text-stone-700 tabular-nums">{host.hostCancellations ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
