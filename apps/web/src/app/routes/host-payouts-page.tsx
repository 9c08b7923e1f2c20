import { Link } from 'react-router'
import { useApiSession } from '../../features/auth/use-session'
import { HostPayouts } from '../../features/payouts/host-payouts'
import { paths } from '../paths'

/** 'Pagos': the host's months, what guests paid, the fees and what Cabañas MX owes them. Hosts only. */
export function HostPayoutsPage() {
  const session = useApiSession()
  return (
    <>
      <title>Pagos — Cabañas MX</title>
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Pagos</h1>
        <p className="mt-1 text-stone-600">
          Cada mes, las estancias que terminaron en tus cabañas y lo que te corresponde.
        </p>
        <p className="mt-2 text-sm text-stone-600">
          Te pagamos por transferencia a la CLABE de tu{' '}
          <Link to={paths.hostProfile()} className="font-medium text-brand-700 underline underline-offset-2">
            perfil de anfitrión
          </Link>
          , donde puedes cambiarla.
        </p>
        <div className="mt-8">{session && <HostPayouts session={session} />}</div>
      </div>
    </>
  )
}
