import type { CalendarDate } from '@cabanas/domain/shared'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { fetchCabinCalendar, quoteKeys } from './quotes.api'

const NO_NIGHTS: ReadonlySet<CalendarDate> = new Set()

/** The cabin's booked nights (per-night: the night starting that day) and whether they are known yet. */
export function useCabinCalendar(cabinId: string) {
  const calendar = useQuery({
    queryKey: quoteKeys.calendar(cabinId),
    queryFn: ({ signal }) => fetchCabinCalendar(cabinId, signal),
    staleTime: 30_000,
  })
  const nights = calendar.data?.bookedNights
  const bookedNights = useMemo(() => (nights ? new Set(nights) : NO_NIGHTS), [nights])
  return {
    bookedNights,
    minNights: calendar.data?.minNights,
    isLoading: calendar.isPending,
    isError: calendar.isError,
  }
}
