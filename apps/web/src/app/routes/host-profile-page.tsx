import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { Alert } from '../../components/ui/alert'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { useSession } from '../../features/auth/use-session'
import { HostProfileForm } from '../../features/hosts/host-profile-form'
import type { HostProfileSaved } from '../../features/hosts/hosts.api'
import { hostProfileKey, useHostProfile } from '../../features/hosts/use-host-profile'
import { showsFailure } from '../../lib/query-failure'
import { paths } from '../paths'

/**
 * 'Publica tu cabaña': a signed-in client creates the host profile and lands on 'Mis cabañas'; a
 * host edits it here. The route's guard lets only signed-in clients in.
 */
export function HostProfilePage() {
  const { user, token, updateUser, expireSession } = useSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const isHost = user?.roles.includes('host') ?? false

  const onCreated = (saved: HostProfileSaved) => {
    if (!user || !token) return
    queryClient.setQueryData(hostProfileKey(token), saved.hostProfile)
    updateUser({ ...user, roles: [...user.roles, 'host'] })
    void navigate(paths.myCabins())
  }

  return (
    <>
      <title>{isHost ? 'Perfil de anfitrión — Cabañas MX' : 'Publica tu cabaña — Cabañas MX'}</title>
      <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          {isHost ? 'Perfil de anfitrión' : 'Publica tu cabaña'}
        </h1>
        <p className="mt-1 text-stone-600">
          {isHost
            ? 'Mantén al día cómo te contactamos y dónde recibes tus pagos.'
            : 'Primero, tus datos como anfitrión. Después darás de alta tu cabaña, paso a paso.'}
        </p>
        <div className="mt-8">
          {user && token && isHost && <EditHostProfile token={token} onUnauthorized={expireSession} />}
          {user && token && !isHost && (
            <HostProfileForm
              token={token}
              suggestedName={`${user.firstName} ${user.lastName}`.trim()}
              onSaved={onCreated}
              onUnauthorized={expireSession}
            />
          )}
        </div>
      </div>
    </>
  )
}

function EditHostProfile({ token, onUnauthorized }: { token: string; onUnauthorized: () => void }) {
  const profile = useHostProfile({ token, onUnauthorized })
  const queryClient = useQueryClient()
  if (profile.isPending) return <PageSpinner label="Cargando tu perfil de anfitrión…" />
  if (showsFailure(profile)) {
    return (
      <Alert tone="error" role="alert" title="No se pudo cargar tu perfil de anfitrión. Intenta de nuevo." />
    )
  }
  return (
    <>
      <StaleNotice query={profile} className="mb-6" />
      <HostProfileForm
        // A fresh form when the stored profile changes (after a save): the CLABE field starts empty.
        key={profile.data.updatedAt}
        token={token}
        profile={profile.data}
        onSaved={(saved) => queryClient.setQueryData(hostProfileKey(token), saved.hostProfile)}
        onUnauthorized={onUnauthorized}
      />
    </>
  )
}
