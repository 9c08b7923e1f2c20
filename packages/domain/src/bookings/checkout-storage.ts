/**
 * Where the cabin page leaves the stay's summary for the checkout (session storage). Apart from
 * checkout.ts and its schemas: the cabin page's first view writes it, and zod stays with the checkout.
 */
export const CHECKOUT_STORAGE_KEY = 'cabanas.checkout'
