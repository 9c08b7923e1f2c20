import type { Client, Preferences } from '@cabanas/domain/auth'
import { LoaderCircle } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { FormSection } from '../../components/ui/form-section'
import { Switch } from '../../components/ui/switch'
import { updatePreferences } from './auth.api'
import { failureMessage, isSessionRejected } from './auth-errors'
import { useSession } from './use-session'

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
      toast.error('Error', {
        description: failureMessage(
          error,
          'No se pudieron actualizar las preferencias',
          'Ocurrió un error al actualizar las preferencias',
        ),
      })
      if (isSessionRejected(error)) expireSession()
    }
  })

  return (
    <FormSection title="Notificaciones" description="Elige cómo quieres recibir noticias de tus reservas.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <Controller
          control={control}
          name="notifications.email"
          render={({ field }) => (
            <Switch
              label="Notificaciones por correo electrónico"
              description="Confirmaciones de reserva, recordatorios y avisos importantes."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="notifications.sms"
          render={({ field }) => (
            <Switch
              label="Notificaciones por SMS"
              description="Recordatorios de llegada y avisos urgentes por mensaje de texto."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="newsletter"
          render={({ field }) => (
            <Switch
              label="Boletín de novedades"
              description="Ofertas, nuevas cabañas y destinos recomendados."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <div className="flex justify-end border-t border-stone-100 pt-5">
          <Button type="submit" disabled={isSubmitting} className="max-sm:w-full">
            {isSubmitting && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {isSubmitting ? 'Guardando...' : 'Guardar preferencias'}
          </Button>
        </div>
      </form>
    </FormSection>
  )
}
