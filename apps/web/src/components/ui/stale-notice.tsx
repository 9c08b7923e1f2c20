import type { UseQueryResult } from '@tanstack/react-query'
import { CircleCheck, RefreshCw, TriangleAlert } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
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
  /** Where the focus goes once 'Reintentar' brought the data up to date (the button is gone). */
  refreshed: 'Listo: la información está al día.',
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

/** When a query's data and its last failure are from: which result it is. */
type FailedResult = Pick<UseQueryResult<unknown, unknown>, 'dataUpdatedAt' | 'errorUpdatedAt'>

/** Whether the focus is in `element`, or nowhere (on the page itself: it was in `element`, now gone). */
function holdsFocus(element: HTMLElement | null): boolean {
  const focused = document.activeElement
  return !focused || focused === document.body || (element?.contains(focused) ?? false)
}

/**
 * Said above data whose last refresh failed in passing or waits for the connection: how old the data
 * is, and 'Reintentar'. Nothing while the data is fresh. Its title goes through a live region that is
 * always there (a region inserted with its text is not announced by every screen reader); the button
 * stays out of it, so that its label changing is not read out. When 'Reintentar' succeeds, the focus
 * it had goes to a short confirmation in its place (not to the page's start), which goes with the focus.
 */
export function StaleNotice({ query, held, className }: StaleNoticeProps) {
  const [retrying, setRetrying] = useState(false)
  // Set when 'Reintentar', pressed from the keyboard's or the pointer's focus on the notice, brought the
  // data up to date while that focus was still there: the confirmation takes the focus. `replaced` is the
  // failed result the refresh replaced, until the screen has rendered the new one.
  const [refreshed, setRefreshed] = useState<{ replaced: FailedResult | null } | null>(null)
  // The refresh's promise may settle before the screen renders its new data: until then `query` is still
  // the replaced result, which is not stale data any more. Any other result (a later failure, another
  // query the screen turned to) is read as it is.
  const isBehind =
    refreshed?.replaced != null &&
    query.dataUpdatedAt === refreshed.replaced.dataUpdatedAt &&
    query.errorUpdatedAt === refreshed.replaced.errorUpdatedAt
  const stale = isStale(query) && !isBehind
  const boxRef = useRef<HTMLDivElement>(null)
  const refreshedRef = useRef<HTMLParagraphElement>(null)
  // Stale again (the confirmation is gone, maybe without a blur): nothing is owed any more.
  if (stale && refreshed) setRefreshed(null)
  // The screen has rendered the new data: nothing is behind any more.
  if (refreshed?.replaced && !isStale(query)) setRefreshed({ replaced: null })
  const now = useNow(stale ? 30_000 : null)
  // The clock may have been read before the failure (it is read every 30 s while stale).
  const age = Math.max(0, Math.max(now, query.errorUpdatedAt) - query.dataUpdatedAt)

  const retry = () => {
    if (retrying) return
    // Only a focus that was on the notice is carried over (a mouse click in Safari focuses nothing).
    const hadFocus = boxRef.current?.contains(document.activeElement) ?? false
    const replaced = { dataUpdatedAt: query.dataUpdatedAt, errorUpdatedAt: query.errorUpdatedAt }
    setRetrying(true)
    setRefreshed(null)
    void query.refetch().then((result) => {
      setRetrying(false)
      if (hadFocus && result.isSuccess && !isStale(result) && holdsFocus(boxRef.current)) {
        setRefreshed({ replaced })
      }
    })
  }

  // Once, as the confirmation appears: it is removed when it loses the focus or the data goes stale.
  const isRefreshed = refreshed !== null
  useEffect(() => {
    if (isRefreshed) refreshedRef.current?.focus({ preventScroll: true })
  }, [isRefreshed])

  return (
    <>
      <p role="status" className="sr-only">
        {stale ? `${staleNoticeTexts.title}.` : ''}
      </p>
      {isRefreshed && (
        <p
          ref={refreshedRef}
          tabIndex={-1}
          onBlur={() => setRefreshed(null)}
          // Boxed: on the phone's map view it sits over the map, not over the page's background.
          className={cx(
            'flex w-fit max-w-full items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900',
            className,
          )}
        >
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
          {staleNoticeTexts.refreshed}
        </p>
      )}
      {stale && (
        <div
          ref={boxRef}
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
