import { describeJoinedBookings } from '@cabanas/domain/auth'
import { RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../components/ui/alert'
import { Button, buttonStyles } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { AuthCard } from './auth-card'
import { EmailOwnerChoice } from './email-owner-choice'
import { ResendVerificationButton } from './resend-verification-button'
import type { ReturnState } from './session-guards'
import type { EmailVerificationState } from './use-email-verification'
import { useSession } from './use-session'

type EmailVerificationCardProps = {
  state: EmailVerificationState
  logo: ReactNode
  paths: { myReservations: string; login: string; profile: string; home: string }
}

const linkStyles = 'font-semibold text-brand-700 hover:text-brand-800 hover:underline'
const actionStyles = buttonStyles({ size: 'lg', className: 'w-full' })

/** The '/verificar-correo' card: verifying, '¡Correo verificado!' with what joined, or why not. */
export function EmailVerificationCard({ state, logo, paths }: EmailVerificationCardProps) {
  const { user } = useSession()

  if (state.status === 'pending') {
    return (
      <AuthCard logo={logo} title="Verificando tu correo" subtitle="Esto solo toma un momento.">
        <div className="flex justify-center py-4">
          <Spinner label="Verificando tu correo…" />
        </div>
      </AuthCard>
    )
  }

  if (state.status === 'owner-needed') {
    const isChange = state.ownerNeeded.kind === 'change'
    return (
      <AuthCard
        logo={logo}
        title={isChange ? 'Confirma el cambio de correo' : '¿Creaste tú esta cuenta?'}
        subtitle={
          isChange
            ? 'El cambio solo ocurre con la sesión de tu cuenta.'
            : 'Antes de confirmar tu correo, dinos quién eres.'
        }
      >
        <EmailOwnerChoice
          ownerNeeded={state.ownerNeeded}
          confirmWithSession={state.confirmWithSession}
          takeBack={state.takeBack}
        />
      </AuthCard>
    )
  }

  if (state.status === 'verified') {
    const { client, joined, kind, message } = state.verification
    const isOwnAccount = user?.id === client.id
    const joinedSentence = describeJoinedBookings(joined)
    return (
      <AuthCard
        logo={logo}
        title={kind === 'change' ? '¡Correo actualizado!' : '¡Correo verificado!'}
        subtitle={
          <>
            Confirmamos{' '}
            <span className="font-medium text-stone-900 [overflow-wrap:anywhere]">{client.email}</span>.
          </>
        }
      >
        <div className="flex flex-col gap-5">
          <Alert tone="success" role="status">
            {message !== '¡Correo verificado!' && <p className="mb-1">{message}</p>}
            {joinedSentence && <p className="font-medium">{joinedSentence}</p>}
            <p className={joinedSentence ? 'mt-1' : undefined}>
              Las reservas que hagas con este correo también aparecerán en Mis Reservas.
            </p>
          </Alert>
          {isOwnAccount ? (
            <Link to={paths.myReservations} className={actionStyles}>
              Ver Mis Reservas
            </Link>
          ) : user ? (
            <Link to={paths.home} className={actionStyles}>
              Ir al inicio
            </Link>
          ) : (
            <Link
              to={paths.login}
              state={{ from: paths.myReservations } satisfies ReturnState}
              className={actionStyles}
            >
              Iniciar sesión para ver Mis Reservas
            </Link>
          )}
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard logo={logo} title="No pudimos verificar tu correo">
      <div className="flex flex-col gap-5">
        <Alert tone="error" role="alert">
          <p>{state.message}</p>
          {state.canRetry && (
            <Button variant="outline" size="sm" className="mt-3" onClick={state.retry}>
              <RefreshCw aria-hidden="true" />
              Reintentar
            </Button>
          )}
        </Alert>
        {user?.isEmailVerified ? (
          <>
            <p className="text-center text-sm text-stone-600">Tu correo ya está verificado.</p>
            <Link to={paths.myReservations} className={actionStyles}>
              Ver Mis Reservas
            </Link>
          </>
        ) : user ? (
          <div className="flex flex-col items-center gap-3 text-center">
            <p className="text-sm text-stone-600">Te enviaremos un enlace nuevo a {user.email}.</p>
            <ResendVerificationButton variant="primary" size="lg" className="w-full" />
          </div>
        ) : (
          <p className="text-center text-sm text-stone-600">
            <Link
              to={paths.login}
              state={{ from: paths.profile } satisfies ReturnState}
              className={linkStyles}
            >
              Inicia sesión
            </Link>{' '}
            para pedir un enlace nuevo desde tu perfil.
          </p>
        )}
      </div>
    </AuthCard>
  )
}
