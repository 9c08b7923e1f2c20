import { ResetPasswordRequestSchema } from '@cabanas/domain/auth'
import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Alert } from '../../components/ui/alert'
import { BusyButton } from '../../components/ui/busy-button'
import { Field } from '../../components/ui/field'
import { PasswordInput } from '../../components/ui/password-input'
import { resetPassword } from './auth.api'
import { failureMessage } from './auth-errors'

type ResetValues = z.input<typeof ResetPasswordRequestSchema>

type ResetPasswordFormProps = {
  /** The token of the mailed link (`?token=`). */
  token: string
  /** Shown once the password changed: a link to the login page. */
  doneAction: ReactNode
  /** Shown when the link is invalid or expired: a link to ask for a new one. */
  retryAction: ReactNode
}

/** Step two of the reset: a new password for the account behind the mailed token. */
export function ResetPasswordForm({ token, doneAction, retryAction }: ResetPasswordFormProps) {
  const [doneMessage, setDoneMessage] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    resolver: zodResolver(ResetPasswordRequestSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  })

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      setDoneMessage(await resetPassword(values))
    } catch (error) {
      setFailure(
        failureMessage(
          error,
          'No pudimos cambiar tu contraseña. Intenta de nuevo.',
          'Ocurrió un error inesperado. Intenta de nuevo.',
        ),
      )
    }
  })

  if (doneMessage) {
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="success" role="status">
          {doneMessage}
        </Alert>
        {doneAction}
      </div>
    )
  }

  // A malformed token fails the schema before any call: the same message as an expired one.
  const linkProblem = failure ?? errors.token?.message

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {linkProblem && (
        <Alert tone="error" role="alert">
          <p>{linkProblem}</p>
          <div className="mt-2">{retryAction}</div>
        </Alert>
      )}
      <Field label="Nueva contraseña" error={errors.password?.message} hint="Al menos 6 caracteres.">
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
      </Field>
      <Field label="Confirmar contraseña" error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />
        )}
      </Field>
      <BusyButton type="submit" size="lg" className="w-full" busy={isSubmitting} busyLabel="Guardando...">
        Guardar nueva contraseña
      </BusyButton>
    </form>
  )
}
