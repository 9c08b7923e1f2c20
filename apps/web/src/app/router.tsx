import type { ComponentType } from 'react'
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router'
import { PageSpinner } from '../components/ui/spinner'
import { GuestOnly, RequireSession } from '../features/auth/session-guards'
import { useSession } from '../features/auth/use-session'
import { paths, routePatterns } from './paths'
import { RootLayout } from './root-layout'
import { RootError, RouteError } from './route-error'

/**
 * A lazily loaded page: each page is its own chunk. The error element is declared up front so it
 * also catches a chunk that fails to download.
 */
function page<M>(path: string, load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject {
  return {
    path,
    ErrorBoundary: RouteError,
    lazy: async () => ({ Component: pick(await load()) }),
  }
}

function LoadingFrame() {
  return (
    <RootLayout>
      <PageSpinner />
    </RootLayout>
  )
}

/**
 * Spec §6: /profile, /my-reservations and the host pages need a session; the login page brings the user back. A
 * client who signs out on one goes home (spec §2).
 */
function SignedInOnly() {
  return <RequireSession loginPath={paths.login()} signedOutPath={paths.home()} />
}

/** Host pages: a signed-in client who is not a host yet gets the host profile form ('Publica tu cabaña'). */
function HostsOnly() {
  const { user } = useSession()
  if (user && !user.roles.includes('host')) return <Navigate to={paths.hostProfile()} replace />
  return <Outlet />
}

/** A signed-in client opening /login goes back where they came from, else home. */
function LoginGuard() {
  return <GuestOnly fallbackPath={paths.home()} returnToPrevious />
}

/** A signed-in client opening /register goes home. */
function RegisterGuard() {
  return <GuestOnly fallbackPath={paths.home()} />
}

export const routes: RouteObject[] = [
  {
    path: routePatterns.home,
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: LoadingFrame,
    children: [
      page(
        routePatterns.home,
        () => import('./routes/home-page'),
        (m) => m.HomePage,
      ),
      page(
        routePatterns.results,
        () => import('./routes/results-page'),
        (m) => m.ResultsPage,
      ),
      page(
        routePatterns.cabin,
        () => import('./routes/cabin-page'),
        (m) => m.CabinPage,
      ),
      page(
        routePatterns.cabinPhotos,
        () => import('./routes/cabin-photos-page'),
        (m) => m.CabinPhotosPage,
      ),
      page(
        routePatterns.destination,
        () => import('./routes/destination-page'),
        (m) => m.DestinationPage,
      ),
      page(
        routePatterns.checkout,
        () => import('./routes/checkout-page'),
        (m) => m.CheckoutPage,
      ),
      page(
        routePatterns.confirmation,
        () => import('./routes/confirmation-page'),
        (m) => m.ConfirmationPage,
      ),
      page(
        routePatterns.trip,
        () => import('./routes/trip-page'),
        (m) => m.TripPage,
      ),
      {
        Component: SignedInOnly,
        children: [
          page(
            routePatterns.profile,
            () => import('./routes/profile-page'),
            (m) => m.ProfilePage,
          ),
          page(
            routePatterns.myReservations,
            () => import('./routes/my-reservations-page'),
            (m) => m.MyReservationsPage,
          ),
          page(
            routePatterns.messages,
            () => import('./routes/messages-page'),
            (m) => m.MessagesPage,
          ),
          page(
            routePatterns.requestThread,
            () => import('./routes/message-thread-page'),
            (m) => m.GuestRequestThreadPage,
          ),
          page(
            routePatterns.reservationThread,
            () => import('./routes/message-thread-page'),
            (m) => m.GuestReservationThreadPage,
          ),
          page(
            routePatterns.hostProfile,
            () => import('./routes/host-profile-page'),
            (m) => m.HostProfilePage,
          ),
          {
            Component: HostsOnly,
            children: [
              page(
                routePatterns.myCabins,
                () => import('./routes/my-cabins-page'),
                (m) => m.MyCabinsPage,
              ),
              page(
                routePatterns.hostCalendar,
                () => import('./routes/host-calendar-page'),
                (m) => m.HostCalendarPage,
              ),
              page(
                routePatterns.hostPayouts,
                () => import('./routes/host-payouts-page'),
                (m) => m.HostPayoutsPage,
              ),
              page(
                routePatterns.hostRequestThread,
                () => import('./routes/message-thread-page'),
                (m) => m.HostRequestThreadPage,
              ),
              page(
                routePatterns.hostReservationThread,
                () => import('./routes/message-thread-page'),
                (m) => m.HostReservationThreadPage,
              ),
              page(
                routePatterns.hostToday,
                () => import('./routes/host-today-page'),
                (m) => m.HostTodayPage,
              ),
              page(
                routePatterns.hostRequests,
                () => import('./routes/host-requests-page'),
                (m) => m.HostRequestsPage,
              ),
              page(
                routePatterns.hostRequest,
                () => import('./routes/host-request-page'),
                (m) => m.HostRequestPage,
              ),
              page(
                routePatterns.hostReservations,
                () => import('./routes/host-reservations-page'),
                (m) => m.HostReservationsPage,
              ),
              page(
                routePatterns.hostReservation,
                () => import('./routes/host-reservation-page'),
                (m) => m.HostReservationPage,
              ),
              page(
                routePatterns.listingEditor,
                () => import('./routes/listing-editor-page'),
                (m) => m.ListingEditorPage,
              ),
            ],
          },
          {
            // The operator console: its layout lets only operators in.
            ErrorBoundary: RouteError,
            lazy: async () => ({ Component: (await import('./routes/operator-layout')).OperatorLayout }),
            children: [
              page(
                routePatterns.operator,
                () => import('./routes/operator-queue-page'),
                (m) => m.OperatorQueuePage,
              ),
              page(
                routePatterns.operatorListing,
                () => import('./routes/operator-listing-page'),
                (m) => m.OperatorListingPage,
              ),
              page(
                routePatterns.operatorHosts,
                () => import('./routes/operator-hosts-page'),
                (m) => m.OperatorHostsPage,
              ),
              page(
                routePatterns.operatorPayouts,
                () => import('./routes/operator-payouts-page'),
                (m) => m.OperatorPayoutsPage,
              ),
              page(
                routePatterns.operatorReservations,
                () => import('./routes/operator-reservations-page'),
                (m) => m.OperatorReservationsPage,
              ),
              page(
                routePatterns.operatorRequests,
                () => import('./routes/operator-requests-page'),
                (m) => m.OperatorRequestsPage,
              ),
            ],
          },
        ],
      },
      {
        Component: LoginGuard,
        children: [
          page(
            routePatterns.login,
            () => import('./routes/login-page'),
            (m) => m.LoginPage,
          ),
        ],
      },
      {
        Component: RegisterGuard,
        children: [
          page(
            routePatterns.register,
            () => import('./routes/register-page'),
            (m) => m.RegisterPage,
          ),
        ],
      },
      page(
        routePatterns.forgotPassword,
        () => import('./routes/forgot-password-page'),
        (m) => m.ForgotPasswordPage,
      ),
      page(
        routePatterns.verifyEmail,
        () => import('./routes/verify-email-page'),
        (m) => m.VerifyEmailPage,
      ),
      page(
        routePatterns.terms,
        () => import('./routes/terms-page'),
        (m) => m.TermsPage,
      ),
      page(
        routePatterns.privacy,
        () => import('./routes/privacy-page'),
        (m) => m.PrivacyPage,
      ),
      page(
        routePatterns.notFound,
        () => import('./routes/not-found-page'),
        (m) => m.NotFoundPage,
      ),
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
