import { ForgotPasswordRequestSchema } from '@cabanas/domain/auth'
import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../components/ui/alert'
import { BusyButton } from '../../components/ui/busy-button'
import { EmailInput, Field } from '../../components/ui/field'
import { requestPasswordReset } from './auth.api'
import { failureMessage } from './auth-errors'

/** Step one of the reset: the email. The server answers the same whether the account exists or not. */
export function ForgotPasswordForm() {
  const [sentMessage, setSentMessage] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({
    resolver: zodResolver(ForgotPasswordRequestSchema),
    defaultValues: { email: '' },
  })

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      setSentMessage(await requestPasswordReset(values))
    } catch (error) {
      setFailure(
        failureMessage(
          error,
          'No pudimos enviar el enlace. Intenta de nuevo.',
          'Ocurrió un error inesperado. Intenta de nuevo.',
        ),
      )
    }
  })

  if (sentMessage) {
    return (
      <Alert tone="success" role="status" title="Revisa tu correo">
        {sentMessage} Si no lo ves en unos minutos, revisa también la carpeta de spam.
      </Alert>
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {failure && (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      )}
      <Field label="Correo electrónico" error={errors.email?.message}>
        {(control) => <EmailInput {...control} {...register('email')} />}
      </Field>
      <BusyButton
        type="submit"
        size="lg"
        className="w-full"
        busy={isSubmitting}
        icon={<Send aria-hidden="true" />}
        busyLabel="Enviando..."
      >
        Enviar enlace
      </BusyButton>
    </form>
  )
}
