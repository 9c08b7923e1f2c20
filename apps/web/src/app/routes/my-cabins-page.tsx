import { House, UserRoundPen } from 'lucide-react'
import { Link, Navigate } from 'react-router'
import { buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { useSession } from '../../features/auth/use-session'
import { paths } from '../paths'

/** 'Mis cabañas': the host's listings (none yet: the listing editor comes next). Hosts only. */
export function MyCabinsPage() {
  const { user } = useSession()
  if (user && !user.roles.includes('host')) return <Navigate to={paths.hostProfile()} replace />
  return (
    <>
      <title>Mis cabañas — Cabañas MX</title>
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Mis cabañas</h1>
            <p className="mt-1 text-stone-600">Las cabañas que ofreces en Cabañas MX.</p>
          </div>
          <Link to={paths.hostProfile()} className={buttonStyles({ variant: 'outline', size: 'sm' })}>
            <UserRoundPen aria-hidden="true" />
            Editar perfil de anfitrión
          </Link>
        </div>
        <div className="mt-8">
          <MessagePanel
            icon={<House aria-hidden="true" />}
            title="Aún no tienes cabañas publicadas"
            description="Muy pronto podrás dar de alta tu cabaña aquí, paso a paso: fotos, precios, calendario y reglas."
          />
        </div>
      </div>
    </>
  )
}
