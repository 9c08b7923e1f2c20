import {
  RETURN_REASON_LIMITS,
  type ReturnListingBody,
  ReturnListingBodySchema,
} from '@cabanas/domain/listings'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { BusyButton } from '../../components/ui/busy-button'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { Field, inputStyles } from '../../components/ui/field'
import { StaleHold } from '../../components/ui/stale-notice'

type ReturnListingDialogProps = {
  open: boolean
  onClose: () => void
  isSending: boolean
  /** The listing may be out of date (it could not be read again): no return until it is. */
  held: boolean
  /** Sends the return; the dialog closes when it settles. */
  onReturn: (body: ReturnListingBody) => void
}

const FORM_ID = 'devolver-anuncio'

/** 'Devolver al anfitrión': the reason is required (ReturnListingBodySchema), and mailed to the host. */
export function ReturnListingDialog({ open, onClose, isSending, held, onReturn }: ReturnListingDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<ReturnListingBody>({
    resolver: zodResolver(ReturnListingBodySchema),
    defaultValues: { reason: '' },
  })

  const changeOpen = (next: boolean) => {
    if (isSending || next) return
    reset()
    onClose()
  }

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title="Devolver al anfitrión"
      description="Le enviamos tu motivo por correo; podrá corregir el anuncio y enviarlo de nuevo."
      placement="sheet"
      // Focus goes where the operator writes.
      onOpenAutoFocus={(event) => {
        event.preventDefault()
        setFocus('reason')
      }}
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => changeOpen(false)} disabled={isSending}>
            Cancelar
          </Button>
          <BusyButton type="submit" form={FORM_ID} busy={isSending} disabled={held} busyLabel="Devolviendo…">
            Devolver al anfitrión
          </BusyButton>
        </div>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={handleSubmit((body) => onReturn(body))}
        className="flex flex-col gap-4 px-5 py-5 sm:px-6"
      >
        {held && <StaleHold />}
        <Field
          label="Motivo para el anfitrión"
          hint={`Qué debe corregir, de ${RETURN_REASON_LIMITS.min} a ${RETURN_REASON_LIMITS.max} caracteres.`}
          error={errors.reason?.message}
        >
          {(control) => (
            <textarea
              {...control}
              {...register('reason')}
              rows={5}
              className={inputStyles({
                invalid: control['aria-invalid'] === true,
                className: 'h-auto min-h-32 py-3 leading-relaxed',
              })}
            />
          )}
        </Field>
      </form>
    </Dialog>
  )
}
