import { DeclineRequestBodySchema } from '@cabanas/domain/bookings'
import { useId, useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { inputStyles } from '../../components/ui/field'
import { StaleHold } from '../../components/ui/stale-notice'

type DeclineRequestDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  guestFirstName: string
  isPending: boolean
  /** The request may be out of date (it could not be read again): no answer until it is. */
  held?: boolean
  /** The API's refusal, in Spanish. */
  error: string | null
  onDecline: (message: string) => void
}

/** 'Rechazar': an optional message to the guest (plain text, up to 500 characters), checked by the domain. */
export function DeclineRequestDialog({
  open,
  onOpenChange,
  guestFirstName,
  isPending,
  held = false,
  error,
  onDecline,
}: DeclineRequestDialogProps) {
  const id = useId()
  const [message, setMessage] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  function submit() {
    const parsed = DeclineRequestBodySchema.safeParse({ message })
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? null)
      return
    }
    setInvalid(null)
    onDecline(parsed.data.message ?? '')
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rechazar solicitud"
      description={`${guestFirstName} recibirá un correo. Puedes dejarle un mensaje.`}
      placement="sheet"
      footer={
        <div className="flex gap-3">
          <Button variant="outline" size="lg" className="flex-1" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button size="lg" className="flex-1" disabled={isPending || held} onClick={submit}>
            {isPending ? 'Rechazando…' : 'Rechazar solicitud'}
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-1.5">
        {held && <StaleHold className="mb-3" />}
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          Mensaje para el huésped (opcional)
        </label>
        <textarea
          id={id}
          rows={4}
          maxLength={600}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={invalid ? true : undefined}
          className={inputStyles({ invalid: invalid !== null, className: 'h-auto py-2' })}
        />
        <p className="text-sm text-stone-500">{message.trim().length}/500</p>
        {invalid && <p className="text-sm text-accent-700">{invalid}</p>}
      </div>
      {error && (
        <Alert tone="error" role="alert" className="mt-3">
          {error}
        </Alert>
      )}
    </Dialog>
  )
}
