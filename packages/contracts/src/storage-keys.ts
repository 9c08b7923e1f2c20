/**
 * Keys of the browser's storage that more than one part of the web writes or reads: a contract between
 * the page that leaves a value and the page that picks it up, not a business rule.
 */

/**
 * Where the cabin page leaves the stay's summary for the checkout (session storage): the cabin page's
 * first view writes it, the checkout reads it (its shape is the domain's CheckoutSummarySchema).
 */
export const CHECKOUT_STORAGE_KEY = 'cabanas.checkout'
