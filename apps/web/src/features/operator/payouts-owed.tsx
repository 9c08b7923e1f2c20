import { maskClabe } from '@cabanas/domain/hosts'
import type { OperatorPayout } from '@cabanas/domain/payouts'
import { Banknote, CheckCheck, Landmark, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { RetryAlert } from '../../components/ui/retry-alert'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { formatLongDate, formatMonthYear, formatMxn, pluralize } from '../../lib/format'
import { isStale, showsFailure } from '../../lib/query-failure'
import { PayoutStatusBadge } from '../payouts/payout-status-badge'
import { payoutErrorMessage } from './operator-errors'
import { MarkPaidDialog, TransferPayoutDialog } from './payout-dialogs'
import type { OperatorSession } from './session-props'
import { useOperatorPayouts } from './use-operator-payouts'
import { usePayoutAction } from './use-payout-action'

/** 'Pagos a anfitriones': each host's month owed, in progress or recently paid, and how to pay it. */
export function PayoutsOwed({ session }: { session: OperatorSession }) {
  const payouts = useOperatorPayouts(session)
  const [notice, setNotice] = useState<string | null>(null)

  if (payouts.isPending) return <PageSpinner label="Cargando pagos…" />
  if (showsFailure(payouts)) {
    return (
      <RetryAlert
        title="No se pudieron cargar los pagos a anfitriones."
        onRetry={() => void payouts.refetch()}
      />
    )
  }
  return (
    <div className="flex flex-col gap-4">
      {notice && <Alert tone="success" role="status" title={notice} />}
      <StaleNotice
        query={payouts}
        held="Para pagar o consultar una transferencia, primero toca «Reintentar»."
      />
      {payouts.data.length === 0 ? (
        <MessagePanel
          icon={<Landmark />}
          title="No hay pagos pendientes"
          description="Ningún anfitrión tiene saldo por cobrar."
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {payouts.data
            .toSorted((a, b) => attention[a.status] - attention[b.status])
            .map((payout) => (
              <li key={`${payout.hostId}-${payout.month}`}>
                <PayoutRow payout={payout} session={session} onPaid={setNotice} held={isStale(payouts)} />
              </li>
            ))}
        </ul>
      )}
    </div>
  )
}

type Open = 'transfer' | 'mark-paid' | null

/** What needs the operator comes first: months owed, then transfers in progress, then those paid. */
const attention: Record<OperatorPayout['status'], number> = {
  owed: 0,
  processing: 1,
  open: 2,
  settled: 3,
  paid: 4,
}

function PayoutRow({
  payout,
  session,
  onPaid,
  held,
}: {
  payout: OperatorPayout
  session: OperatorSession
  onPaid: (message: string) => void
  /** The list may be out of date (a refresh failed): no payment until one succeeds. */
  held: boolean
}) {
  const [open, setOpen] = useState<Open>(null)
  const action = usePayoutAction(session, payout, (message) => {
    setOpen(null)
    onPaid(message)
  })
  const error = action.error ? payoutErrorMessage(action.error) : null
  const show = (next: Open) => {
    action.reset()
    setOpen(next)
  }
  const month = formatMonthYear(payout.month)

  return (
    <article className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-stone-900">{payout.displayName}</h2>
          <PayoutStatusBadge status={payout.status} />
        </div>
        <p className="text-sm text-stone-600">
          <span className="inline-block first-letter:uppercase">{month}</span> ·{' '}
          {pluralize(payout.stays, 'estancia', 'estancias')}
        </p>
        <p className="text-sm text-stone-600 tabular-nums">
          {payout.bankName} {maskClabe(payout.clabeLast4).replaceAll(' ', '\u00a0')}
        </p>
        {payout.payout?.paidAt && (
          <p className="text-sm text-stone-600">
            Pagado el {formatLongDate(payout.payout.paidAt)}
            {payout.payout.reference && ` · Referencia ${payout.payout.reference}`}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-3 md:items-end">
        <p className="text-xl font-bold text-stone-900 tabular-nums">{formatMxn(payout.amount)}</p>
        {payout.status === 'owed' && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              size="sm"
              onClick={() => show('transfer')}
              disabled={action.isSending || held}
              aria-label={`Pagar por transferencia a ${payout.displayName}, ${month}`}
            >
              <Banknote aria-hidden="true" />
              Pagar por transferencia
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => show('mark-paid')}
              disabled={action.isSending || held}
              aria-label={`Marcar como pagado a ${payout.displayName}, ${month}`}
            >
              <CheckCheck aria-hidden="true" />
              Marcar como pagado
            </Button>
          </div>
        )}
        {payout.status === 'processing' && (
          <div className="flex flex-col gap-2 md:max-w-xs md:items-end">
            <p className="text-sm text-stone-600 md:text-right">
              El proveedor no confirmó esta transferencia. Consúltala: si no salió, se envía de nuevo, nunca
              dos veces.
            </p>
            <Button
              size="sm"
              variant="outline"
              onClick={() => action.send({ kind: 'transfer', body: { amount: payout.amount } })}
              disabled={action.isSending || held}
              aria-label={`Consultar la transferencia a ${payout.displayName}, ${month}`}
            >
              <RefreshCw aria-hidden="true" className={action.isSending ? 'animate-spin' : undefined} />
              Consultar transferencia
            </Button>
            {error && open === null && (
              <p role="alert" className="text-sm text-red-700 md:text-right">
                {error}
              </p>
            )}
          </div>
        )}
      </div>
      <TransferPayoutDialog
        payout={payout}
        open={open === 'transfer'}
        onClose={() => setOpen(null)}
        isSending={action.isSending}
        error={error}
        held={held}
        onConfirm={() => action.send({ kind: 'transfer', body: { amount: payout.amount } })}
      />
      <MarkPaidDialog
        payout={payout}
        open={open === 'mark-paid'}
        onClose={() => setOpen(null)}
        isSending={action.isSending}
        error={error}
        held={held}
        onMarkPaid={(body) => action.send({ kind: 'mark-paid', body })}
      />
    </article>
  )
}
