import { isWeekendNight, type QuoteResponse } from '@cabanas/domain/quotes'
import { formatMxn, pluralize } from '../../lib/format'

type RateLine = { key: string; rate: number; nights: number; label: string }

/** Nights at the same rate for the same reason, in the order they first appear. */
function rateLines(breakdown: QuoteResponse['breakdown']): RateLine[] {
  const lines = new Map<string, RateLine>()
  for (const { night, rate, season } of breakdown) {
    const label = season
      ? `Temporada: ${season}`
      : isWeekendNight(night)
        ? 'Tarifa de fin de semana'
        : 'Tarifa entre semana'
    const key = `${label}|${rate}`
    const line = lines.get(key)
    if (line) line.nights += 1
    else lines.set(key, { key, rate, nights: 1, label })
  }
  return [...lines.values()]
}

/** The quoted stay, night rates to total (spec §4: the total row only for an available, priced stay). */
export function PriceDetails({ quote }: { quote: QuoteResponse }) {
  const { totalPrice } = quote.pricing
  const serviceFee = quote.precioCalculado.comisionServicio
  return (
    <div className="mt-5">
      <dl className="space-y-3 text-stone-700">
        {rateLines(quote.breakdown).map((line) => (
          <div key={line.key} className="flex items-start justify-between gap-4">
            <dt>
              <span className="underline decoration-stone-300 underline-offset-4">
                {`${formatMxn(line.rate)} × ${pluralize(line.nights, 'noche', 'noches')}`}
              </span>
              <span className="block text-xs text-stone-500">{line.label}</span>
            </dt>
            <dd className="tabular-nums">{formatMxn(line.rate * line.nights)}</dd>
          </div>
        ))}
        <div className="flex items-start justify-between gap-4">
          <dt>Tarifa de servicio</dt>
          <dd className="tabular-nums">{formatMxn(serviceFee)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex items-baseline justify-between gap-4 border-t border-stone-200 pt-4 font-semibold text-stone-900">
        <p>Total</p>
        <p className="tabular-nums">{`${formatMxn(totalPrice)} MXN`}</p>
      </div>
      <p className="mt-1 text-right text-xs text-stone-500">IVA incluido</p>
    </div>
  )
}
