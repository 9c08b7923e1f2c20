import { createHash } from 'node:crypto'
import type { Database } from '../../db/client.ts'
import { takeLimits } from '../../plugins/rate-limits.ts'

/**
 * Mails a stranger can make us send to any address they type, capped per recipient per hour, so a
 * flood from many addresses neither fills the outbox (one row per request) nor anybody's inbox:
 * - 'password-reset' (forgot-password, no account needed to ask);
 * - 'booking-request-received' ('Solicitar reserva' with any e-mail);
 * - 'verify-new-email' ('Cambiar correo': any signed-in account can name any new address);
 * - 'trip-link' (the trip page's "¿No encuentras el correo?": anyone with a reservation's id);
 * - 'booking-request-host-new' (the host's 'Nueva solicitud' for a request anyone can make): keyed by
 *   the cabin, not an address, so requests from many addresses cannot flood one host's inbox. Over the
 *   cap the request is still stored and waits in the host's 'Solicitudes' and 'Hoy'.
 * Each allows `perAddress` an hour from one asking address and `total` an hour from all of them, so
 * a stranger's requests from elsewhere do not use up the owner's own few. Checked before the mail is
 * queued, whether an account has the address or not, and never told to the requester: over the cap
 * the request is answered as usual and nothing is queued. ('Confirma tu correo' is not here: it goes
 * once per account created, then at most 3 an hour per signed-in client.)
 */
export const RECIPIENT_CAPS = {
  'password-reset': { perAddress: 3, total: 10 },
  'booking-request-received': { perAddress: 3, total: 10 },
  'verify-new-email': { perAddress: 3, total: 5 },
  'trip-link': { perAddress: 3, total: 10 },
  'booking-request-host-new': { perAddress: 2, total: 10 },
} as const

export type CappedMail = keyof typeof RECIPIENT_CAPS

/** E-mails never enter rate-limit keys in clear: a short hash of the lower-cased address. */
const recipientKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)

/**
 * Takes one mail of `mail` to `email` (or, for a host's mail, to `cabinId`'s host) asked from `address`;
 * false when the recipient's cap is reached.
 */
export async function takeRecipientBudget(
  db: Database,
  {
    mail,
    address,
    ...recipient
  }: { mail: CappedMail; address: string } & ({ email: string } | { cabinId: string }),
): Promise<boolean> {
  const { perAddress, total } = RECIPIENT_CAPS[mail]
  const who = 'email' in recipient ? recipientKey(recipient.email) : `cabin:${recipient.cabinId}`
  const key = `mail-to:${mail}:${who}`
  const verdict = await takeLimits(db, [
    { key: `${key}:${address}`, limit: perAddress, windowSeconds: 3600 },
    { key, limit: total, windowSeconds: 3600 },
  ])
  return verdict.ok
}
