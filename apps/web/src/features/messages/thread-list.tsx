import type { ThreadSummary } from '@cabanas/domain/messages'
import { formatMexicoCityDateTime } from '@cabanas/domain/shared'
import { ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { formatLongDate } from '../../lib/format'

/** Threads with their last message and an unread badge; `threadPath` gives each one's address. */
export function ThreadList({
  threads,
  threadPath,
}: {
  threads: ThreadSummary[]
  threadPath: (thread: ThreadSummary) => string
}) {
  return (
    <ul className="flex flex-col divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
      {threads.map((thread) => (
        <li key={`${thread.kind}-${thread.id}`}>
          <Link
            to={threadPath(thread)}
            className="flex items-center gap-3 px-4 py-3.5 hover:bg-stone-50 focus-visible:bg-stone-50 sm:px-5"
          >
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <p className="truncate font-semibold text-stone-900">{thread.counterpartName}</p>
                {thread.unread > 0 && (
                  <Badge tone="green">
                    {thread.unread === 1 ? '1 sin leer' : `${thread.unread} sin leer`}
                  </Badge>
                )}
              </div>
              <p className="truncate text-sm text-stone-600">
                {thread.kind === 'reservation' ? 'Reserva' : 'Solicitud'} · {thread.cabinName} ·{' '}
                {formatLongDate(thread.checkIn)}
              </p>
              <p
                className={`mt-0.5 truncate text-sm ${thread.unread > 0 ? 'font-medium text-stone-900' : 'text-stone-500'}`}
              >
                {thread.lastMessage.from === thread.as ? 'Tú: ' : ''}
                {thread.lastMessage.body}
              </p>
              <p className="mt-0.5 text-xs text-stone-400">
                {formatMexicoCityDateTime(new Date(thread.lastMessage.createdAt))}
              </p>
            </div>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-stone-400" />
          </Link>
        </li>
      ))}
    </ul>
  )
}
