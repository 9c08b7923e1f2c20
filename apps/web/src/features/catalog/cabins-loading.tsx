import { LoaderCircle } from 'lucide-react'
import { RotatingMessage } from '../../components/ui/rotating-message'
import { Skeleton } from '../../components/ui/skeleton'

/** Spec §9: loading messages rotate every 2 s. */
export const LOADING_MESSAGE_INTERVAL_MS = 2000

export const LOADING_MESSAGES = [
  'Buscando las mejores cabañas…',
  'Preparando tu escapada…',
  'Explorando bosques, playas y pueblos mágicos…',
  'Casi listo, un momento…',
] as const

export function CabinsLoading() {
  return (
    <div>
      <div
        role="status"
        aria-live="polite"
        className="flex items-center justify-center gap-3 py-4 text-stone-600"
      >
        <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin text-brand-600" />
        <RotatingMessage messages={LOADING_MESSAGES} intervalMs={LOADING_MESSAGE_INTERVAL_MS} />
      </div>
      <ul
        aria-hidden="true"
        className="mt-6 grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {Array.from({ length: 8 }, (_, index) => (
          <li key={index} className={index >= 2 ? 'hidden sm:block' : undefined}>
            <Skeleton className="aspect-[4/3] rounded-2xl" />
            <Skeleton className="mt-3 h-4 w-3/4" />
            <Skeleton className="mt-2 h-3.5 w-1/2" />
            <Skeleton className="mt-2 h-3.5 w-2/3" />
          </li>
        ))}
      </ul>
    </div>
  )
}
