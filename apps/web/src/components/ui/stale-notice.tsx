import type { UseQueryResult } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { pluralize } from '../../lib/plural'
import { isStale } from '../../lib/query-failure'
import { Alert } from './alert'
import { Button } from './button'

export const staleNoticeTexts = {
  title: 'No pudimos actualizar esta información',
  retry: 'Reintentar',
  retrying: 'Actualizando…',
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

/** The clock, read again every `everyMs` while `everyMs` is set. */
function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (everyMs === null) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

type StaleNoticeProps = {
  /** The screen's query: the notice shows while its data is stale (lib/query-failure.ts `isStale`). */
  query: UseQueryResult<unknown, unknown>
  /** What the screen holds until a refresh succeeds, said after the age: 'Para cancelar, …'. */
  held?: string
  className?: string
}

/**
 * Said above data whose last refresh failed in passing (offline, a busy server): how old it is, and
 * 'Reintentar'. Nothing while the data is fresh.
 */
export function StaleNotice({ query, held, className }: StaleNoticeProps) {
  const stale = isStale(query)
  const now = useNow(stale ? 30_000 : null)
  if (!stale) return null
  return (
    <Alert tone="warning" role="status" title={staleNoticeTexts.title} className={className}>
      <p>
        Lo que ves es de {ageLabel(Math.max(0, now - query.dataUpdatedAt))} y puede haber cambiado.
        {held ? ` ${held}` : ''}
      </p>
      <Button
        variant="outline"
        size="sm"
        className="mt-2"
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        <RefreshCw aria-hidden="true" />
        {query.isFetching ? staleNoticeTexts.retrying : staleNoticeTexts.retry}
      </Button>
    </Alert>
  )
}
