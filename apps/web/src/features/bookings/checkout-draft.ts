import type { CheckoutField, CheckoutFormValues } from './checkout-rules'
import { stayKey } from './checkout-stay'

/**
 * What a reload of the checkout keeps of the form: the guest and the billing contact. Nothing of the
 * card (number, holder, expiry, CVV) is ever written anywhere.
 */
const DRAFT_FIELDS = [
  'firstName',
  'lastName',
  'guestEmail',
  'guestPhone',
  'email',
  'phone',
] as const satisfies readonly CheckoutField[]

type DraftField = (typeof DRAFT_FIELDS)[number]
export type CheckoutDraft = Partial<Pick<CheckoutFormValues, DraftField>>

type DraftStay = Parameters<typeof stayKey>[0]

const MAX_LENGTH = 200
const storageKey = (stay: DraftStay) => `cabanas.checkout.draft.${stayKey(stay)}`

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/** The fields typed in this tab's checkout of this stay, kept across a reload. */
export function readCheckoutDraft(stay: DraftStay, storage = sessionStore()): CheckoutDraft {
  try {
    const text = storage?.getItem(storageKey(stay))
    const stored: unknown = text ? JSON.parse(text) : null
    if (!stored || typeof stored !== 'object') return {}
    const draft: CheckoutDraft = {}
    for (const field of DRAFT_FIELDS) {
      const value = (stored as Record<string, unknown>)[field]
      if (typeof value === 'string' && value.length <= MAX_LENGTH) draft[field] = value
    }
    return draft
  } catch {
    return {}
  }
}

/** Keeps the guest and billing fields (only those) for a reload of this stay's checkout. */
export function saveCheckoutDraft(
  stay: DraftStay,
  values: Partial<CheckoutFormValues>,
  storage = sessionStore(),
) {
  const draft: CheckoutDraft = {}
  for (const field of DRAFT_FIELDS) {
    const value = values[field]
    if (typeof value === 'string' && value.length <= MAX_LENGTH) draft[field] = value
  }
  try {
    storage?.setItem(storageKey(stay), JSON.stringify(draft))
  } catch {
    // Storage full or refused: a reload then starts from an empty form, as before.
  }
}

/** After the reservation is made: the draft has been used. */
export function clearCheckoutDraft(stay: DraftStay, storage = sessionStore()) {
  try {
    storage?.removeItem(storageKey(stay))
  } catch {
    // Nothing to clear.
  }
}
