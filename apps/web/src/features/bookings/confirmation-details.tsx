import { BedDouble, MapPin } from 'lucide-react'
import type { ReactNode } from 'react'
import { TitledCard } from '../../components/ui/titled-card'
import { cx } from '../../lib/cx'
import { CabinThumbnail } from './checkout-order-summary'

/** Label and value rows of a card. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="space-y-3 text-sm">{children}</dl>
}

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
      <dt className="text-stone-600">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words text-stone-900">{children}</dd>
    </div>
  )
}

/** The page's big title with its icon and the line under it. */
export function ConfirmationHeader({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode
  tone: 'success' | 'waiting'
  title: string
  children: ReactNode
}) {
  return (
    <header className="flex flex-col items-center text-center">
      <span
        aria-hidden="true"
        className={cx(
          'flex size-16 items-center justify-center rounded-full [&_svg]:size-9',
          tone === 'success' ? 'bg-emerald-100 text-emerald-600' : 'bg-amber-100 text-amber-600',
        )}
      >
        {icon}
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-balance text-stone-900 sm:text-3xl">
        {title}
      </h1>
      <div className="mt-2 max-w-xl text-pretty text-stone-600">{children}</div>
    </header>
  )
}

/** The reservation or request id, set apart so it is easy to read out or copy. */
export function ReferenceId({ label, value }: { label: string; value: string }) {
  return (
    <div className="mx-auto mt-6 w-fit max-w-full rounded-xl border border-dashed border-stone-300 bg-white px-5 py-3 text-center">
      <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{label}</p>
      <p className="mt-1 font-mono text-base font-semibold break-all text-stone-900 select-all">{value}</p>
    </div>
  )
}

/** 'Alojamiento': the cabin's photo, its name and where it is. */
export function LodgingCard({
  cabin,
}: {
  cabin: { cabinImage: string; cabinName: string; location: string }
}) {
  return (
    <TitledCard title="Alojamiento" icon={<BedDouble />}>
      <div className="flex gap-4">
        <CabinThumbnail src={cabin.cabinImage} className="size-20 shrink-0 rounded-xl" />
        <div className="min-w-0 self-center">
          <p className="font-semibold text-stone-900">{cabin.cabinName}</p>
          <p className="mt-1 flex items-start gap-1 text-sm text-stone-600">
            <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-accent-600" />
            {cabin.location}
          </p>
        </div>
      </div>
    </TitledCard>
  )
}
