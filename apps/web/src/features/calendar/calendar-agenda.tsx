import type { HostCalendar } from '@cabanas/domain/calendar'
import { addDays } from '@cabanas/domain/shared'
import { Lock, UserRound } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { addMonths, firstDayOf, shortDayName, type YearMonth } from '../../lib/calendar-month'

type CalendarAgendaProps = {
  calendar: HostCalendar
  month: YearMonth
  busy: boolean
  onRemoveBlock: (blockId: string) => void
}

const STATUS = { pending: 'Pago en curso', active: 'Confirmada', completed: 'Terminada' } as const

/** 'Noches del 10 jul al 11 jul': a block by its first and last nights. */
function blockNights(startsOn: string, endsOn: string) {
  const last = addDays(endsOn, -1)
  return last === startsOn
    ? `Noche del ${shortDayName(startsOn)}`
    : `Noches del ${shortDayName(startsOn)} al ${shortDayName(last)}`
}

/**
 * The month's stays and blocks as a list: the guest's first name and dates, each block's whole note and
 * its 'Quitar bloqueo' (blocks not yet over).
 */
export function CalendarAgenda({ calendar, month, busy, onRemoveBlock }: CalendarAgendaProps) {
  const start = firstDayOf(month)
  const end = firstDayOf(addMonths(month, 1))
  const touches = (from: string, to: string) => from < end && start < to
  const stays = calendar.reservations.filter((r) => touches(r.checkIn, r.checkOut))
  const blocks = calendar.blocks.filter((b) => touches(b.startsOn, b.endsOn))
  if (stays.length === 0 && blocks.length === 0) {
    return <p className="text-sm text-stone-600">Este mes no tiene reservaciones ni noches bloqueadas.</p>
  }
  return (
    <section aria-labelledby="calendar-agenda" className="flex flex-col gap-2">
      <h2 id="calendar-agenda" className="text-base font-semibold text-stone-900">
        Este mes
      </h2>
      <ul className="flex flex-col gap-2">
        {stays.map((stay) => (
          <li
            key={stay.id}
            className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3"
          >
            <UserRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-800" />
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-stone-900">{stay.guestFirstName}</p>
              <p className="text-stone-700">
                Llega el {shortDayName(stay.checkIn)}, sale el {shortDayName(stay.checkOut)} ·{' '}
                {STATUS[stay.status]}
              </p>
            </div>
          </li>
        ))}
        {blocks.map((block) => (
          <li
            key={block.id}
            className="flex items-start gap-3 rounded-xl border border-stone-200 bg-stone-50 p-3"
          >
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-600" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold text-stone-900">{blockNights(block.startsOn, block.endsOn)}</p>
              <p className="break-words whitespace-pre-line text-stone-700">
                {block.source === 'ical' ? 'De un calendario importado' : block.note || 'Sin nota'}
              </p>
            </div>
            {block.endsOn > calendar.today && (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => onRemoveBlock(block.id)}
                aria-label={`Quitar bloqueo: ${blockNights(block.startsOn, block.endsOn)}`}
              >
                Quitar
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
