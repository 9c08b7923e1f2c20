import { Landmark } from 'lucide-react'
import { MessagePanel } from '../../components/ui/message-panel'
import { RetryAlert } from '../../components/ui/retry-alert'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { showsFailure } from '../../lib/query-failure'
import { PayoutMonthCard } from './payout-month-card'
import { type HostSession, useHostPayouts } from './use-host-payouts'

/** The host's months, newest first; an empty state until a first stay is paid and over. */
export function HostPayouts({ session }: { session: HostSession }) {
  const months = useHostPayouts(session)
  if (months.isPending) return <PageSpinner label="Cargando tus pagos…" />
  if (showsFailure(months)) {
    return <RetryAlert title="No se pudieron cargar tus pagos." onRetry={() => void months.refetch()} />
  }
  const notice = <StaleNotice query={months} className="mb-4" />
  if (months.data.length === 0) {
    return (
      <>
        {notice}
        <MessagePanel
          icon={<Landmark aria-hidden="true" />}
          title="Aún no tienes pagos"
          description="Cuando termine la primera estancia pagada en tus cabañas, aquí verás cada mes lo que te corresponde."
        />
      </>
    )
  }
  return (
    <>
      {notice}
      <ul className="flex flex-col gap-4">
        {months.data.map((month) => (
          <li key={month.month}>
            <PayoutMonthCard month={month} session={session} />
          </li>
        ))}
      </ul>
    </>
  )
}
