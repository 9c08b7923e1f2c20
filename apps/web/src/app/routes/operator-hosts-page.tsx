import { HostsList } from '../../features/operator/hosts-list'
import { useOperatorSession } from './operator-layout'

/** '/operador/anfitriones': every host, with the payout account masked. */
export function OperatorHostsPage() {
  const session = useOperatorSession()
  return (
    <>
      <title>Anfitriones — Consola de operación</title>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Anfitriones</h1>
      <p className="mt-1 text-stone-600">
        Quienes ofrecen cabañas en Cabañas MX. De la CLABE solo se muestran el banco y los últimos 4 dígitos.
      </p>
      <div className="mt-6">
        <HostsList session={session} />
      </div>
    </>
  )
}
