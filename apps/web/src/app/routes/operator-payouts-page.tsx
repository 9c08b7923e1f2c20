import { PayoutsOwed } from '../../features/operator/payouts-owed'
import { useOperatorSession } from './operator-layout'

/** '/operador/pagos': the hosts' months owed, paid by transfer or marked paid with a reference. */
export function OperatorPayoutsPage() {
  const session = useOperatorSession()
  return (
    <>
      <title>Pagos a anfitriones — Consola de operación</title>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Pagos a anfitriones</h1>
      <p className="mt-1 text-stone-600">
        Lo que se debe a cada anfitrión por los meses cerrados. Se paga a su CLABE por transferencia, o se
        registra un pago hecho por fuera con su referencia.
      </p>
      <div className="mt-6">
        <PayoutsOwed session={session} />
      </div>
    </>
  )
}
