import { type PasswordChangeRequest, PasswordChangeRequestSchema } from '@cabanas/domain/auth'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { BusyButton } from '../../components/ui/busy-button'
import { Field } from '../../components/ui/field'
import { FormSection } from '../../components/ui/form-section'
import { PasswordInput } from '../../components/ui/password-input'
import { changePassword } from './auth.api'
import { setFieldErrors } from './auth-errors'
import { toastFailure } from './toast-failure'
import { useSession } from './use-session'

type PasswordChangeValues = z.input<typeof PasswordChangeRequestSchema>

const FIELDS: readonly string[] = ['currentPassword', 'newPassword', 'confirmPassword']
const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** 'Cambiar contraseña': the other sessions end; this one continues with the token the server returns. */
export function PasswordChangeForm({ token }: { token: string }) {
  const { signIn, expireSession } = useSession()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeValues, unknown, PasswordChangeRequest>({
    resolver: zodResolver(PasswordChangeRequestSchema),
    defaultValues: EMPTY,
  })

  const onSubmit = handleSubmit(async (values) => {
    try {
      const session = await changePassword(token, values)
      signIn(session)
      reset(EMPTY)
      toast.success('Contraseña actualizada', {
        description: session.message || 'Tu contraseña fue actualizada. Cerramos tus otras sesiones.',
      })
    } catch (error) {
      setFieldErrors(error, FIELDS, setError)
      toastFailure(
        error,
        {
          failed: 'No se pudo cambiar la contraseña',
          unexpected: 'Ocurrió un error al cambiar la contraseña',
        },
        expireSession,
      )
    }
  })

  return (
    <FormSection
      title="Cambiar contraseña"
      description="Al cambiarla cerraremos tu sesión en tus otros dispositivos."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <Field label="Contraseña actual" error={errors.currentPassword?.message}>
          {(control) => (
            <PasswordInput {...control} {...register('currentPassword')} autoComplete="current-password" />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Nueva contraseña" hint="Al menos 6 caracteres." error={errors.newPassword?.message}>
            {(control) => (
              <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />
            )}
          </Field>
          <Field label="Confirmar nueva contraseña" error={errors.confirmPassword?.message}>
            {(control) => (
              <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />
            )}
          </Field>
        </div>
        <div className="flex justify-end">
          <BusyButton type="submit" className="max-sm:w-full" busy={isSubmitting} busyLabel="Guardando...">
            Cambiar contraseña
          </BusyButton>
        </div>
      </form>
    </FormSection>
  )
}
