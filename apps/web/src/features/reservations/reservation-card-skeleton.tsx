import { Skeleton } from '../../components/ui/skeleton'

/** The shape of a reservation card while the list loads. */
export function ReservationCardSkeleton() {
  return (
    <div
      data-testid="reservation-skeleton"
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white md:flex"
    >
      <Skeleton className="aspect-[16/9] rounded-none md:aspect-auto md:h-72 md:w-72" />
      <div className="flex flex-1 flex-col gap-4 p-5 sm:p-6">
        <div className="flex gap-2">
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-5 w-20 rounded-full" />
        </div>
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-9" />
          ))}
        </div>
      </div>
    </div>
  )
}
