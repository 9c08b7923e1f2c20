import { type CheckoutSummary, ivaSplit, nightlyLine } from '@cabanas/domain/bookings'
import { averageNightlyPrice } from '@cabanas/domain/quotes'
import { ImageOff, MapPin } from 'lucide-react'
import { useId, useState } from 'react'
import { cx } from '../../lib/cx'
import { formatLongDate, formatMxn, pluralize } from '../../lib/format'

function SummaryLine({ label, amount, strong }: { label: string; amount: number; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={strong ? 'font-semibold text-stone-900' : 'text-stone-600'}>{label}</dt>
      <dd
        className={
          strong ? 'text-lg font-semibold text-stone-900 tabular-nums' : 'text-stone-900 tabular-nums'
        }
      >
        {formatMxn(amount)}
      </dd>
    </div>
  )
}

export function CabinThumbnail({ src, className }: { src: string; className?: string }) {
  const [failed, setFailed] = useState(false)
  if (failed || !src) {
    return (
      <div className={cx('flex items-center justify-center bg-stone-200 text-stone-400', className)}>
        <ImageOff aria-hidden="true" className="size-6" />
      </div>
    )
  }
  return <img src={src} alt="" onError={() => setFailed(true)} className={cx('object-cover', className)} />
}

/**
 * Spec §2 order summary: the stay, the price breakdown, the subtotal and the IVA inside the total
 * (total × 16 / 116), the total, and its average per night (the figure of the cabin page and the map).
 */
export function CheckoutOrderSummary({ summary }: { summary: CheckoutSummary }) {
  const { pricing, nights } = summary
  // The nightly line shows the lodging's average in whole pesos, marked as an average when rounding
  // made it one; its amount is the lodging itself, so the lines add up to the total to the centavo.
  const nightly = nightlyLine(pricing, nights)
  const lodging = pricing.totalPrice - pricing.comisionServicio
  const serviceFee = pricing.comisionServicio || pricing.serviceFee
  const { subtotal, iva } = ivaSplit(pricing.totalPrice)
  const nightsLabel = pluralize(nights, 'noche', 'noches')
  const titleId = useId()

  return (
    <section
      aria-labelledby={titleId}
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <div className="flex gap-4 border-b border-stone-200 p-5">
        <CabinThumbnail src={summary.cabinImage} className="size-24 shrink-0 rounded-xl sm:size-28" />
        <div className="min-w-0 self-center">
          <h2 id={titleId} className="font-semibold text-pretty text-stone-900">
            {summary.cabinName}
          </h2>
          <p className="mt-1 flex items-start gap-1 text-sm text-stone-600">
            <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-accent-600" />
            {summary.location}
          </p>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 border-b border-stone-200 p-5 text-sm">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Llegada</dt>
          <dd className="mt-0.5 font-medium text-stone-900">{formatLongDate(summary.checkIn)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Salida</dt>
          <dd className="mt-0.5 font-medium text-stone-900">{formatLongDate(summary.checkOut)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Huéspedes</dt>
          <dd className="mt-0.5 font-medium text-stone-900">
            {pluralize(summary.guests, 'huésped', 'huéspedes')}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Estancia</dt>
          <dd className="mt-0.5 font-medium text-stone-900">{nightsLabel}</dd>
        </div>
      </dl>

      <div className="p-5 text-sm">
        <h3 className="font-semibold text-stone-900">Detalles del precio</h3>
        <dl className="mt-3 space-y-2.5">
          <SummaryLine
            label={`${formatMxn(nightly)} × ${nightsLabel}${nightly * nights === lodging ? '' : ' (promedio)'}`}
            amount={lodging}
          />
          {pricing.cleaningFee > 0 && <SummaryLine label="Tarifa de limpieza" amount={pricing.cleaningFee} />}
          {serviceFee > 0 && <SummaryLine label="Tarifa de servicio" amount={serviceFee} />}
          {pricing.taxes > 0 && <SummaryLine label="Impuestos" amount={pricing.taxes} />}
        </dl>
        <dl className="mt-4 space-y-2.5 border-t border-stone-200 pt-4">
          <SummaryLine label="Subtotal" amount={subtotal} />
          <SummaryLine label="IVA (16%)" amount={iva} />
        </dl>
        <dl className="mt-4 border-t border-stone-200 pt-4">
          <SummaryLine label="Total (MXN)" amount={pricing.totalPrice} strong />
        </dl>
        <p className="mt-1 text-right text-xs text-stone-500">
          {`${formatMxn(averageNightlyPrice(pricing.totalPrice, nights))} MXN por noche en promedio, IVA incluido`}
        </p>
      </div>
    </section>
  )
}
