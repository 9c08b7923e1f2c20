import { type EmailChangeRequest, EmailChangeRequestSchema } from '@cabanas/domain/auth'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Alert } from '../../components/ui/alert'
import { BusyButton } from '../../components/ui/busy-button'
import { EmailInput, Field } from '../../components/ui/field'
import { FormSection } from '../../components/ui/form-section'
import { PasswordInput } from '../../components/ui/password-input'
import { requestEmailChange } from './auth.api'
import { setFieldErrors } from './auth-errors'
import { toastFailure } from './toast-failure'
import { useSession } from './use-session'

type EmailChangeValues = z.input<typeof EmailChangeRequestSchema>

const FIELDS: readonly string[] = ['newEmail', 'currentPassword']
const EMPTY: EmailChangeValues = { newEmail: '', currentPassword: '' }

/**
 * 'Cambiar correo': the current password proves the client; the server mails a link to the new
 * address and a notice to the current one. Nothing changes until the link is opened with this
 * account's session.
 */
export function EmailChangeForm({ token, currentEmail }: { token: string; currentEmail: string }) {
  const { expireSession } = useSession()
  const [sent, setSent] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailChangeValues, unknown, EmailChangeRequest>({
    resolver: zodResolver(EmailChangeRequestSchema),
    defaultValues: EMPTY,
  })

  const onSubmit = handleSubmit(async (values) => {
    setSent(null)
    try {
      setSent(await requestEmailChange(token, values))
      reset(EMPTY)
    } catch (error) {
      setFieldErrors(error, FIELDS, setError)
      toastFailure(
        error,
        {
          failed: 'No se pudo pedir el cambio de correo',
          unexpected: 'Ocurrió un error al pedir el cambio de correo',
        },
        expireSession,
      )
    }
  })

  return (
    <FormSection
      title="Cambiar correo"
      description={
        <>
          Hoy usas <span className="font-medium text-stone-800 [overflow-wrap:anywhere]">{currentEmail}</span>
          . Te enviaremos un enlace a la dirección nueva y un aviso a la actual.
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {sent && (
          <Alert tone="success" role="status">
            {sent}
          </Alert>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Correo nuevo" error={errors.newEmail?.message}>
            {(control) => <EmailInput {...control} {...register('newEmail')} />}
          </Field>
          <Field label="Contraseña de tu cuenta" error={errors.currentPassword?.message}>
            {(control) => (
              <PasswordInput {...control} {...register('currentPassword')} autoComplete="current-password" />
            )}
          </Field>
        </div>
        <div className="flex justify-end">
          <BusyButton type="submit" className="max-sm:w-full" busy={isSubmitting} busyLabel="Enviando...">
            Enviar enlace
          </BusyButton>
        </div>
      </form>
    </FormSection>
  )
}
