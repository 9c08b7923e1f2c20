import {
  type HostRequest,
  type RequestState,
  requestStateLabels,
  timeLeftLabel,
} from '@cabanas/domain/bookings'
import { ChevronRight, Clock } from 'lucide-react'
import { Link } from 'react-router'
import { Badge, type BadgeTone } from '../../components/ui/badge'
import { formatLongDate, formatMxn, pluralize } from '../../lib/format'

export const requestStateTones: Record<RequestState, BadgeTone> = {
  pending: 'yellow',
  accepted: 'blue',
  paid: 'green',
  declined: 'red',
  expired: 'grey',
}

/** The deadline that matters in a request's state: the host's answer, or the guest's payment. */
export function requestTimeLeft(request: HostRequest, now: Date): string | null {
  if (request.status === 'pending') return timeLeftLabel(new Date(request.answerBy), now)
  if (request.status === 'accepted' && request.payBy) return timeLeftLabel(new Date(request.payBy), now)
  return null
}

/** One request in the host's inbox: who, when, what the host receives and the time left. */
export function HostRequestCard({ request, href, now }: { request: HostRequest; href: string; now: Date }) {
  const left = requestTimeLeft(request, now)
  return (
    <Link
      to={href}
      className="flex items-center gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs transition-colors hover:border-stone-300"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={requestStateTones[request.status]}>{requestStateLabels[request.status]}</Badge>
          {left && (
            <span className="flex items-center gap-1 text-sm font-medium text-stone-700">
              <Clock aria-hidden="true" className="size-4" />
              {request.status === 'accepted' ? `Pago: ${left.toLowerCase()}` : left}
            </span>
          )}
        </div>
        <h3 className="mt-2 truncate font-semibold text-stone-900">
          {request.guestFirstName} · {request.cabinName}
        </h3>
        <p className="mt-0.5 text-sm text-stone-700">
          {formatLongDate(request.checkIn)} – {formatLongDate(request.checkOut)}
        </p>
        <p className="mt-0.5 text-sm text-stone-600">
          {pluralize(request.nights, 'noche', 'noches')} · {pluralize(request.guests, 'huésped', 'huéspedes')}{' '}
          · Recibirás{' '}
          <span className="font-semibold text-stone-900 tabular-nums">{formatMxn(request.hostAmount)}</span>
        </p>
      </div>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-400" />
    </Link>
  )
}
