/**
 * Contact data in a message between a guest and a host, hidden while their stay is not confirmed (paid
 * and not cancelled): before that, no e-mail address, phone number or WhatsApp link crosses, so the
 * booking and its payment stay on the platform (Airbnb does the same). Once confirmed, both sides see
 * each other's phone in the thread's header anyway.
 */

/** What a hidden piece of contact data becomes in the message. */
export const CONTACT_MASK = '[dato de contacto oculto]'

/** A phone number: 8 digits or more, possibly with '+', spaces, dashes, dots or parentheses between them. */
const PHONE = /\+?\(?\d(?:[\s().-]{0,3}\d){7,}/gu
/** An e-mail address: a local part (anything but spaces and separators), '@', a domain with a dot. */
const EMAIL = /[^\s@<>()[\],;:"]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu
/** A WhatsApp link, with or without its scheme: wa.me/…, api.whatsapp.com/…, chat.whatsapp.com/…, wa.link/…. */
const WHATSAPP_LINK =
  /(?:https?:\/\/)?(?:www\.)?(?:wa\.me|wa\.link|(?:api\.|chat\.|web\.)?whatsapp\.com)(?:\/[^\s]*)?/giu

/** A date written with digits, year first or last (2026-07-10, 10-07-2026, 10.7.2026), valid as a date. */
const DATE_TOKEN =
  /^(?:(?:19|20)\d{2}([-.])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])|(?:0?[1-9]|[12]\d|3[01])([-.])(?:0?[1-9]|1[0-2])\2(?:19|20)\d{2})$/u

/**
 * Whether what PHONE found is only dates ('2026-07-10', '10-07-2026 - 12-07-2026'): a guest saying
 * when they arrive. A year of 19xx or 20xx and a real month and day are required, so a phone number
 * cannot pass for one.
 */
function isOnlyDates(found: string): boolean {
  const tokens = found.split(/\s+/u).filter((token) => !/^[-.]$/u.test(token))
  return tokens.length > 0 && tokens.every((token) => DATE_TOKEN.test(token))
}

export type MaskedText = { text: string; masked: boolean }

/**
 * `text` with every e-mail address, phone number (8+ digits) and WhatsApp link replaced by
 * CONTACT_MASK. Links first, so a wa.me number is hidden with its link, not left as 'wa.me/'. Dates
 * are no phone numbers: '2026-07-10' and '10-07-2026 - 12-07-2026' stay as written.
 */
export function maskContactData(text: string): MaskedText {
  let masked = false
  const hide = () => {
    masked = true
    return CONTACT_MASK
  }
  const result = text
    .replace(WHATSAPP_LINK, hide)
    .replace(EMAIL, hide)
    .replace(PHONE, (found) => (isOnlyDates(found) ? found : hide()))
  return { text: result, masked }
}

/** A stay whose sides may see each other's contact data: paid, and not cancelled (nor refunded). */
export function isStayConfirmed({
  status,
  paymentStatus,
}: {
  status: 'pending' | 'active' | 'cancelled' | 'completed'
  paymentStatus: 'PENDING' | 'PAID' | 'FAILED' | 'REFUNDED'
}): boolean {
  return paymentStatus === 'PAID' && (status === 'active' || status === 'completed')
}

/**
 * The text a message is stored and shown with: as sent once the stay is confirmed, with contact data
 * hidden before. Hiding can lengthen it (a phone of 8 digits becomes 25 characters): it is cut to
 * `maxLength` characters (code points, as PostgreSQL counts them).
 */
export function messageTextToStore(
  body: string,
  { confirmed, maxLength }: { confirmed: boolean; maxLength: number },
): MaskedText {
  if (confirmed) return { text: body, masked: false }
  const result = maskContactData(body)
  const characters = Array.from(result.text)
  return characters.length > maxLength ? { ...result, text: characters.slice(0, maxLength).join('') } : result
}
