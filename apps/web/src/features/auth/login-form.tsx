import { authMessages, type LoginRequest, LoginRequestSchema } from '@cabanas/domain/auth'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from 'sonner'
import type { z } from 'zod'
import { Alert } from '../../components/ui/alert'
import { BusyButton } from '../../components/ui/busy-button'
import { Checkbox } from '../../components/ui/checkbox'
import { EmailInput, Field } from '../../components/ui/field'
import { PasswordInput } from '../../components/ui/password-input'
import { logIn } from './auth.api'
import { failureMessage } from './auth-errors'
import { GoogleButton, OrDivider } from './google-button'
import { useSession } from './use-session'

type LoginFormProps = {
  forgotPasswordPath: string
}

/**
 * Spec §2 Login. On success the session changes and the login route's guard sends the user back
 * where they came from.
 */
export function LoginForm({ forgotPasswordPath }: LoginFormProps) {
  const { signIn } = useSession()
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof LoginRequestSchema>, unknown, LoginRequest>({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  })

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      const session = await logIn(values)
      toast.success(session.message)
      signIn(session)
    } catch (error) {
      setFailure(failureMessage(error, authMessages.loginFailed, 'Error inesperado al iniciar sesión'))
    }
  })

  return (
    <div className="flex flex-col gap-6">
      <GoogleButton onClick={() => toast.info('Autenticación con google no disponible aún')} />
      <OrDivider />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {failure && (
          <Alert tone="error" role="alert">
            {failure}
          </Alert>
        )}
        <Field label="Correo electrónico" error={errors.email?.message}>
          {(control) => <EmailInput {...control} {...register('email')} />}
        </Field>
        <Field label="Contraseña" error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} {...register('password')} autoComplete="current-password" />
          )}
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox label="Recordarme" {...register('rememberMe')} />
          <Link
            to={forgotPasswordPath}
            className="rounded text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            ¿Olvidaste tu contraseña?
          </Link>
        </div>
        <BusyButton
          type="submit"
          size="lg"
          className="w-full"
          busy={isSubmitting}
          busyLabel="Iniciando sesión..."
        >
          Iniciar sesión
        </BusyButton>
      </form>
    </div>
  )
}
