import { House, ShieldX } from 'lucide-react'
import { Link, Outlet, useMatch, useOutletContext } from 'react-router'
import { buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { useApiSession, useSession } from '../../features/auth/use-session'
import { operatorMessages } from '../../features/operator/operator-errors'
import type { OperatorSession } from '../../features/operator/session-props'
import { cx } from '../../lib/cx'
import { paths, routePatterns } from '../paths'

/**
 * The operator console's frame and guard: the route above it lets only signed-in clients in (others
 * go to the login); here a client without the operator role gets a Spanish refusal, never the pages.
 * The API refuses them as well (403): this only spares them a console that cannot load.
 */
export function OperatorLayout() {
  const { user } = useSession()
  const isHostsPage = useMatch(routePatterns.operatorHosts) !== null
  const isPayoutsPage = useMatch(routePatterns.operatorPayouts) !== null
  const isReservationsPage = useMatch(routePatterns.operatorReservations) !== null
  const isRequestsPage = useMatch(routePatterns.operatorRequests) !== null
  const session = useApiSession()
  if (!user || !session) return null
  if (!user.roles.includes('operator')) {
    return (
      <MessagePanel
        role="alert"
        tone="error"
        icon={<ShieldX />}
        headingLevel={1}
        title={operatorMessages.noAccess}
        description="Esta sección es solo para el equipo de Cabañas MX."
      >
        <title>Sin acceso — Cabañas MX</title>
        <Link to={paths.home()} className={buttonStyles({ variant: 'outline' })}>
          <House aria-hidden="true" />
          Volver al inicio
        </Link>
      </MessagePanel>
    )
  }
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 pb-3">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">Consola de operación</p>
        <nav aria-label="Consola de operación">
          <ul className="flex flex-wrap gap-1">
            <ConsoleLink
              to={paths.operator()}
              isActive={!isHostsPage && !isPayoutsPage && !isReservationsPage && !isRequestsPage}
            >
              Anuncios
            </ConsoleLink>
            <ConsoleLink to={paths.operatorHosts()} isActive={isHostsPage}>
              Anfitriones
            </ConsoleLink>
            <ConsoleLink to={paths.operatorPayouts()} isActive={isPayoutsPage}>
              Pagos
            </ConsoleLink>
            <ConsoleLink to={paths.operatorReservations()} isActive={isReservationsPage}>
              Reservas
            </ConsoleLink>
            <ConsoleLink to={paths.operatorRequests()} isActive={isRequestsPage}>
              Solicitudes
            </ConsoleLink>
          </ul>
        </nav>
      </div>
      <Outlet context={session} />
    </div>
  )
}

/** The session every console page works with (the layout renders them only for operators). */
export function useOperatorSession(): OperatorSession {
  return useOutletContext<OperatorSession>()
}

/** 'Anuncios' stays current on a listing's page, which is one of the listings. */
function ConsoleLink({ to, isActive, children }: { to: string; isActive: boolean; children: string }) {
  return (
    <li>
      <Link
        to={to}
        aria-current={isActive ? 'page' : undefined}
        className={cx(
          'inline-flex h-9 items-center rounded-full px-4 text-sm font-semibold transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          isActive ? 'bg-stone-900 text-white' : 'text-stone-700 hover:bg-stone-100',
        )}
      >
        {children}
      </Link>
    </li>
  )
}
