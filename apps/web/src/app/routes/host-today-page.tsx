import { useApiSession } from '../../features/auth/use-session'
import { HostToday, type HostTodayLinks } from '../../features/hosts/host-today'
import { todayInMexico } from '../../lib/calendar-month'
import { formatLongDate } from '../../lib/format'
import { paths } from '../paths'

const links: HostTodayLinks = {
  requests: paths.hostRequests(),
  calendar: (listingId) => (listingId ? paths.hostCalendar(listingId) : paths.myCabins()),
}

/** 'Hoy': the host's home, first in the host's menu. The route lets only hosts in. */
export function HostTodayPage() {
  const session = useApiSession()
  return (
    <>
      <title>Hoy — Cabañas MX</title>
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Hoy</h1>
        <p className="mt-1 text-stone-600">
          {formatLongDate(todayInMexico())}: llegadas, salidas y pendientes de tus cabañas en los próximos 7
          días.
        </p>
        <div className="mt-6">{session && <HostToday session={session} links={links} />}</div>
      </div>
    </>
  )
}
