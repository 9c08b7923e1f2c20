import { LISTING_LIMITS, type NightSplit, splitNightlyRate } from '@cabanas/domain/listings'
import { SERVICE_COMMISSION_BPS } from '@cabanas/domain/quotes'
import { formatMxn } from '@cabanas/domain/shared'
import { useId } from 'react'

const COMMISSION_PERCENT = SERVICE_COMMISSION_BPS / 100

/** A rate the panel can price: one the schema takes. */
function splitOf(rate: number | undefined): NightSplit | null {
  if (rate === undefined || rate < LISTING_LIMITS.nightlyRate.min || rate > LISTING_LIMITS.nightlyRate.max)
    return null
  return splitNightlyRate(rate)
}

const money = (split: NightSplit | null, pick: (split: NightSplit) => number) =>
  split ? formatMxn(pick(split)) : '—'

type PricePayoutPanelProps = { weekdayRate: number | undefined; weekendRate: number | undefined }

/**
 * 'Lo que paga el huésped' and 'Lo que recibes' for one weekday and one weekend night, from the domain's
 * pricing (splitNightlyRate: the rate plus the service commission, as priceStay charges it).
 */
export function PricePayoutPanel({ weekdayRate, weekendRate }: PricePayoutPanelProps) {
  const titleId = useId()
  const weekday = splitOf(weekdayRate)
  const weekend = splitOf(weekendRate)
  const rows: { label: string; pick: (split: NightSplit) => number; strong?: boolean }[] = [
    { label: 'Tu precio por noche', pick: (split) => split.rate },
    { label: `Tarifa de servicio (${COMMISSION_PERCENT}\u00a0%)`, pick: (split) => split.serviceCommission },
    { label: 'Lo que paga el huésped', pick: (split) => split.guestPays, strong: true },
    { label: 'Lo que recibes', pick: (split) => split.hostReceives, strong: true },
  ]
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-5">
      <h3 id={titleId} className="text-base font-semibold text-stone-900">
        Lo que paga el huésped y lo que recibes
      </h3>
      <p className="mt-1 text-sm text-stone-600">Por una noche, IVA incluido.</p>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-stone-600">
            <th scope="col" className="pb-2 font-medium">
              <span className="sr-only">Concepto</span>
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Entre semana
            </th>
            <th scope="col" className="pb-2 pl-2 text-right font-medium">
              Fin de semana
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ label, pick, strong }) => (
            <tr
              key={label}
              className={strong ? 'border-t border-brand-200 font-semibold text-stone-900' : 'text-stone-700'}
            >
              <th scope="row" className={`py-2 pr-2 text-left ${strong ? 'font-semibold' : 'font-normal'}`}>
                {label}
              </th>
              <td className="py-2 text-right tabular-nums">{money(weekday, pick)}</td>
              <td className="py-2 pl-2 text-right tabular-nums">{money(weekend, pick)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-stone-600">
        La tarifa de servicio la paga el huésped además de tu precio; Cabañas MX no te descuenta comisión.
        {weekday &&
          ` En las tarjetas y el mapa verán «Desde ${formatMxn(weekday.guestPricePerNight)} por noche».`}{' '}
        En temporada, lo mismo sobre el precio de la temporada.
      </p>
    </section>
  )
}
