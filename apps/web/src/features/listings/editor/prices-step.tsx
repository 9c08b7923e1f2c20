import { LISTING_LIMITS, type ListingDraft, PricesStepDraftSchema } from '@cabanas/domain/listings'
import { addDays, formatMxn, isCalendarDate } from '@cabanas/domain/shared'
import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Field, Input } from '../../../components/ui/field'
import { formatLongDate } from '../../../lib/format'
import { centavosToPesosText, PriceInput, priceInputMessages, readPesos } from './price-input'
import { PricePayoutPanel } from './price-payout-panel'
import { issueAt, type ListingStepProps } from './step-props'

export type PricesStepValue = NonNullable<ListingDraft['prices']>
type SeasonDraft = NonNullable<PricesStepValue['seasons']>[number]

/** A season as the host types it: the last night (inclusive), not the schema's exclusive end. */
type SeasonRow = { key: string; name: string; startsOn: string; lastNight: string; rate: string }
type PricesForm = { weekday: string; weekend: string; seasons: SeasonRow[] }

const RATE_HINT = `De ${formatMxn(LISTING_LIMITS.nightlyRate.min)} a ${formatMxn(LISTING_LIMITS.nightlyRate.max)} por noche, IVA incluido`

let rowCounter = 0
const newRowKey = () => `season-${++rowCounter}`

function toForm(value: PricesStepValue | undefined): PricesForm {
  return {
    weekday: centavosToPesosText(value?.weekdayRate),
    weekend: centavosToPesosText(value?.weekendRate),
    seasons: (value?.seasons ?? []).map((season) => ({
      key: newRowKey(),
      name: season.name ?? '',
      startsOn: season.startsOn ?? '',
      lastNight: season.endsOn && isCalendarDate(season.endsOn) ? addDays(season.endsOn, -1) : '',
      rate: centavosToPesosText(season.nightlyRate),
    })),
  }
}

/**
 * The form as the step's draft value (centavos; a season's `endsOn` the day after its last night), and
 * the amounts that are not whole pesos, by field path: while one is there, nothing is sent.
 */
export function pricesStepValue(form: PricesForm): {
  value: PricesStepValue
  typing: Record<string, string>
} {
  const typing: Record<string, string> = {}
  const amount = (text: string, path: string): number | undefined => {
    const read = readPesos(text)
    if (read.kind === 'invalid') typing[path] = priceInputMessages.notPesos
    return read.kind === 'amount' ? read.centavos : undefined
  }
  const value: PricesStepValue = {}
  const weekdayRate = amount(form.weekday, 'weekdayRate')
  const weekendRate = amount(form.weekend, 'weekendRate')
  if (weekdayRate !== undefined) value.weekdayRate = weekdayRate
  if (weekendRate !== undefined) value.weekendRate = weekendRate
  if (form.seasons.length > 0) {
    value.seasons = form.seasons.map((row, index) => {
      // Fields not filled in yet are left out: the schema says 'Falta …' beside them.
      const season: Partial<SeasonDraft> = {}
      if (row.name.trim() !== '') season.name = row.name
      if (row.startsOn !== '') season.startsOn = row.startsOn
      if (row.lastNight !== '')
        season.endsOn = isCalendarDate(row.lastNight) ? addDays(row.lastNight, 1) : row.lastNight
      const rate = amount(row.rate, `seasons.${index}.nightlyRate`)
      if (rate !== undefined) season.nightlyRate = rate
      return season as SeasonDraft
    })
  }
  return { value, typing }
}

function schemaIssues(value: PricesStepValue) {
  const parsed = PricesStepDraftSchema.safeParse(value)
  return parsed.success ? [] : parsed.error.issues
}

/**
 * The schema checks a season's dates (range, overlaps) only once every season is complete; so that a host
 * who picks the dates first is told at once, the dates are also checked with the missing fields filled in
 * (a season without a name is called as the form calls it, 'Temporada 2').
 */
function seasonDateIssues(value: PricesStepValue) {
  if (!value.seasons?.some((season) => season.name === undefined || season.nightlyRate === undefined))
    return []
  const seasons = value.seasons.map((season, index) => ({
    name: season.name?.trim() || `Temporada ${index + 1}`,
    startsOn: season.startsOn ?? '',
    endsOn: season.endsOn ?? '',
    nightlyRate: season.nightlyRate ?? LISTING_LIMITS.nightlyRate.min,
  }))
  return schemaIssues({ seasons }).filter(
    (issue) => issue.path.at(-1) === 'startsOn' || issue.path.at(-1) === 'endsOn',
  )
}

/**
 * The prices step: weekday and weekend nightly prices in pesos, seasons with their own price, and what a
 * guest pays and the host receives for a night. Every change that is whole pesos sends the whole step,
 * in centavos, to `onChange`. The minimum stay is asked in the rules step (the schema keeps it there).
 */
export function PricesStep({ value, issues, onChange, readOnly }: ListingStepProps<'prices'>) {
  const [form, setForm] = useState<PricesForm>(() => toForm(value))
  // Fields the host has left (or changed): only their schema refusals show, not 'Falta …' on a blank form.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())

  const { value: current, typing } = pricesStepValue(form)
  const localIssues = [...schemaIssues(current), ...seasonDateIssues(current)]
  const errorAt = (path: string, touchKey: string) =>
    typing[path] ??
    (touched.has(touchKey)
      ? localIssues.find((issue) => issue.path.join('.') === path)?.message
      : undefined) ??
    issueAt(issues, path)

  const update = (next: PricesForm, touchKey: string) => {
    setForm(next)
    setTouched((all) => (all.has(touchKey) ? all : new Set(all).add(touchKey)))
    const built = pricesStepValue(next)
    if (Object.keys(built.typing).length === 0) onChange(built.value)
  }
  const touch = (touchKey: string) =>
    setTouched((all) => (all.has(touchKey) ? all : new Set(all).add(touchKey)))

  const setSeason = (key: string, patch: Partial<SeasonRow>, field: keyof SeasonRow) =>
    update(
      { ...form, seasons: form.seasons.map((row) => (row.key === key ? { ...row, ...patch } : row)) },
      `${key}.${field}`,
    )

  if (readOnly) return <PricesReadOnly value={value} />

  const seasonsError =
    issueAt(issues, 'seasons') ?? localIssues.find((issue) => issue.path.join('.') === 'seasons')?.message

  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5">
        <div>
          <h3 className="text-base font-semibold text-stone-900">Precio por noche</h3>
          <p className="mt-1 text-sm text-stone-600">
            En pesos, con IVA incluido. Lo que cobras por la cabaña completa.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Entre semana (domingo a jueves)"
            hint={RATE_HINT}
            error={errorAt('weekdayRate', 'weekdayRate')}
          >
            {(control) => (
              <PriceInput
                {...control}
                value={form.weekday}
                onChange={(text) => update({ ...form, weekday: text }, 'weekdayRate')}
                onBlur={() => touch('weekdayRate')}
              />
            )}
          </Field>
          <Field
            label="Fin de semana (viernes y sábado)"
            hint={RATE_HINT}
            error={errorAt('weekendRate', 'weekendRate')}
          >
            {(control) => (
              <PriceInput
                {...control}
                value={form.weekend}
                onChange={(text) => update({ ...form, weekend: text }, 'weekendRate')}
                onBlur={() => touch('weekendRate')}
              />
            )}
          </Field>
        </div>
      </section>

      <PricePayoutPanel weekdayRate={current.weekdayRate} weekendRate={current.weekendRate} />

      <section className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5">
        <div>
          <h3 className="text-base font-semibold text-stone-900">Temporadas</h3>
          <p className="mt-1 text-sm text-stone-600">
            Opcional. Fechas con su propio precio por noche (vacaciones, puentes, Navidad); no pueden cruzarse
            entre sí. Se cobran en vez del precio entre semana o de fin de semana.
          </p>
        </div>
        {seasonsError && (
          <p role="alert" className="text-sm text-accent-700">
            {seasonsError}
          </p>
        )}
        {form.seasons.length > 0 && (
          <ol className="flex flex-col gap-4">
            {form.seasons.map((row, index) => (
              <li
                key={row.key}
                aria-label={`Temporada ${index + 1}`}
                className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 p-3 sm:p-4"
              >
                <Field label="Nombre" error={errorAt(`seasons.${index}.name`, `${row.key}.name`)}>
                  {(control) => (
                    <Input
                      {...control}
                      value={row.name}
                      maxLength={LISTING_LIMITS.seasonName.max}
                      placeholder="Ej.: Navidad y Año Nuevo"
                      onChange={(event) => setSeason(row.key, { name: event.currentTarget.value }, 'name')}
                      onBlur={() => touch(`${row.key}.name`)}
                    />
                  )}
                </Field>
                <div className="grid gap-3 min-[420px]:grid-cols-2">
                  <Field
                    label="Primera noche"
                    error={errorAt(`seasons.${index}.startsOn`, `${row.key}.startsOn`)}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        type="date"
                        value={row.startsOn}
                        className="px-2.5"
                        onChange={(event) =>
                          setSeason(row.key, { startsOn: event.currentTarget.value }, 'startsOn')
                        }
                        onBlur={() => touch(`${row.key}.startsOn`)}
                      />
                    )}
                  </Field>
                  <Field
                    label="Última noche"
                    error={errorAt(`seasons.${index}.endsOn`, `${row.key}.lastNight`)}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        type="date"
                        value={row.lastNight}
                        min={row.startsOn || undefined}
                        className="px-2.5"
                        onChange={(event) =>
                          setSeason(row.key, { lastNight: event.currentTarget.value }, 'lastNight')
                        }
                        onBlur={() => touch(`${row.key}.lastNight`)}
                      />
                    )}
                  </Field>
                </div>
                <Field
                  label="Precio por noche"
                  hint={RATE_HINT}
                  error={errorAt(`seasons.${index}.nightlyRate`, `${row.key}.rate`)}
                >
                  {(control) => (
                    <PriceInput
                      {...control}
                      value={row.rate}
                      onChange={(text) => setSeason(row.key, { rate: text }, 'rate')}
                      onBlur={() => touch(`${row.key}.rate`)}
                    />
                  )}
                </Field>
                <Button
                  variant="ghost"
                  className="self-start text-red-700 hover:bg-red-50"
                  aria-label={`Quitar la temporada ${index + 1}${row.name.trim() ? ` (${row.name.trim()})` : ''}`}
                  onClick={() =>
                    update(
                      { ...form, seasons: form.seasons.filter((other) => other.key !== row.key) },
                      'seasons',
                    )
                  }
                >
                  <Trash2 /> Quitar la temporada
                </Button>
              </li>
            ))}
          </ol>
        )}
        <Button
          variant="outline"
          className="self-stretch sm:self-start"
          disabled={form.seasons.length >= LISTING_LIMITS.seasons.max}
          onClick={() =>
            setForm({
              ...form,
              seasons: [
                ...form.seasons,
                { key: newRowKey(), name: '', startsOn: '', lastNight: '', rate: '' },
              ],
            })
          }
        >
          <Plus /> Agregar temporada
        </Button>
      </section>
    </div>
  )
}

/** In review: the prices, the seasons and what a night costs the guest. */
function PricesReadOnly({ value }: { value: PricesStepValue | undefined }) {
  const rate = (amount: number | undefined) =>
    amount === undefined ? 'Sin definir' : `${formatMxn(amount)} por noche`
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm sm:grid-cols-2 sm:p-5">
        <div>
          <dt className="text-stone-600">Entre semana (domingo a jueves)</dt>
          <dd className="font-semibold text-stone-900">{rate(value?.weekdayRate)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Fin de semana (viernes y sábado)</dt>
          <dd className="font-semibold text-stone-900">{rate(value?.weekendRate)}</dd>
        </div>
      </dl>
      <PricePayoutPanel weekdayRate={value?.weekdayRate} weekendRate={value?.weekendRate} />
      <section className="rounded-2xl border border-stone-200 bg-white p-4 text-sm sm:p-5">
        <h3 className="text-base font-semibold text-stone-900">Temporadas</h3>
        {value?.seasons?.length ? (
          <ul className="mt-2 flex flex-col gap-2">
            {value.seasons.map((season, index) => (
              <li key={`${season.name}-${index}`} className="text-stone-700">
                <span className="font-semibold text-stone-900">{season.name}</span>: {seasonDates(season)},{' '}
                {rate(season.nightlyRate)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-stone-600">Sin temporadas.</p>
        )}
      </section>
    </div>
  )
}

function seasonDates(season: SeasonDraft): string {
  if (!isCalendarDate(season.startsOn) || !isCalendarDate(season.endsOn)) return 'fechas sin definir'
  return `noches del ${formatLongDate(season.startsOn)} al ${formatLongDate(addDays(season.endsOn, -1))}`
}
