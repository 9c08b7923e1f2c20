import type { ListingStatus } from '@cabanas/domain/listings'
import { CircleCheck, LoaderCircle, Pause, Play, Undo2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { toast } from 'sonner'
import { Alert } from '../../components/ui/alert'
import { Button, buttonStyles } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { StaleHold } from '../../components/ui/stale-notice'
import type { ListingAction } from './operator.api'
import { actionErrorMessage } from './operator-errors'
import { ReturnListingDialog } from './return-listing-dialog'
import type { OperatorSession } from './session-props'
import { useListingAction } from './use-listing-action'

export const ACTION_DONE: Record<ListingAction['kind'], string> = {
  approve: 'Anuncio publicado. Avisamos al anfitrión por correo.',
  return: 'Anuncio devuelto al anfitrión. Le enviamos tu motivo por correo.',
  pause: 'Anuncio pausado: los huéspedes ya no lo ven.',
  unpause: 'Anuncio reactivado: los huéspedes ya pueden encontrarlo.',
}

type ListingActionsProps = {
  session: OperatorSession
  listing: { id: string; status: ListingStatus; title: string }
  /** After a successful action (the console's queries are refetching already). */
  onDone: (kind: ListingAction['kind']) => void
  /** The listing on screen may be out of date: no decision until a refresh succeeds. */
  held?: boolean
}

/** What an operator can do with the listing in its status; a refusal stays shown, in Spanish. */
export function ListingActions({ session, listing, onDone, held = false }: ListingActionsProps) {
  const action = useListingAction(session, listing.id)
  const [dialog, setDialog] = useState<'approve' | 'return' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const sending = action.isPending ? action.variables.kind : null
  const approveRef = useRef<HTMLButtonElement>(null)
  const returnRef = useRef<HTMLButtonElement>(null)
  const errorRef = useRef<HTMLDivElement>(null)

  // The dialogs have no Radix trigger, so focus is given back by hand: to the button that opened the
  // dialog, or to the refusal when there is one (the button may be gone once the listing refetches).
  const closeDialog = () => {
    const opener = dialog === 'approve' ? approveRef : returnRef
    flushSync(() => setDialog(null))
    opener.current?.focus()
  }

  const run = (next: ListingAction) => {
    setError(null)
    action.mutate(next, {
      onSuccess: () => {
        if (dialog) closeDialog()
        toast.success(ACTION_DONE[next.kind])
        onDone(next.kind)
      },
      onError: (failure) => {
        flushSync(() => {
          setDialog(null)
          setError(actionErrorMessage(failure, next.kind))
        })
        errorRef.current?.focus()
      },
    })
  }

  return (
    <div className="flex flex-col gap-3">
      {error && <Alert ref={errorRef} focusable tone="error" role="alert" title={error} />}
      {listing.status === 'submitted' && (
        <div className="flex flex-col gap-3">
          <button
            ref={approveRef}
            type="button"
            className={buttonStyles()}
            onClick={() => setDialog('approve')}
            disabled={sending !== null || held}
          >
            <CircleCheck aria-hidden="true" />
            Aprobar y publicar
          </button>
          <button
            ref={returnRef}
            type="button"
            className={buttonStyles({ variant: 'outline' })}
            onClick={() => setDialog('return')}
            disabled={sending !== null || held}
          >
            <Undo2 aria-hidden="true" />
            Devolver al anfitrión
          </button>
        </div>
      )}
      {listing.status === 'published' && (
        <Button variant="outline" onClick={() => run({ kind: 'pause' })} disabled={sending !== null || held}>
          {sending === 'pause' ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <Pause aria-hidden="true" />
          )}
          {sending === 'pause' ? 'Pausando…' : 'Pausar'}
        </Button>
      )}
      {listing.status === 'paused' && (
        <Button onClick={() => run({ kind: 'unpause' })} disabled={sending !== null || held}>
          {sending === 'unpause' ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <Play aria-hidden="true" />
          )}
          {sending === 'unpause' ? 'Reactivando…' : 'Reactivar'}
        </Button>
      )}
      {(listing.status === 'draft' || listing.status === 'returned') && (
        <p className="text-sm text-stone-600">
          Nada que decidir por ahora: el anuncio está con su anfitrión hasta que lo envíe a revisión.
        </p>
      )}

      <Dialog
        open={dialog === 'approve'}
        onOpenChange={(open) => sending === null && !open && closeDialog()}
        title="Aprobar y publicar"
        placement="sheet"
        footer={
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={closeDialog} disabled={sending !== null}>
              Cancelar
            </Button>
            <Button onClick={() => run({ kind: 'approve' })} disabled={sending !== null || held}>
              {sending === 'approve' && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              {sending === 'approve' ? 'Publicando…' : 'Sí, publicar'}
            </Button>
          </div>
        }
      >
        <div className="space-y-3 px-5 py-5 text-stone-700 sm:px-6">
          <p className="text-base text-stone-900">
            ¿Publicar <strong className="font-semibold">{listing.title}</strong>?
          </p>
          <p className="text-sm">
            Los huéspedes podrán encontrarlo y reservarlo de inmediato. Le avisaremos al anfitrión por correo.
          </p>
          {held && <StaleHold />}
        </div>
      </Dialog>
      <ReturnListingDialog
        open={dialog === 'return'}
        onClose={closeDialog}
        isSending={sending === 'return'}
        held={held}
        onReturn={(body) => run({ kind: 'return', body })}
      />
    </div>
  )
}
