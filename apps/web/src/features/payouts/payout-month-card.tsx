import type { PayoutMonthSummary } from '@cabanas/domain/payouts'
import { ChevronDown, Download, LoaderCircle } from 'lucide-react'
import { useId, useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { formatLongDate, formatMonthYear, formatMxn, pluralize } from '../../lib/format'
import { saveFile } from '../../lib/save-file'
import { PayoutMonthDetail } from './payout-month-detail'
import { PayoutStatusBadge } from './payout-status-badge'
import { fetchHostPayoutCsv } from './payouts.api'
import type { HostSession } from './use-host-payouts'

/** One month of the host's report: its totals, where its payout stands, its stays and its CSV. */
export function PayoutMonthCard({ month, session }: { month: PayoutMonthSummary; session: HostSession }) {
  const [isOpen, setIsOpen] = useState(false)
  const [download, setDownload] = useState<'idle' | 'loading' | 'failed'>('idle')
  const detailId = useId()
  const title = formatMonthYear(month.month)
  const { totals } = month

  async function downloadCsv() {
    if (download === 'loading') return
    setDownload('loading')
    try {
      const { file, fileName } = await fetchHostPayoutCsv(session.token, month.month)
      saveFile(file, fileName)
      setDownload('idle')
    } catch {
      setDownload('failed')
    }
  }

  return (
    <article
      aria-labelledby={`${detailId}-title`}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div>
          <h2
            id={`${detailId}-title`}
            className="text-lg font-semibold text-stone-900 first-letter:uppercase"
          >
            {title}
          </h2>
          <p className="text-sm text-stone-600">{pluralize(month.stays, 'estancia', 'estancias')}</p>
        </div>
        <PayoutStatusBadge status={month.status} />
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-stone-100 pt-4 text-sm sm:grid-cols-4">
        <Amount label="Pagado por huéspedes" value={totals.guestPaid} />
        <Amount label="Reembolsos" value={-totals.refunded} />
        <Amount label="Tarifa de servicio y comisión" value={-(totals.serviceFee + totals.hostCommission)} />
        <Amount label="Para ti" value={totals.hostAmount} strong />
      </dl>

      {month.payout && month.status === 'paid' && (
        <p className="mt-3 text-sm text-stone-700">
          Pagado{month.payout.paidAt && ` el ${formatLongDate(month.payout.paidAt)}`}
          {month.payout.reference && (
            <>
              {' '}
              · Referencia{' '}
              <span className="font-medium break-all text-stone-900">{month.payout.reference}</span>
            </>
          )}
        </p>
      )}
      {month.status === 'processing' && (
        <p className="mt-3 text-sm text-stone-700">
          La transferencia está en curso; te avisaremos cuando llegue.
        </p>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={isOpen}
          aria-controls={isOpen ? detailId : undefined}
          onClick={() => setIsOpen((open) => !open)}
        >
          <ChevronDown aria-hidden="true" className={isOpen ? 'rotate-180' : undefined} />
          {isOpen ? 'Ocultar estancias' : 'Ver estancias'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={downloadCsv}
          disabled={download === 'loading'}
          aria-label={`Descargar CSV de ${title}`}
        >
          {download === 'loading' ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <Download aria-hidden="true" />
          )}
          Descargar CSV
        </Button>
      </div>
      {download === 'failed' && (
        <Alert
          tone="error"
          role="alert"
          className="mt-3"
          title="No se pudo descargar el CSV. Intenta de nuevo."
        />
      )}
      {isOpen && (
        <div id={detailId} className="mt-4 border-t border-stone-100 pt-4">
          <PayoutMonthDetail month={month.month} session={session} />
        </div>
      )}
    </article>
  )
}

function Amount({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-stone-500">{label}</dt>
      <dd
        className={
          strong ? 'text-base font-semibold text-stone-900 tabular-nums' : 'text-stone-900 tabular-nums'
        }
      >
        {formatMxn(value)}
      </dd>
    </div>
  )
}
