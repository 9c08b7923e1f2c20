import { createContext, useContext } from 'react'

/**
 * Where the checkout's dead ends lead: back to the cabin when the dates were taken, to the trip
 * page when the payment is being verified. The page provides them (URLs are built in app/paths).
 */
export type CheckoutLinks = {
  /** The cabin, with the stay's dates and guests. */
  cabin: string
  /** The reservation's trip page; with its secret, for a guest without an account. */
  trip: (reservationId: string, accessToken: string | undefined) => string
}

export const CheckoutLinksContext = createContext<CheckoutLinks | null>(null)

export function useCheckoutLinks(): CheckoutLinks {
  const links = useContext(CheckoutLinksContext)
  if (!links) throw new Error('useCheckoutLinks needs a CheckoutLinksContext provider')
  return links
}
