import type { Client, Preferences } from '@cabanas/domain/auth'
import { Controller, type FieldPathByValue, useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { BusyButton } from '../../components/ui/busy-button'
import { FormSection } from '../../components/ui/form-section'
import { Switch } from '../../components/ui/switch'
import { updatePreferences } from './auth.api'
import { toastFailure } from './toast-failure'
import { useSession } from './use-session'

const SWITCHES: readonly {
  name: FieldPathByValue<Preferences, boolean>
  label: string
  description: string
}[] = [
  {
    name: 'notifications.email',
    label: 'Notificaciones por correo electrónico',
    description: 'Confirmaciones de reserva, recordatorios y avisos importantes.',
  },
  {
    name: 'notifications.sms',
    label: 'Notificaciones por SMS',
    description: 'Recordatorios de llegada y avisos urgentes por mensaje de texto.',
  },
  {
    name: 'newsletter',
    label: 'Boletín de novedades',
    description: 'Ofertas, nuevas cabañas y destinos recomendados.',
  },
]

/** 'Notificaciones': the three switches of spec §2 Profile. */
export function PreferencesForm({ user, token }: { user: Client; token: string }) {
  const { updateUser, expireSession } = useSession()
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<Preferences>({ defaultValues: user.preferences })

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { client, message } = await updatePreferences(token, values)
      updateUser(client)
      toast.success('Preferencias actualizadas', {
        description: message || 'Tus preferencias han sido actualizadas correctamente',
      })
    } catch (error) {
      toastFailure(
        error,
        {
          failed: 'No se pudieron actualizar las preferencias',
          unexpected: 'Ocurrió un error al actualizar las preferencias',
        },
        expireSession,
      )
    }
  })

  return (
    <FormSection title="Notificaciones" description="Elige cómo quieres recibir noticias de tus reservas.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {SWITCHES.map(({ name, label, description }) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <Switch
                label={label}
                description={description}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
        ))}
        <div className="flex justify-end border-t border-stone-100 pt-5">
          <BusyButton type="submit" className="max-sm:w-full" busy={isSubmitting} busyLabel="Guardando...">
            Guardar preferencias
          </BusyButton>
        </div>
      </form>
    </FormSection>
  )
}
