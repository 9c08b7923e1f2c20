import { CHECKOUT_STORAGE_KEY } from '@cabanas/contracts/storage-keys'
import { type CheckoutSummary, CheckoutSummarySchema } from '@cabanas/domain/bookings'

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

function parseStored(storage: Storage | undefined): CheckoutSummary | null {
  const text = storage?.getItem(CHECKOUT_STORAGE_KEY)
  if (!text) return null
  try {
    const parsed = CheckoutSummarySchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * What the cabin page handed to the checkout: the navigation state first, else the copy it left in
 * session storage (a reload keeps the checkout). Null when neither holds a valid summary.
 */
export function readCheckoutSummary(
  navigationState: unknown,
  storage: Storage | undefined = sessionStore(),
): CheckoutSummary | null {
  const fromState = CheckoutSummarySchema.safeParse(navigationState)
  return fromState.success ? fromState.data : parseStored(storage)
}

/** After a successful payment: the summary has been used. */
export function clearCheckoutSummary(storage: Storage | undefined = sessionStore()) {
  storage?.removeItem(CHECKOUT_STORAGE_KEY)
}
