import {
  type HostTodayConflict,
  type HostToday as HostTodayData,
  type HostTodayRequest,
  type HostTodayStay,
  isUrgentRequest,
  timeLeftLabel,
} from '@cabanas/domain/hosts'
import { addDays, dayOfWeek } from '@cabanas/domain/shared'
import { CalendarX2, ChevronRight, Clock, LogIn, LogOut, Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { RetryAlert } from '../../components/ui/retry-alert'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { shortDayName, shortRangeName, WEEKDAY_NAMES } from '../../lib/calendar-month'
import { formatMxn, pluralize } from '../../lib/format'
import { showsFailure } from '../../lib/query-failure'
import { useNow } from '../../lib/use-now'
import { useHostToday } from './use-host-today'

/** Where 'Hoy' links to: the app's addresses, handed in by the page. */
export type HostTodayLinks = {
  /** 'Solicitudes': where the host answers requests to book. */
  requests: string
  /** A cabin's calendar (its imported calendars and their conflicts), by its listing. */
  calendar: (listingId: string | null) => string
}

/** 'Hoy', 'Mañana', else 'viernes 12 jun'. */
function dayLabel(day: string, today: string): string {
  if (day === today) return 'Hoy'
  if (day === addDays(today, 1)) return 'Mañana'
  return `${WEEKDAY_NAMES[dayOfWeek(day)]} ${shortDayName(day)}`
}

const stayLine = (stay: { guests: number; nights: number }) =>
  `${pluralize(stay.guests, 'huésped', 'huéspedes')} · ${pluralize(stay.nights, 'noche', 'noches')}`

/** The host's home: what happens in their cabins today and in the next 7 days. */
export function HostToday({
  session,
  links,
}: {
  session: { token: string; onUnauthorized: () => void }
  links: HostTodayLinks
}) {
  const today = useHostToday(session)
  // The time left on a request counts down with the clock, whether or not the data could be read again.
  const clock = useNow(60_000)
  if (today.isPending) return <PageSpinner label="Cargando tu día…" />
  if (showsFailure(today)) {
    return <RetryAlert title="No se pudo cargar tu día." onRetry={() => void today.refetch()} />
  }
  const now = new Date(Math.max(clock, today.dataUpdatedAt))
  const data = today.data
  return (
    <div className="flex flex-col gap-6">
      <StaleNotice query={today} />
      <Summary data={data} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Section title="Llegadas" icon={<LogIn aria-hidden="true" />} count={data.counts.arrivals}>
          <StayList stays={data.arrivals} today={data.today} empty="Nadie llega en los próximos 7 días." />
        </Section>
        <Section title="Salidas" icon={<LogOut aria-hidden="true" />} count={data.counts.departures}>
          <StayList stays={data.departures} today={data.today} empty="Nadie sale en los próximos 7 días." />
        </Section>
        <Section
          title="Solicitudes por responder"
          icon={<Clock aria-hidden="true" />}
          count={data.counts.requests}
          action={
            data.requests.length > 0 ? (
              <SectionLink to={links.requests}>Ver solicitudes</SectionLink>
            ) : undefined
          }
        >
          <RequestList requests={data.requests} now={now} link={links.requests} />
        </Section>
        <Section
          title="Reservas recientes"
          icon={<Sparkles aria-hidden="true" />}
          count={data.counts.recentBookings}
        >
          {data.recentBookings.length === 0 ? (
            <Empty>No hubo reservas nuevas en los últimos 7 días.</Empty>
          ) : (
            <ul className="divide-y divide-stone-100">
              {data.recentBookings.map((booking) => (
                <li key={booking.reservationId} className="flex items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-stone-900">{booking.guestFirstName}</p>
                    <p className="truncate text-sm text-stone-600">{booking.cabinName}</p>
                    <p className="text-sm text-stone-600">
                      {shortRangeName(booking.checkIn, booking.checkOut)} · {stayLine(booking)}
                    </p>
                  </div>
                  <p className="shrink-0 font-semibold text-stone-900">{formatMxn(booking.totalPrice)}</p>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section
          title="Conflictos de calendario"
          icon={<CalendarX2 aria-hidden="true" />}
          count={data.counts.conflicts}
          className="lg:col-span-2"
        >
          <ConflictList conflicts={data.conflicts} calendar={links.calendar} />
        </Section>
      </div>
    </div>
  )
}

function Summary({ data }: { data: HostTodayData }) {
  const { counts } = data
  const items = [
    { label: 'Llegan hoy', value: counts.arrivalsToday },
    { label: 'Salen hoy', value: counts.departuresToday },
    { label: 'Solicitudes', value: counts.requests, urgent: counts.urgentRequests > 0 },
    { label: 'Conflictos', value: counts.conflicts, urgent: counts.conflicts > 0 },
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl border border-stone-200 bg-white px-4 py-3 shadow-xs">
          <dt className="text-sm text-stone-600">{item.label}</dt>
          <dd className={`text-2xl font-bold ${item.urgent ? 'text-red-700' : 'text-stone-900'}`}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function Section({
  title,
  icon,
  count,
  action,
  className = '',
  children,
}: {
  title: string
  icon: ReactNode
  count: number
  action?: ReactNode
  className?: string
  children: ReactNode
}) {
  const id = `hoy-${title.toLowerCase().replaceAll(' ', '-')}`
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5 ${className}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2
          id={id}
          className="flex items-center gap-2 text-lg font-semibold text-stone-900 [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-brand-700"
        >
          {icon}
          {title}
          <span className="text-base font-normal text-stone-500">({count})</span>
        </h2>
        {action}
      </div>
      <div className="mt-2">{children}</div>
    </section>
  )
}

function SectionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex shrink-0 items-center gap-0.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {children}
      <ChevronRight aria-hidden="true" className="size-4" />
    </Link>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-3 text-sm text-stone-600">{children}</p>
}

function StayList({ stays, today, empty }: { stays: HostTodayStay[]; today: string; empty: string }) {
  if (stays.length === 0) return <Empty>{empty}</Empty>
  return (
    <ul className="divide-y divide-stone-100">
      {stays.map((stay) => (
        <li key={stay.reservationId} className="flex items-start gap-3 py-3">
          <span
            className={`w-20 shrink-0 text-sm font-semibold first-letter:uppercase ${
              stay.day === today ? 'text-brand-700' : 'text-stone-700'
            }`}
          >
            {dayLabel(stay.day, today)}
          </span>
          <div className="min-w-0">
            <p className="font-medium text-stone-900">{stay.guestFirstName}</p>
            <p className="truncate text-sm text-stone-600">{stay.cabinName}</p>
            <p className="text-sm text-stone-600">{stayLine(stay)}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}

function RequestList({ requests, now, link }: { requests: HostTodayRequest[]; now: Date; link: string }) {
  if (requests.length === 0) return <Empty>No tienes solicitudes por responder.</Empty>
  return (
    <ul className="divide-y divide-stone-100">
      {requests.map((request) => {
        const deadline = new Date(request.deadline)
        return (
          <li key={request.requestId} className="flex items-start justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-stone-900">{request.cabinName}</p>
              <p className="text-sm text-stone-600">
                {shortRangeName(request.checkIn, request.checkOut)} · {stayLine(request)}
              </p>
              <p className="text-sm text-stone-600">{formatMxn(request.totalPrice)}</p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1.5">
              <Badge
                tone={isUrgentRequest(deadline, now) ? 'red' : 'yellow'}
                icon={<Clock aria-hidden="true" />}
              >
                {timeLeftLabel(deadline, now)}
              </Badge>
              <SectionLink to={link}>Responder</SectionLink>
            </div>
          </li>
        )
      })}
    </ul>
  )
}

function ConflictList({
  conflicts,
  calendar,
}: {
  conflicts: HostTodayConflict[]
  calendar: HostTodayLinks['calendar']
}) {
  if (conflicts.length === 0) return <Empty>Tus calendarios importados no tienen conflictos.</Empty>
  return (
    <ul className="divide-y divide-stone-100">
      {conflicts.map((conflict) => (
        <li key={conflict.id} className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-stone-900">{conflict.cabinName}</p>
            <p className="text-sm text-stone-600">
              {conflict.feedName}: {shortRangeName(conflict.startsOn, conflict.endsOn)}
            </p>
            <p className="text-sm text-red-700">
              {conflict.over === 'reservation' ? 'Se cruza con una reserva' : 'Se cruza con un bloqueo'}
            </p>
          </div>
          <SectionLink to={calendar(conflict.listingId)}>Revisar calendario</SectionLink>
        </li>
      ))}
    </ul>
  )
}
