import { authMessages, LoginRequestSchema, NewPasswordSchema, type OwnerNeeded } from '@cabanas/domain/auth'
import { mexicoCityWallClock } from '@cabanas/domain/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Alert } from '../../components/ui/alert'
import { BusyButton } from '../../components/ui/busy-button'
import { Field, Input } from '../../components/ui/field'
import { PasswordInput } from '../../components/ui/password-input'
import { formatLongDate } from '../../lib/format'
import { logIn, type Session } from './auth.api'
import { failureMessage } from './auth-errors'

type EmailOwnerChoiceProps = {
  ownerNeeded: OwnerNeeded
  confirmWithSession: (session: Session) => void
  takeBack: (passwords: { password: string; confirmPassword: string }) => Promise<void>
}

/**
 * A link opened where its account is not signed in (docs/decisions.md, "Pre-hijacking"). It says
 * when the account was created and offers both ways on: 'La creé yo' (its password, then the link is
 * used with that session) and 'No fui yo' (a new password: every session of the account ends and it
 * is only the mailbox owner's). A change of address only offers signing in.
 */
export function EmailOwnerChoice({ ownerNeeded, confirmWithSession, takeBack }: EmailOwnerChoiceProps) {
  const wallClock = mexicoCityWallClock(new Date(ownerNeeded.accountCreatedAt))
  const created = { date: formatLongDate(wallClock.date), time: wallClock.time }
  if (ownerNeeded.kind === 'change') {
    return (
      <div className="flex flex-col gap-5">
        <p className="text-sm text-stone-700">
          Para que tu cuenta use{' '}
          <span className="font-medium text-stone-900 [overflow-wrap:anywhere]">{ownerNeeded.email}</span>,
          inicia sesión con tu correo actual. Hasta entonces nada cambia.
        </p>
        <SignInToConfirm
          email={null}
          submitLabel="Iniciar sesión y confirmar"
          onSignedIn={confirmWithSession}
        />
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-stone-700">
        Esta cuenta se creó el {created.date} a las {created.time} (hora de la Ciudad de México) con{' '}
        <span className="font-medium text-stone-900 [overflow-wrap:anywhere]">{ownerNeeded.email}</span>. Tus
        reservas hechas con este correo no se unirán a ella hasta que nos digas quién eres.
      </p>
      <section aria-labelledby="owner-yes" className="flex flex-col gap-3">
        <h2 id="owner-yes" className="font-semibold text-stone-900">
          Sí, la creé yo
        </h2>
        <p className="text-sm text-stone-600">Escribe su contraseña para confirmar tu correo.</p>
        <SignInToConfirm
          email={ownerNeeded.email}
          submitLabel="Confirmar mi correo"
          onSignedIn={confirmWithSession}
        />
      </section>
      <div className="border-t border-stone-200" />
      <section aria-labelledby="owner-no" className="flex flex-col gap-3">
        <h2 id="owner-no" className="font-semibold text-stone-900">
          No fui yo
        </h2>
        <p className="text-sm text-stone-600">
          Si no creaste esta cuenta, alguien escribió tu correo. Elige una contraseña nueva: cerraremos todas
          sus sesiones, cancelaremos cualquier cambio pendiente y la cuenta quedará solo en tus manos, con tu
          correo confirmado.
        </p>
        <TakeBackForm takeBack={takeBack} />
      </section>
    </div>
  )
}

const PasswordOnlySchema = z.object({ password: LoginRequestSchema.shape.password })
const SignInSchema = z.object({
  email: LoginRequestSchema.shape.email,
  password: LoginRequestSchema.shape.password,
})

/** The account's password (and its current address, for a change): signs in, then the link is used. */
function SignInToConfirm({
  email,
  submitLabel,
  onSignedIn,
}: {
  /** Known for an address link; typed by the user for a change of address. */
  email: string | null
  submitLabel: string
  onSignedIn: (session: Session) => void
}) {
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string; password: string }>({
    resolver: zodResolver(email === null ? SignInSchema : PasswordOnlySchema.extend({ email: z.string() })),
    defaultValues: { email: email ?? '', password: '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      onSignedIn(await logIn({ email: values.email, password: values.password, rememberMe: false }))
    } catch (error) {
      setFailure(failureMessage(error, authMessages.loginFailed, 'Error inesperado al iniciar sesión'))
    }
  })
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure && (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      )}
      {email === null ? (
        <Field label="Correo electrónico actual" error={errors.email?.message}>
          {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" />}
        </Field>
      ) : (
        <input type="hidden" autoComplete="username" {...register('email')} />
      )}
      <Field label="Contraseña de la cuenta" error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} {...register('password')} autoComplete="current-password" />
        )}
      </Field>
      <BusyButton type="submit" className="w-full" busy={isSubmitting} busyLabel="Verificando...">
        {submitLabel}
      </BusyButton>
    </form>
  )
}

/** "No fui yo": a new password for the account; the server ends every other session. */
function TakeBackForm({ takeBack }: Pick<EmailOwnerChoiceProps, 'takeBack'>) {
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string; confirmPassword: string }>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      await takeBack(values)
    } catch (error) {
      setFailure(
        failureMessage(
          error,
          'No pudimos proteger la cuenta. Intenta de nuevo.',
          'No pudimos comunicarnos con el servidor. Revisa tu conexión e intenta de nuevo.',
        ),
      )
    }
  })
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure && (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      )}
      <Field label="Contraseña nueva" hint="Al menos 6 caracteres." error={errors.password?.message}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
      </Field>
      <Field label="Confirmar contraseña nueva" error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />
        )}
      </Field>
      <BusyButton
        type="submit"
        variant="outline"
        className="w-full"
        busy={isSubmitting}
        busyLabel="Protegiendo..."
      >
        Elegir contraseña y proteger mi cuenta
      </BusyButton>
    </form>
  )
}
