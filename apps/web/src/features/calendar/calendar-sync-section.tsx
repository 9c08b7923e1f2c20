import type { CalendarConflict, CalendarFeed, CalendarFeedBody } from '@cabanas/domain/calendar'
import { formatMexicoCityDateTime } from '@cabanas/domain/shared'
import { Copy, RefreshCw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { Input } from '../../components/ui/field'
import { Skeleton } from '../../components/ui/skeleton'
import { StaleNotice } from '../../components/ui/stale-notice'
import { isApiError } from '../../lib/api-client'
import { formatLongDate } from '../../lib/format'
import { showsFailure } from '../../lib/query-failure'
import { CalendarFeedForm } from './calendar-feed-form'
import { addCalendarFeed, regenerateExportAddress, removeCalendarFeed } from './calendar-sync.api'
import { changeErrorMessage } from './use-calendar-change'
import { useCalendarSync, useCalendarSyncChange } from './use-calendar-sync'

type Props = { token: string; listingId: string; onUnauthorized: () => void }

/**
 * 'Sincronizar calendarios' on the host's calendar page: the cabin's secret export address (copy it,
 * or make a new one), and the calendars of the same cabin on other platforms that this one imports,
 * with their state and the events that could not be blocked.
 */
export function CalendarSyncSection({ token, listingId, onUnauthorized }: Props) {
  const sync = useCalendarSync({ token, listingId, onUnauthorized })
  const common = { token, listingId, onUnauthorized }
  const regenerate = useCalendarSyncChange({
    ...common,
    change: () => regenerateExportAddress(token, listingId),
  })
  const add = useCalendarSyncChange({
    ...common,
    change: (body: CalendarFeedBody) => addCalendarFeed(token, listingId, body),
  })
  const remove = useCalendarSyncChange({
    ...common,
    change: (feedId: string) => removeCalendarFeed(token, listingId, feedId),
  })
  const [confirming, setConfirming] = useState(false)
  // Not the host's listing, or not published yet: the calendar above already says so.
  if (sync.isError && isApiError(sync.error) && [404, 409].includes(sync.error.status)) return null

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url)
      toast.success('Dirección copiada', {
        description: 'Pégala en la otra plataforma para importar este calendario.',
      })
    } catch {
      toast.error('No se pudo copiar: selecciona la dirección y cópiala a mano.')
    }
  }

  return (
    <section
      aria-labelledby="calendar-sync-title"
      className="mt-8 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-6"
    >
      <h2 id="calendar-sync-title" className="text-lg font-semibold text-stone-900">
        Sincronizar calendarios
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Mantén este calendario al día con Airbnb, Booking.com u otras plataformas donde anuncias esta cabaña.
      </p>
      {sync.isPending ? (
        <Skeleton className="mt-4 h-40 w-full" />
      ) : showsFailure(sync) ? (
        <Alert tone="error" role="alert" className="mt-4">
          {changeErrorMessage(sync.error)}
        </Alert>
      ) : (
        <div className="mt-5 flex flex-col gap-8">
          <StaleNotice query={sync} />
          <div>
            <h3 className="font-semibold text-stone-900">Exportar este calendario</h3>
            <p className="mt-1 text-sm text-stone-600">
              Pega esta dirección en la otra plataforma: verá tus reservaciones y noches bloqueadas, sin datos
              de tus huéspedes. Es secreta: compártela solo con esas plataformas.
            </p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <Input
                readOnly
                aria-label="Dirección de exportación"
                value={sync.data.exportUrl}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono text-xs sm:text-sm"
              />
              <Button variant="primary" onClick={() => copy(sync.data.exportUrl)} className="shrink-0">
                <Copy aria-hidden="true" />
                Copiar
              </Button>
            </div>
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => setConfirming(true)}>
              <RefreshCw aria-hidden="true" />
              Generar una nueva dirección
            </Button>
            {regenerate.isError && (
              <Alert tone="error" role="alert" className="mt-2">
                {changeErrorMessage(regenerate.error)}
              </Alert>
            )}
          </div>

          <div>
            <h3 className="font-semibold text-stone-900">Calendarios importados</h3>
            <p className="mt-1 text-sm text-stone-600">
              Las noches ocupadas en esos calendarios se bloquean aquí; los revisamos cada pocos minutos.
            </p>
            <Conflicts conflicts={sync.data.conflicts} />
            {sync.data.feeds.length === 0 ? (
              <p className="mt-3 text-sm text-stone-500">Aún no importas ningún calendario.</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-3">
                {sync.data.feeds.map((feed) => (
                  <FeedItem
                    key={feed.id}
                    feed={feed}
                    removing={remove.isPending && remove.variables === feed.id}
                    onRemove={() => remove.mutate(feed.id)}
                  />
                ))}
              </ul>
            )}
            {remove.isError && (
              <Alert tone="error" role="alert" className="mt-2">
                {changeErrorMessage(remove.error)}
              </Alert>
            )}
            <div className="mt-4 border-t border-stone-200 pt-4">
              <CalendarFeedForm
                onAdd={(body) => add.mutateAsync(body)}
                failure={add.isError ? changeErrorMessage(add.error) : null}
              />
            </div>
          </div>
        </div>
      )}
      {confirming && (
        <Dialog
          open
          onOpenChange={(open) => !open && setConfirming(false)}
          title="¿Cambiar la dirección?"
          description="La dirección actual dejará de funcionar. Tendrás que pegar la nueva en cada plataforma que la usa."
          footer={
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setConfirming(false)}>
                Cancelar
              </Button>
              <Button
                variant="primary"
                disabled={regenerate.isPending}
                onClick={() => regenerate.mutate(undefined, { onSettled: () => setConfirming(false) })}
              >
                Generar nueva dirección
              </Button>
            </div>
          }
        >
          <p className="px-5 py-4 text-sm text-stone-700">
            Úsala si compartiste la dirección por error o si ya no quieres que alguien vea tu calendario.
          </p>
        </Dialog>
      )}
    </section>
  )
}

function FeedItem({
  feed,
  removing,
  onRemove,
}: {
  feed: CalendarFeed
  removing: boolean
  onRemove: () => void
}) {
  const synced = feed.lastSyncedAt ? formatMexicoCityDateTime(new Date(feed.lastSyncedAt)) : null
  return (
    <li className="rounded-xl border border-stone-200 p-3 sm:p-4" aria-label={feed.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-stone-900">{feed.name}</span>
          {feed.status === 'ok' && <Badge tone="green">OK</Badge>}
          {feed.status === 'error' && <Badge tone="red">Error</Badge>}
          {feed.status === 'pending' && <Badge tone="grey">Pendiente</Badge>}
        </div>
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={removing}>
          <Trash2 aria-hidden="true" />
          Quitar
        </Button>
      </div>
      <p className="mt-1 font-mono text-xs break-all text-stone-500">{feed.url}</p>
      <p className="mt-1 text-sm text-stone-600">
        {synced
          ? `Última sincronización: ${synced} (hora de la Ciudad de México)`
          : 'Aún no se ha sincronizado.'}
      </p>
      {feed.status === 'error' && feed.lastError && (
        <p className="mt-1 text-sm text-red-700">{feed.lastError}</p>
      )}
    </li>
  )
}

function Conflicts({ conflicts }: { conflicts: CalendarConflict[] }) {
  if (conflicts.length === 0) return null
  return (
    <Alert tone="warning" title="Conflictos: noches ocupadas en dos lugares" className="mt-3">
      <ul className="mt-1 list-disc pl-5">
        {conflicts.map((conflict) => (
          <li key={conflict.id}>
            {conflict.feedName}: del {formatLongDate(conflict.startsOn)} al {formatLongDate(conflict.endsOn)}{' '}
            —{' '}
            {conflict.over === 'reservation'
              ? 'ya hay una reservación aquí'
              : 'esas noches ya están bloqueadas aquí'}
            .
          </li>
        ))}
      </ul>
    </Alert>
  )
}
