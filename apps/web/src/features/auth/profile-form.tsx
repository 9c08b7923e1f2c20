import {
  type Client,
  normalizeMexicanPhone,
  type ProfileUpdate,
  ProfileUpdateSchema,
} from '@cabanas/domain/auth'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { BusyButton } from '../../components/ui/busy-button'
import { Field, Input } from '../../components/ui/field'
import { FormSection } from '../../components/ui/form-section'
import { updateProfile } from './auth.api'
import { setFieldErrors } from './auth-errors'
import { PhoneInput } from './phone-input'
import { toastFailure } from './toast-failure'
import { useSession } from './use-session'

type ProfileValues = z.input<typeof ProfileUpdateSchema>

const FIELDS: readonly string[] = ['firstName', 'lastName', 'phone']

/** Spec §2 Profile: the stored phone shows as its 10 digits (spaces, dashes, plus and a leading 52 removed). */
export function profilePhoneOf(phone: string | null): string | undefined {
  return normalizeMexicanPhone(phone) || undefined
}

/** 'Información personal': first and last name and the optional phone with its fixed +52. */
export function ProfileForm({ user, token }: { user: Client; token: string }) {
  const { updateUser, expireSession } = useSession()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues, unknown, ProfileUpdate>({
    resolver: zodResolver(ProfileUpdateSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, phone: profilePhoneOf(user.phone) },
  })

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { client, message } = await updateProfile(token, values)
      updateUser(client)
      toast.success('Perfil actualizado', {
        description: message || 'Tu información ha sido actualizada correctamente',
      })
    } catch (error) {
      setFieldErrors(error, FIELDS, setError)
      toastFailure(
        error,
        { failed: 'No se pudo actualizar el perfil', unexpected: 'Ocurrió un error al actualizar el perfil' },
        expireSession,
      )
    }
  })

  return (
    <FormSection title="Información personal" description="Mantén tus datos al día para reservar más rápido.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Nombre" error={errors.firstName?.message}>
            {(control) => <Input {...control} {...register('firstName')} autoComplete="given-name" />}
          </Field>
          <Field label="Apellido" error={errors.lastName?.message}>
            {(control) => <Input {...control} {...register('lastName')} autoComplete="family-name" />}
          </Field>
        </div>
        <Field
          label="Teléfono (opcional)"
          hint="Ingresa 10 dígitos sin espacios ni guiones"
          error={errors.phone?.message}
        >
          {(control) => (
            <PhoneInput {...control} {...register('phone', { setValueAs: (value) => value || undefined })} />
          )}
        </Field>
        <div className="flex justify-end">
          <BusyButton type="submit" className="max-sm:w-full" busy={isSubmitting} busyLabel="Guardando...">
            Guardar cambios
          </BusyButton>
        </div>
      </form>
    </FormSection>
  )
}
