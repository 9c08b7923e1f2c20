import { maskClabe } from '@cabanas/domain/hosts'
import {
  type OperatorPayout,
  type PayoutMarkPaidRequest,
  PayoutMarkPaidRequestSchema,
} from '@cabanas/domain/payouts'
import { zodResolver } from '@hookform/resolvers/zod'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../components/ui/alert'
import { BusyButton } from '../../components/ui/busy-button'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { Field, inputStyles } from '../../components/ui/field'
import { StaleHold } from '../../components/ui/stale-notice'
import { formatMonthYear, formatMxn } from '../../lib/format'

type PayoutDialogProps = {
  payout: OperatorPayout
  open: boolean
  onClose: () => void
  isSending: boolean
  /** The API's refusal, in Spanish, shown in the dialog. */
  error: string | null
  /** The payout may be out of date (the list could not be read again): no payment until it is. */
  held: boolean
}

/** Who, which month, how much and where: what the operator confirms before paying. */
function PayoutFacts({ payout }: { payout: OperatorPayout }) {
  const row = (label: string, value: ReactNode) => (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-stone-500">{label}</dt>
      <dd className="text-right font-medium text-stone-900">{value}</dd>
    </div>
  )
  return (
    <dl className="divide-y divide-stone-100 text-sm">
      {row('Anfitrión', payout.displayName)}
      {row(
        'Mes',
        <span className="inline-block first-letter:uppercase">{formatMonthYear(payout.month)}</span>,
      )}
      {row('Monto', <span className="tabular-nums">{formatMxn(payout.amount)}</span>)}
      {row(
        'CLABE',
        <span className="tabular-nums">
          {payout.bankName} {maskClabe(payout.clabeLast4).replaceAll(' ', '\u00a0')}
        </span>,
      )}
    </dl>
  )
}

function footer(onCancel: () => void, isSending: boolean, submit: ReactNode) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={isSending}>
        Cancelar
      </Button>
      {submit}
    </div>
  )
}

/** 'Pagar por transferencia': the provider sends the amount to the host's CLABE. */
export function TransferPayoutDialog({
  payout,
  open,
  onClose,
  isSending,
  error,
  held,
  onConfirm,
}: PayoutDialogProps & { onConfirm: () => void }) {
  const changeOpen = (next: boolean) => {
    if (!next && !isSending) onClose()
  }
  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title="Pagar por transferencia"
      description="El proveedor de pagos enviará este monto a la CLABE del anfitrión."
      placement="sheet"
      footer={footer(
        () => changeOpen(false),
        isSending,
        <BusyButton onClick={onConfirm} busy={isSending} disabled={held} busyLabel="Enviando…">
          {`Transferir ${formatMxn(payout.amount)}`}
        </BusyButton>,
      )}
    >
      <div className="flex flex-col gap-4 px-5 py-5 sm:px-6">
        <PayoutFacts payout={payout} />
        {held && <StaleHold />}
        {error && <Alert tone="error" role="alert" title={error} />}
      </div>
    </Dialog>
  )
}

const FORM_ID = 'marcar-como-pagado'

/** 'Marcar como pagado': a transfer made elsewhere, recorded with the bank's reference. */
export function MarkPaidDialog({
  payout,
  open,
  onClose,
  isSending,
  error,
  held,
  onMarkPaid,
}: PayoutDialogProps & { onMarkPaid: (body: PayoutMarkPaidRequest) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<PayoutMarkPaidRequest>({
    resolver: zodResolver(PayoutMarkPaidRequestSchema),
    defaultValues: { amount: payout.amount, reference: '' },
  })
  const changeOpen = (next: boolean) => {
    if (next || isSending) return
    reset()
    onClose()
  }
  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title="Marcar como pagado"
      description="Registra un pago hecho fuera de Cabañas MX con la referencia del banco."
      placement="sheet"
      onOpenAutoFocus={(event) => {
        event.preventDefault()
        setFocus('reference')
      }}
      footer={footer(
        () => changeOpen(false),
        isSending,
        <BusyButton type="submit" form={FORM_ID} busy={isSending} disabled={held} busyLabel="Guardando…">
          Marcar como pagado
        </BusyButton>,
      )}
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={handleSubmit((body) => onMarkPaid({ amount: payout.amount, reference: body.reference }))}
        className="flex flex-col gap-4 px-5 py-5 sm:px-6"
      >
        <PayoutFacts payout={payout} />
        <Field
          label="Referencia del banco"
          hint="De 4 a 60 caracteres: letras, números, espacios y - _ / . #"
          error={errors.reference?.message}
        >
          {(control) => (
            <input
              {...control}
              {...register('reference')}
              autoComplete="off"
              className={inputStyles({ invalid: control['aria-invalid'] === true })}
            />
          )}
        </Field>
        {held && <StaleHold />}
        {error && <Alert tone="error" role="alert" title={error} />}
      </form>
    </Dialog>
  )
}
