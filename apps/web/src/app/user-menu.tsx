import type { Client } from '@cabanas/domain/auth'
import {
  CalendarCheck,
  CalendarDays,
  CircleUserRound,
  House,
  HousePlus,
  Inbox,
  Landmark,
  LogOut,
  Menu,
  MessagesSquare,
  ShieldCheck,
  Sun,
  UserRound,
} from 'lucide-react'
import { useId, useRef } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Dismissable } from '../components/ui/dismissable'
import type { ReturnState } from '../features/auth/session-guards'
import { useSession } from '../features/auth/use-session'
import { useOpenPanel } from '../features/search/use-open-panel'
import { paths } from './paths'

const itemStyles =
  'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-stone-700 hover:bg-stone-100 [&_svg]:size-4 [&_svg]:text-stone-500'

function initialsOf(user: Client): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase()
}

/**
 * The user menu of spec §2: logged out, 'Iniciar sesión' and 'Registrarse'; logged in, the client's
 * name and email, 'Mi perfil', 'Mis reservas', then 'Publica tu cabaña' (or, for a host, 'Hoy', 'Mis cabañas', 'Pagos')
 * and 'Cerrar sesión'. It is one of the header's panels:
 * opening it closes any open search segment and the other way round. While the session is not known
 * yet (being read or checked, without a stored user), it offers neither: a signed-in guest never sees
 * 'Iniciar sesión'.
 */
export function UserMenu() {
  const { openPanel, togglePanel, closePanel } = useOpenPanel()
  const { user, status } = useSession()
  const isOpen = openPanel === 'userMenu'
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  return (
    <div ref={containerRef} className="relative shrink-0">
      <button
        ref={buttonRef}
        type="button"
        // The name holds what the button shows, the client's initials (WCAG 2.5.3, label in name).
        aria-label={user ? `Menú de usuario, ${initialsOf(user)}` : 'Menú de usuario'}
        // A tap kept before hydration still opens the menu once the session shows the initials.
        data-tap-meaning="Menú de usuario"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => togglePanel('userMenu')}
        className="flex h-11 items-center gap-2 rounded-full border border-stone-300 bg-white py-1 pr-1.5 pl-3.5 text-stone-700 shadow-sm transition-shadow hover:shadow-md"
      >
        <Menu aria-hidden="true" className="size-4" />
        {user ? (
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white"
          >
            {initialsOf(user)}
          </span>
        ) : (
          <CircleUserRound aria-hidden="true" className="size-7 text-stone-500" strokeWidth={1.5} />
        )}
      </button>

      {isOpen && (
        <Dismissable
          insideRef={containerRef}
          onDismiss={(reason) => {
            closePanel()
            if (reason === 'escape') buttonRef.current?.focus()
          }}
        >
          <div
            id={panelId}
            className="absolute right-0 z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] motion-safe:animate-fade-in overflow-hidden rounded-xl border border-stone-200 bg-white py-2 shadow-lg"
          >
            {user ? (
              <SignedInItems user={user} onClose={closePanel} />
            ) : status === 'checking' ? (
              <p role="status" className="px-4 py-2.5 text-sm text-stone-500">
                Verificando tu sesión…
              </p>
            ) : (
              <SignedOutItems onClose={closePanel} />
            )}
          </div>
        </Dismissable>
      )}
    </div>
  )
}

function SignedInItems({ user, onClose }: { user: Client; onClose: () => void }) {
  const { signOut } = useSession()
  const navigate = useNavigate()

  // Home, from any page (spec §2). On a signed-in-only page its guard sends the client home too: the
  // router draws a navigation in a transition, after the session's end, so the guard sees it first.
  const logOut = () => {
    onClose()
    signOut()
    void navigate(paths.home())
  }

  return (
    <>
      <div className="border-b border-stone-100 px-4 pt-2 pb-3">
        <p className="truncate text-sm font-semibold text-stone-900">
          {user.firstName} {user.lastName}
        </p>
        <p className="truncate text-sm text-stone-500">{user.email}</p>
      </div>
      <nav aria-label="Cuenta" className="py-1">
        <Link to={paths.profile()} onClick={onClose} className={itemStyles}>
          <UserRound aria-hidden="true" />
          Mi perfil
        </Link>
        <Link to={paths.myReservations()} onClick={onClose} className={itemStyles}>
          <CalendarDays aria-hidden="true" />
          Mis reservas
        </Link>
        <Link to={paths.messages()} onClick={onClose} className={itemStyles}>
          <MessagesSquare aria-hidden="true" />
          Mensajes
        </Link>
      </nav>
      <nav aria-label="Anfitrión" className="border-t border-stone-100 py-1">
        {user.roles.includes('host') ? (
          <>
            <Link to={paths.hostToday()} onClick={onClose} className={itemStyles}>
              <Sun aria-hidden="true" />
              Hoy
            </Link>
            <Link to={paths.myCabins()} onClick={onClose} className={itemStyles}>
              <House aria-hidden="true" />
              Mis cabañas
            </Link>
            <Link to={paths.hostRequests()} onClick={onClose} className={itemStyles}>
              <Inbox aria-hidden="true" />
              Solicitudes
            </Link>
            <Link to={paths.hostReservations()} onClick={onClose} className={itemStyles}>
              <CalendarCheck aria-hidden="true" />
              Reservas de mis cabañas
            </Link>
            <Link to={paths.hostPayouts()} onClick={onClose} className={itemStyles}>
              <Landmark aria-hidden="true" />
              Pagos
            </Link>
          </>
        ) : (
          <Link to={paths.hostProfile()} onClick={onClose} className={itemStyles}>
            <HousePlus aria-hidden="true" />
            Publica tu cabaña
          </Link>
        )}
      </nav>
      {user.roles.includes('operator') && (
        <nav aria-label="Operación" className="border-t border-stone-100 py-1">
          <Link to={paths.operator()} onClick={onClose} className={itemStyles}>
            <ShieldCheck aria-hidden="true" />
            Consola de operación
          </Link>
        </nav>
      )}
      <div className="border-t border-stone-100 pt-1">
        <button type="button" onClick={logOut} className={itemStyles}>
          <LogOut aria-hidden="true" />
          Cerrar sesión
        </button>
      </div>
    </>
  )
}

function SignedOutItems({ onClose }: { onClose: () => void }) {
  const location = useLocation()
  const isAuthPage = location.pathname === paths.login() || location.pathname === paths.register()
  // The login page brings the user back to the page they opened the menu on.
  const returnState: ReturnState | undefined = isAuthPage
    ? undefined
    : { from: `${location.pathname}${location.search}${location.hash}` }

  return (
    <>
      <nav aria-label="Cuenta">
        <Link
          to={paths.login()}
          state={returnState}
          onClick={onClose}
          className="block px-4 py-2.5 text-sm font-semibold text-stone-900 hover:bg-stone-100"
        >
          Iniciar sesión
        </Link>
        <Link
          to={paths.register()}
          onClick={onClose}
          className="block px-4 py-2.5 text-sm text-stone-700 hover:bg-stone-100"
        >
          Registrarse
        </Link>
      </nav>
      <p className="mt-1 border-t border-stone-100 px-4 pt-3 pb-1 text-xs text-stone-500">
        Inicia sesión para acceder a tus reservas y preferencias
      </p>
    </>
  )
}
