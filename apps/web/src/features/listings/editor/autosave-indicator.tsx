import { listingApiMessages } from '@cabanas/domain/listings'
import { CircleAlert, CircleCheck, CloudOff, RefreshCw } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import type { AutosaveSnapshot } from './listing-autosave'

type AutosaveIndicatorProps = {
  snapshot: AutosaveSnapshot
  onRetry: () => void
  onReload: () => void
}

/** What autosave is doing, in a few words beside the step's title; a 409 gets its message and 'Recargar'. */
export function AutosaveIndicator({ snapshot, onRetry, onReload }: AutosaveIndicatorProps) {
  const { status, message } = snapshot
  if (status === 'idle') return <div role="status" className="sr-only" />
  return (
    <div role="status" className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      {status === 'saving' && (
        <span className="flex items-center gap-2 text-stone-600">
          <Spinner label="" className="[&_svg]:size-4" />
          Guardando…
        </span>
      )}
      {status === 'saved' && (
        <span className="flex items-center gap-1.5 text-emerald-700">
          <CircleCheck aria-hidden="true" className="size-4" />
          Guardado
        </span>
      )}
      {status === 'retrying' && (
        <>
          <span className="flex items-center gap-1.5 text-amber-800">
            <CloudOff aria-hidden="true" className="size-4" />
            No se pudo guardar: reintentando
          </span>
          <Button variant="ghost" size="sm" className="h-11 underline" onClick={onRetry}>
            Reintentar ahora
          </Button>
        </>
      )}
      {status === 'refused' && (
        <span className="flex items-center gap-1.5 text-accent-700">
          <CircleAlert aria-hidden="true" className="size-4" />
          {message ?? 'No se pudo guardar: revisa los campos marcados'}
        </span>
      )}
      {status === 'conflict' && (
        <span className="flex flex-wrap items-center gap-2 text-accent-700">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 flex-1">{listingApiMessages.staleVersion}</span>
          <Button variant="outline" size="md" onClick={onReload}>
            <RefreshCw aria-hidden="true" />
            Recargar
          </Button>
        </span>
      )}
    </div>
  )
}
