import { ChevronLeft } from 'lucide-react'
import { Link, useParams, useSearchParams } from 'react-router'
import { useSession } from '../../features/auth/use-session'
import { CalendarSyncSection } from '../../features/calendar/calendar-sync-section'
import { HostCalendar } from '../../features/calendar/host-calendar'
import { todayInMexico, type YearMonth, yearMonthOf } from '../../lib/calendar-month'
import { paths } from '../paths'

/** '2026-07' → July 2026; anything else → null. */
function monthOf(text: string | null): YearMonth | null {
  const match = text ? /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text) : null
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null
}

const monthParam = ({ year, month }: YearMonth) => `${year}-${String(month).padStart(2, '0')}`

/** '/anfitrion/cabanas/:id/calendario?mes=2026-07': a published cabin's calendar. The route lets only hosts in. */
export function HostCalendarPage() {
  const { id = '' } = useParams()
  const [search, setSearch] = useSearchParams()
  const { token, expireSession } = useSession()
  const month = monthOf(search.get('mes')) ?? yearMonthOf(todayInMexico())
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <title>Calendario — Mis cabañas — Cabañas MX</title>
      <Link
        to={paths.myCabins()}
        className="inline-flex items-center gap-1 text-sm font-medium text-stone-700 hover:text-stone-900"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Mis cabañas
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Calendario</h1>
      <div className="mt-1">
        {token && (
          <HostCalendar
            token={token}
            listingId={id}
            month={month}
            onMonthChange={(next) => setSearch({ mes: monthParam(next) }, { replace: true })}
            onUnauthorized={expireSession}
          />
        )}
      </div>
      {token && <CalendarSyncSection token={token} listingId={id} onUnauthorized={expireSession} />}
    </div>
  )
}
