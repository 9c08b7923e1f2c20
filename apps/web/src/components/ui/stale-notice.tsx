import type { UseQueryResult } from '@tanstack/react-query'
import { RefreshCw, TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { cx } from '../../lib/cx'
import { pluralize } from '../../lib/plural'
import { isStale } from '../../lib/query-failure'
import { useNow } from '../../lib/use-now'
import { Alert } from './alert'
import { Button } from './button'

export const staleNoticeTexts = {
  title: 'No pudimos actualizar esta información',
  retry: 'Reintentar',
  retrying: 'Actualizando…',
  /** While the browser says it is offline: the refresh goes on by itself once it is back. */
  waiting: 'Esperando conexión…',
}

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** How old the data is: 'hace un momento', 'hace 5 minutos', 'hace 2 horas', 'hace 3 días'. */
export function ageLabel(ageMs: number): string {
  if (ageMs < MINUTE_MS) return 'hace un momento'
  if (ageMs < HOUR_MS) return `hace ${pluralize(Math.floor(ageMs / MINUTE_MS), 'minuto', 'minutos')}`
  if (ageMs < DAY_MS) return `hace ${pluralize(Math.floor(ageMs / HOUR_MS), 'hora', 'horas')}`
  return `hace ${pluralize(Math.floor(ageMs / DAY_MS), 'día', 'días')}`
}

type StaleNoticeProps = {
  /** The screen's query: the notice shows while its data is stale (lib/query-failure.ts `isStale`). */
  query: UseQueryResult<unknown, unknown>
  /** What the screen holds until a refresh succeeds, said after the age: 'Para cancelar, …'. */
  held?: string
  className?: string
}

/**
 * Said above data whose last refresh failed in passing or waits for the connection: how old the data
 * is, and 'Reintentar'. Nothing while the data is fresh. Its title goes through a live region that is
 * always there (a region inserted with its text is not announced by every screen reader); the button
 * stays out of it, so that its label changing is not read out.
 */
export function StaleNotice({ query, held, className }: StaleNoticeProps) {
  const stale = isStale(query)
  const now = useNow(stale ? 30_000 : null)
  const [retrying, setRetrying] = useState(false)
  // The clock may have been read before the failure (it is read every 30 s while stale).
  const age = Math.max(0, Math.max(now, query.errorUpdatedAt) - query.dataUpdatedAt)

  const retry = () => {
    if (retrying) return
    setRetrying(true)
    void query.refetch().finally(() => setRetrying(false))
  }

  return (
    <>
      <p role="status" className="sr-only">
        {stale ? `${staleNoticeTexts.title}.` : ''}
      </p>
      {stale && (
        <div
          className={cx(
            'flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm leading-relaxed text-amber-950',
            className,
          )}
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
          <div className="min-w-0 flex-1">
            {/* Read from the live region above. */}
            <p aria-hidden="true" className="font-semibold">
              {staleNoticeTexts.title}
            </p>
            <p className="mt-1">
              Lo que ves es de {ageLabel(age)} y puede haber cambiado.
              {held ? ` ${held}` : ''}
            </p>
            <Button variant="outline" size="sm" className="mt-2" aria-busy={retrying} onClick={retry}>
              <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
              {query.fetchStatus === 'paused'
                ? staleNoticeTexts.waiting
                : retrying
                  ? staleNoticeTexts.retrying
                  : staleNoticeTexts.retry}
            </Button>
          </div>
        </div>
      )}
    </>
  )
}

/**
 * Inside a dialog that acts on data gone stale while it was open (a refresh after a failed payment
 * failed too): why its confirmation waits. The screen's StaleNotice is behind the dialog.
 */
export function StaleHold({ className }: { className?: string }) {
  return (
    <Alert tone="warning" role="alert" title={staleNoticeTexts.title} className={className}>
      Cierra esta ventana y toca «{staleNoticeTexts.retry}» antes de continuar.
    </Alert>
  )
}
