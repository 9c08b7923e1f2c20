import type { CalendarDate } from '@cabanas/domain/shared'
import { addDays, requireValue } from '@cabanas/domain/shared'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { isApiError } from '../../lib/api-client'
import { addMonths, monthGrid, monthTitle, type YearMonth } from '../../lib/calendar-month'
import { pluralize } from '../../lib/plural'
import { isPassingFailure, showsFailure } from '../../lib/query-failure'
import { blockNights, clearNightPrices, removeBlock, setNightPrices, unblockNights } from './calendar.api'
import { CalendarAgenda } from './calendar-agenda'
import { calendarDays, type NightSelection, nextSelection, rangeOf, selectedDates } from './calendar-days'
import { HostMonthGrid } from './host-month-grid'
import { type NightsChange, NightsSheet } from './nights-sheet'
import { changeErrorMessage, useCalendarChange } from './use-calendar-change'
import { useHostCalendar } from './use-host-calendar'

type HostCalendarProps = {
  token: string
  listingId: string
  month: YearMonth
  onMonthChange: (month: YearMonth) => void
  onUnauthorized: () => void
}

/** What a saved change says, read out politely. */
const DONE: Record<NightsChange['kind'], (nights: number) => string> = {
  block: (n) => `Listo: ${pluralize(n, 'noche bloqueada', 'noches bloqueadas')}.`,
  unblock: (n) => `Listo: ${pluralize(n, 'noche desbloqueada', 'noches desbloqueadas')}.`,
  price: (n) => `Listo: precio guardado para ${pluralize(n, 'noche', 'noches')}.`,
  clearPrice: () => 'Listo: las noches vuelven a su precio de siempre.',
}

/**
 * A published cabin's calendar, one month at a time: tap the first night and the last, then block them
 * (with a private note), unblock them or price them. Reservations show the guest's first name.
 */
export function HostCalendar({ token, listingId, month, onMonthChange, onUnauthorized }: HostCalendarProps) {
  const grid = monthGrid(month)
  const from = requireValue(grid[0], 'the first day of the month grid')
  const to = addDays(requireValue(grid.at(-1), 'the last day of the month grid'), 1)
  const calendar = useHostCalendar({ token, listingId, from, to, onUnauthorized })
  const [picking, setPicking] = useState<{ first: CalendarDate; last?: CalendarDate } | null>(null)
  const [done, setDone] = useState('')

  const change = useCalendarChange({
    token,
    listingId,
    onUnauthorized,
    change: ({ selection, change }: { selection: NightSelection; change: NightsChange }) => {
      const range = rangeOf(selection)
      switch (change.kind) {
        case 'block':
          return blockNights(token, listingId, { ...range, ...(change.note ? { note: change.note } : {}) })
        case 'unblock':
          return unblockNights(token, listingId, range)
        case 'price':
          return setNightPrices(token, listingId, { ...range, nightlyRate: change.nightlyRate })
        case 'clearPrice':
          return clearNightPrices(token, listingId, range)
      }
    },
    onDone: () => setPicking(null),
  })
  const unblockOne = useCalendarChange({
    token,
    listingId,
    onUnauthorized,
    change: (blockId: string) => removeBlock(token, listingId, blockId),
    onDone: () => setDone('Listo: bloqueo quitado.'),
  })

  const goTo = (next: YearMonth) => {
    setPicking(null)
    onMonthChange(next)
  }

  if (calendar.isPending) return <PageSpinner label="Cargando tu calendario…" />
  if (showsFailure(calendar)) {
    // 404 (not this host's listing) and 409 (not published yet) say so in the API's words.
    const refused =
      isApiError(calendar.error) &&
      calendar.error.status >= 400 &&
      calendar.error.status < 500 &&
      !isPassingFailure(calendar.error)
    return (
      <Alert
        tone={refused ? 'warning' : 'error'}
        role="alert"
        title={
          refused
            ? calendar.error.message
            : 'No se pudo cargar el calendario. Revisa tu conexión e intenta de nuevo.'
        }
      />
    )
  }

  const days = calendarDays(calendar.data, grid)
  const selection: NightSelection | null = picking?.last ? { first: picking.first, last: picking.last } : null
  const hint =
    picking && !picking.last
      ? 'Ahora toca la última noche (o la misma, si es solo una).'
      : 'Toca la primera noche y luego la última.'

  return (
    <div className="flex flex-col gap-4">
      <p className="text-stone-600">{calendar.data.cabinName}</p>
      <StaleNotice query={calendar} />
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label="Mes anterior"
          onClick={() => goTo(addMonths(month, -1))}
          className="flex size-11 items-center justify-center rounded-full border border-stone-300 text-stone-700 hover:bg-stone-100"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <h2 className="text-lg font-semibold text-stone-900" aria-live="polite">
          {monthTitle(month)}
        </h2>
        <button
          type="button"
          aria-label="Mes siguiente"
          onClick={() => goTo(addMonths(month, 1))}
          className="flex size-11 items-center justify-center rounded-full border border-stone-300 text-stone-700 hover:bg-stone-100"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      <p className="text-sm text-stone-600">{hint}</p>
      <p role="status" className="text-sm font-medium text-emerald-800 empty:hidden">
        {done}
      </p>
      <div className={calendar.isPlaceholderData ? 'opacity-60' : undefined}>
        <HostMonthGrid
          month={month}
          days={days}
          selection={picking}
          onSelect={(date) => {
            setDone('')
            change.reset()
            setPicking((current) => nextSelection(current, date))
          }}
        />
      </div>
      <Legend />
      {unblockOne.isError && <Alert tone="error" role="alert" title={changeErrorMessage(unblockOne.error)} />}
      <CalendarAgenda
        calendar={calendar.data}
        month={month}
        busy={unblockOne.isPending}
        onRemoveBlock={(blockId) => unblockOne.mutate(blockId)}
      />
      {selection && (
        <NightsSheet
          // A fresh form for each selection.
          key={`${selection.first}/${selection.last}`}
          selection={selection}
          days={selectedDates(selection).flatMap((date) => days.get(date) ?? [])}
          today={calendar.data.today}
          busy={change.isPending}
          error={change.isError ? changeErrorMessage(change.error) : null}
          onClose={() => {
            change.reset()
            setPicking(null)
          }}
          onChange={(nightsChange) =>
            change.mutate(
              { selection, change: nightsChange },
              {
                onSuccess: () => setDone(DONE[nightsChange.kind](selectedDates(selection).length)),
              },
            )
          }
        />
      )}
    </div>
  )
}

function Legend() {
  const swatch = 'inline-block size-4 shrink-0 rounded border'
  return (
    <ul aria-label="Leyenda" className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-stone-600">
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`${swatch} border-stone-200 bg-white`} />
        Libre
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`${swatch} border-brand-200 bg-brand-100`} />
        Reservada
      </li>
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className={`${swatch} border-stone-300 bg-[repeating-linear-gradient(135deg,var(--color-stone-100)_0,var(--color-stone-100)_3px,var(--color-stone-300)_3px,var(--color-stone-300)_4px)]`}
        />
        Bloqueada
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="font-bold text-accent-700">
          $
        </span>
        Precio especial
      </li>
    </ul>
  )
}
