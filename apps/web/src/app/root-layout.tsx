import { lazy, type ReactNode, Suspense } from 'react'
import { Link, matchPath, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router'
import { HydrationIsland } from '../components/ui/hydration-island'
import { HeaderSearchProvider } from '../features/search/header-search-context'
import { useIsBarInView } from '../features/search/use-open-panel'
import { cx } from '../lib/cx'
import { Logo } from './logo'
import { paths, routePatterns } from './paths'
import { UserMenu } from './user-menu'

const loadHeaderSearch = () => import('./header-search')
const HeaderSearchBar = lazy(() => loadHeaderSearch().then((module) => ({ default: module.HeaderSearchBar })))
const HeaderSearchPill = lazy(() =>
  loadHeaderSearch().then((module) => ({ default: module.HeaderSearchPill })),
)

/**
 * Spec §2: the header search bar belongs to the home and results pages; a destination's page has it
 * too, since its call to action opens it with the destination chosen.
 */
function hasHeaderSearch(pathname: string): boolean {
  return (
    pathname === paths.home() ||
    pathname === paths.results() ||
    matchPath(routePatterns.destination, pathname) !== null
  )
}

// A server-rendered page with the search hydrates it as soon as its chunk is here: fetch the chunk
// now, with the page's own, rather than when hydration reaches the bar (a click on the bar before
// then would be lost).
if (typeof window !== 'undefined' && hasHeaderSearch(window.location.pathname)) void loadHeaderSearch()

/** Header, page and footer around every route. `children` replaces the outlet (loading and error frames). */
export function RootLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation()
  const withSearch = hasHeaderSearch(pathname)
  return (
    <HeaderSearchProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#contenido"
          className="sr-only z-[60] rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Saltar al contenido
        </a>
        {/* An island too: a tap on the page while the layout hydrates does not hydrate the header. */}
        <HydrationIsland>
          <SiteHeader withSearch={withSearch} />
        </HydrationIsland>
        {withSearch && (
          // Phones: no band, the bar opens as a sheet from the header (no stacking context here, so
          // the sheet covers the header).
          <div className="md:relative md:z-30 md:border-b md:border-stone-200 md:bg-white md:px-6 md:pt-1 md:pb-6 lg:px-8">
            <Suspense fallback={<SearchBarPlaceholder />}>
              <HeaderSearchBar />
            </Suspense>
          </div>
        )}
        <main id="contenido" className="flex flex-1 flex-col">
          <HydrationIsland>{children ?? <Outlet />}</HydrationIsland>
        </main>
        <HydrationIsland>
          <SiteFooter />
        </HydrationIsland>
        {/* Keyed by address: a fresh page load starts at the top instead of another page's position. */}
        <ScrollRestoration getKey={(location) => location.pathname + location.search} />
        <NavigationPending />
      </div>
    </HeaderSearchProvider>
  )
}

/**
 * A page whose code is still on its way (each page is its own chunk: 'Reservar' waits for the
 * checkout's on a slow phone) shows that it is coming at once, as the browser's own loading bar does
 * for a link: a bar across the top of the screen until the page is there. `data-opening` tells
 * bench:interaction the tap was taken.
 */
function NavigationPending() {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return null
  return (
    <div
      role="progressbar"
      aria-label="Cargando la página"
      data-opening="navigation"
      className="loading-bar motion-safe:animate-pulse"
    />
  )
}

function SiteHeader({ withSearch }: { withSearch: boolean }) {
  const isBarInView = useIsBarInView()
  const showsPill = withSearch && !isBarInView
  return (
    <header
      className={cx(
        'sticky top-0 z-40 border-b border-stone-200 bg-white shadow-[0_1px_8px_rgba(0,0,0,0.04)]',
        // Wide screens: the search bar's band under the header draws the line until it scrolls away.
        withSearch && !showsPill && 'md:border-transparent md:shadow-none',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:h-20 sm:gap-3 sm:px-6 lg:px-8">
        <Link to={paths.home()} aria-label="Cabañas MX, ir al inicio" className="shrink-0 rounded-lg">
          <Logo compact={withSearch} />
        </Link>
        {withSearch && (
          <div className="flex min-w-0 flex-1 justify-center">
            <Suspense fallback={<SearchTriggerPlaceholder />}>
              <HeaderSearchPill />
            </Suspense>
          </div>
        )}
        <UserMenu />
      </div>
    </header>
  )
}

/** Holds the search bar's place while its chunk loads, so nothing below it moves (phones have no bar). */
function SearchBarPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="mx-auto hidden h-[4.25rem] w-full max-w-4xl rounded-full border border-stone-200 bg-white shadow-[0_3px_12px_rgba(0,0,0,0.08)] md:block"
    />
  )
}

/** The phone search trigger's outline while its chunk loads. */
function SearchTriggerPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="h-12 w-full rounded-full border border-stone-200 bg-white shadow-[0_3px_12px_rgba(0,0,0,0.1)] sm:max-w-md md:hidden"
    />
  )
}

function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-stone-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>© 2026 Cabañas MX</p>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to={paths.terms()} className="rounded hover:text-stone-900 hover:underline">
                Términos y condiciones
              </Link>
            </li>
            <li>
              <Link to={paths.privacy()} className="rounded hover:text-stone-900 hover:underline">
                Aviso de privacidad
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  )
}
