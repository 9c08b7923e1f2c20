import { authMessages, type RegisterRequest, RegisterRequestSchema } from '@cabanas/domain/auth'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { type FieldPath, type Resolver, useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from 'sonner'
import type { z } from 'zod'
import { Alert } from '../../components/ui/alert'
import { BusyButton } from '../../components/ui/busy-button'
import { Checkbox } from '../../components/ui/checkbox'
import { EmailInput, Field, Input } from '../../components/ui/field'
import { PasswordInput } from '../../components/ui/password-input'
import { registerClient } from './auth.api'
import { failureMessage, setFieldErrors } from './auth-errors'
import { GoogleButton, OrDivider } from './google-button'
import { PhoneInput } from './phone-input'
import { useSession } from './use-session'

type RegisterValues = z.input<typeof RegisterRequestSchema>

const FIELDS: readonly FieldPath<RegisterValues>[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'acceptTerms',
]

const schemaResolver = zodResolver(RegisterRequestSchema)

/**
 * The schema checks that the passwords match only once every other field is valid (a zod refinement
 * waits for the object's own checks). The form says it at once, on the confirm field (spec §5).
 */
const registerResolver: Resolver<RegisterValues, unknown, RegisterRequest> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options)
  const differ = values.confirmPassword !== values.password && !result.errors.confirmPassword
  if (!differ || Object.keys(result.errors).length === 0) return result
  return {
    values: {},
    errors: {
      ...result.errors,
      confirmPassword: { type: 'custom', message: authMessages.passwordsDiffer },
    },
  }
}

type RegisterFormProps = {
  termsPath: string
  privacyPath: string
}

const legalLink = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800'

/** Spec §2 Register. On success the session starts and the register route's guard goes home. */
export function RegisterForm({ termsPath, privacyPath }: RegisterFormProps) {
  const { signIn } = useSession()
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues, unknown, RegisterRequest>({
    resolver: registerResolver,
    // No phone default: an empty phone is left out of the payload (spec §3).
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  })

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      const session = await registerClient(values)
      toast.success(session.message)
      signIn(session)
    } catch (error) {
      setFieldErrors(error, FIELDS, setError)
      setFailure(failureMessage(error, authMessages.registerFailed, 'Error inesperado al registrar usuario'))
    }
  })

  return (
    <div className="flex flex-col gap-6">
      <GoogleButton onClick={() => toast.info('Registro con google no disponible aún')} />
      <OrDivider />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {failure && (
          <Alert tone="error" role="alert">
            {failure}
          </Alert>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Nombre" error={errors.firstName?.message}>
            {(control) => <Input {...control} {...register('firstName')} autoComplete="given-name" />}
          </Field>
          <Field label="Apellido" error={errors.lastName?.message}>
            {(control) => <Input {...control} {...register('lastName')} autoComplete="family-name" />}
          </Field>
        </div>
        <Field label="Correo electrónico" error={errors.email?.message}>
          {(control) => <EmailInput {...control} {...register('email')} />}
        </Field>
        <Field
          label="Teléfono"
          hint="Teléfono opcional - 10 dígitos sin espacios"
          error={errors.phone?.message}
        >
          {(control) => (
            <PhoneInput {...control} {...register('phone', { setValueAs: (value) => value || undefined })} />
          )}
        </Field>
        <Field label="Contraseña" error={errors.password?.message}>
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
        </Field>
        <Field label="Confirmar contraseña" error={errors.confirmPassword?.message}>
          {(control) => (
            <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />
          )}
        </Field>
        <Checkbox
          {...register('acceptTerms')}
          error={errors.acceptTerms?.message}
          label={
            <>
              Acepto los{' '}
              <Link to={termsPath} target="_blank" className={legalLink}>
                términos y condiciones
              </Link>{' '}
              y el{' '}
              <Link to={privacyPath} target="_blank" className={legalLink}>
                aviso de privacidad
              </Link>
            </>
          }
        />
        <BusyButton
          type="submit"
          size="lg"
          className="w-full"
          busy={isSubmitting}
          busyLabel="Creando cuenta..."
        >
          Crear cuenta
        </BusyButton>
      </form>
    </div>
  )
}
