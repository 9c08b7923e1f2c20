import {
  type HostProfile,
  HostProfileCreateSchema,
  HostProfileUpdateSchema,
  maskClabe,
} from '@cabanas/domain/hosts'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { BusyButton } from '../../components/ui/busy-button'
import { Field, Input } from '../../components/ui/field'
import { FormSection } from '../../components/ui/form-section'
import { isApiError } from '../../lib/api-client'
import { setFieldErrors } from '../auth/auth-errors'
import { maskMexicanPhone, PhoneInput } from '../auth/phone-input'
import { toastFailure } from '../auth/toast-failure'
import { ClabeInput } from './clabe-input'
import { createHostProfile, type HostProfileSaved, updateHostProfile } from './hosts.api'

type Values = z.input<typeof HostProfileCreateSchema>

const FIELDS: readonly string[] = ['displayName', 'phone', 'clabe']

type HostProfileFormProps = {
  token: string
  /** Editing an existing profile; absent: 'Publica tu cabaña' creates one. */
  profile?: HostProfile
  /** The name the form starts with when creating (the client's own). */
  suggestedName?: string
  onSaved: (saved: HostProfileSaved) => void
  /** The server refused the token (401). */
  onUnauthorized: () => void
}

/**
 * The host profile: the name guests see, a phone and the CLABE where payouts go. Editing, the stored
 * CLABE is only named by its bank and last 4 digits; a new one replaces it, an empty field keeps it.
 */
export function HostProfileForm({
  token,
  profile,
  suggestedName,
  onSaved,
  onUnauthorized,
}: HostProfileFormProps) {
  const isEdit = profile !== undefined
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof HostProfileUpdateSchema>>({
    // Creating needs a CLABE; editing takes one only to replace the stored one.
    resolver: zodResolver(isEdit ? HostProfileUpdateSchema : HostProfileCreateSchema) as never,
    defaultValues: {
      displayName: profile?.displayName ?? suggestedName ?? '',
      phone: profile ? maskMexicanPhone(profile.phone) : '',
      clabe: '',
    },
  })

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = isEdit
        ? await updateHostProfile(token, values)
        : await createHostProfile(token, { ...values, clabe: values.clabe ?? '' })
      resetField('clabe', { defaultValue: '' })
      toast.success(isEdit ? 'Perfil de anfitrión actualizado' : '¡Ya eres anfitrión!', {
        description: saved.message,
      })
      onSaved(saved)
    } catch (error) {
      setFieldErrors(error, FIELDS, setError)
      toastFailure(error, {
        failed: 'No se pudo guardar tu perfil de anfitrión',
        unexpected: 'Ocurrió un error al guardar tu perfil de anfitrión',
      })
      if (isApiError(error) && error.status === 401) onUnauthorized()
    }
  })

  return (
    <FormSection
      title={isEdit ? 'Tu perfil de anfitrión' : 'Tus datos como anfitrión'}
      description="Los huéspedes ven tu nombre para mostrar; el teléfono y la CLABE son privados."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <Field
          label="Nombre para mostrar"
          hint="Como te verán los huéspedes, p. ej. 'Cabañas Doña Lupe'"
          error={errors.displayName?.message}
        >
          {(control) => <Input {...control} {...register('displayName')} autoComplete="organization" />}
        </Field>
        <Field
          label="Teléfono"
          hint="10 dígitos; te llamaremos por tus reservas"
          error={errors.phone?.message}
        >
          {(control) => <PhoneInput {...control} {...register('phone')} />}
        </Field>
        <Field
          label={isEdit ? 'Nueva CLABE interbancaria (opcional)' : 'CLABE interbancaria'}
          hint={
            isEdit
              ? `Registrada: ${profile.bankName} ${maskClabe(profile.clabeLast4)}. Escribe una nueva solo para cambiarla.`
              : 'Los 18 dígitos de la cuenta donde recibirás tus pagos'
          }
          error={errors.clabe?.message}
        >
          {(control) => (
            <ClabeInput {...control} {...register('clabe', { setValueAs: (value) => value || undefined })} />
          )}
        </Field>
        <div className="flex justify-end">
          <BusyButton type="submit" className="max-sm:w-full" busy={isSubmitting} busyLabel="Guardando...">
            {isEdit ? 'Guardar cambios' : 'Convertirme en anfitrión'}
          </BusyButton>
        </div>
      </form>
    </FormSection>
  )
}
