import {
  BlockNightsBodySchema,
  CALENDAR_LIMITS,
  checkNightsChange,
  NightPricesBodySchema,
  pesosToCentavos,
} from '@cabanas/domain/calendar'
import { DomainError, formatMxn } from '@cabanas/domain/shared'
import { Lock, LockOpen, Tag } from 'lucide-react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { Field, inputStyles } from '../../components/ui/field'
import { longDayName } from '../../lib/calendar-month'
import { pluralize } from '../../lib/plural'
import { type CalendarDay, type NightSelection, rangeOf, summarizeSelection } from './calendar-days'

export type NightsChange =
  | { kind: 'block'; note: string }
  | { kind: 'unblock' }
  | { kind: 'price'; nightlyRate: number }
  | { kind: 'clearPrice' }

type NightsSheetProps = {
  selection: NightSelection
  days: readonly CalendarDay[]
  today: string
  /** Sends the change; resolves once saved, rejects with the API's refusal. */
  onChange: (change: NightsChange) => void
  busy: boolean
  /** The API's refusal of the last change, in Spanish. */
  error: string | null
  onClose: () => void
}

/** The first message a domain schema gives, or the date rule's refusal. */
function refusalOf(check: () => { success: boolean; error?: { issues: { message: string }[] } }) {
  try {
    const result = check()
    return result.success ? null : (result.error?.issues[0]?.message ?? null)
  } catch (error) {
    if (error instanceof DomainError) return error.message
    throw error
  }
}

/**
 * What a host can do with the nights picked: block them with a private note, unblock them, give them a
 * price of their own or take it away. A sheet from the bottom on a phone, a centred card on wider screens.
 */
export function NightsSheet({ selection, days, today, onChange, busy, error, onClose }: NightsSheetProps) {
  const [note, setNote] = useState('')
  const [pesos, setPesos] = useState('')
  const [noteError, setNoteError] = useState<string | null>(null)
  const [priceError, setPriceError] = useState<string | null>(null)
  const summary = summarizeSelection(days)
  const range = rangeOf(selection)
  const canBlock = !summary.reserved && !summary.blocked
  const title =
    selection.first === selection.last
      ? longDayName(selection.first)
      : `Del ${longDayName(selection.first)} al ${longDayName(selection.last)}`

  const block = (event: FormEvent) => {
    event.preventDefault()
    const message = refusalOf(() => {
      checkNightsChange(range, today)
      return BlockNightsBodySchema.safeParse({ ...range, note })
    })
    setNoteError(message)
    if (!message) onChange({ kind: 'block', note: note.trim() })
  }

  const price = (event: FormEvent) => {
    event.preventDefault()
    const centavos = pesos.trim() === '' ? undefined : (pesosToCentavos(pesos) ?? Number.NaN)
    const message = Number.isNaN(centavos)
      ? 'Escribe el precio en pesos enteros, por ejemplo 1,250'
      : refusalOf(() => {
          checkNightsChange(range, today)
          return NightPricesBodySchema.safeParse({ ...range, nightlyRate: centavos })
        })
    setPriceError(message)
    if (!message && centavos !== undefined) onChange({ kind: 'price', nightlyRate: centavos })
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={pluralize(summary.nights, 'noche', 'noches')}
      description={title}
      placement="sheet"
    >
      <div className="flex flex-col gap-6 px-5 py-5 sm:px-6">
        {error && <Alert tone="error" role="alert" title={error} />}
        <NightsStatus days={days} />

        <Section icon={<Lock aria-hidden="true" />} title="Bloquear">
          {canBlock ? (
            <form noValidate onSubmit={block} className="flex flex-col gap-3">
              <Field
                label="Nota privada (opcional)"
                hint={`Solo tú la ves. Hasta ${CALENDAR_LIMITS.note} caracteres.`}
                error={noteError ?? undefined}
              >
                {(control) => (
                  <textarea
                    {...control}
                    value={note}
                    onChange={(event) => setNote(event.currentTarget.value)}
                    rows={2}
                    maxLength={CALENDAR_LIMITS.note}
                    placeholder="Por ejemplo: visita de la familia"
                    className={inputStyles({
                      invalid: control['aria-invalid'] === true,
                      className: 'h-auto min-h-20 py-3 leading-relaxed',
                    })}
                  />
                )}
              </Field>
              <Button type="submit" disabled={busy}>
                <Lock aria-hidden="true" />
                {summary.nights === 1 ? 'Bloquear noche' : 'Bloquear noches'}
              </Button>
            </form>
          ) : (
            <p className="text-sm text-stone-600">
              {summary.reserved
                ? 'Estas noches incluyen una reservación: para bloquear, elige solo noches libres.'
                : 'Algunas ya están bloqueadas: desbloquéalas o elige solo noches libres.'}
            </p>
          )}
          {summary.blocked && (
            <Button variant="outline" disabled={busy} onClick={() => onChange({ kind: 'unblock' })}>
              <LockOpen aria-hidden="true" />
              {summary.nights === 1 ? 'Desbloquear noche' : 'Desbloquear noches'}
            </Button>
          )}
        </Section>

        <Section icon={<Tag aria-hidden="true" />} title="Precio por noche">
          <form noValidate onSubmit={price} className="flex flex-col gap-3">
            <Field
              label="Precio de cada noche, en pesos"
              hint="Gana sobre tus tarifas y temporadas. IVA incluido; la tarifa de servicio se suma aparte."
              error={priceError ?? undefined}
            >
              {(control) => (
                <div className="relative">
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-stone-500"
                  >
                    $
                  </span>
                  <input
                    {...control}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="1,250"
                    value={pesos}
                    onChange={(event) => setPesos(event.currentTarget.value)}
                    className={inputStyles({
                      invalid: control['aria-invalid'] === true,
                      className: 'pr-14 pl-7 tabular-nums',
                    })}
                  />
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm text-stone-500"
                  >
                    MXN
                  </span>
                </div>
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy} className="grow">
                Guardar precio
              </Button>
              {summary.custom && (
                <Button variant="outline" disabled={busy} onClick={() => onChange({ kind: 'clearPrice' })}>
                  Quitar precio especial
                </Button>
              )}
            </div>
          </form>
        </Section>
      </div>
    </Dialog>
  )
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="flex items-center gap-2 text-base font-semibold text-stone-900 [&_svg]:size-4">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  )
}

/** Who or what holds the nights picked, and their prices. */
function NightsStatus({ days }: { days: readonly CalendarDay[] }) {
  const { reservations, blocks, prices } = statusLines(days)
  return (
    <ul className="flex flex-col gap-1.5 rounded-xl bg-stone-50 p-3 text-sm text-stone-700">
      {reservations.map((line) => (
        <li key={line}>{line}</li>
      ))}
      {blocks.map((line) => (
        <li key={line}>{line}</li>
      ))}
      <li>{prices}</li>
    </ul>
  )
}

function statusLines(days: readonly CalendarDay[]) {
  const guests = new Set(days.flatMap((day) => (day.reservation ? [day.reservation.guestFirstName] : [])))
  const notes = new Map(days.flatMap((day) => (day.block ? [[day.block.id, day.block.note] as const] : [])))
  const rates = days.flatMap((day) => (day.rate === null ? [] : [day.rate]))
  const low = Math.min(...rates)
  const high = Math.max(...rates)
  return {
    reservations: [...guests].map((name) => `Reservada por ${name}`),
    blocks: [...notes.values()].map((note) => (note ? `Bloqueada: ${note}` : 'Bloqueada, sin nota')),
    prices:
      rates.length === 0
        ? ''
        : low === high
          ? `Precio actual: ${formatMxn(low)} por noche`
          : `Precio actual: de ${formatMxn(low)} a ${formatMxn(high)} por noche`,
  }
}
