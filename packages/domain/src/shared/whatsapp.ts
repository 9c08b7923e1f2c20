/**
 * The WhatsApp link of a phone (`https://wa.me/<digits>`), shown to the guest and the host of a
 * confirmed stay only. The number is written with its country code and no other characters, as
 * wa.me requires; a Mexican number of 10 digits gets +52. Null when the phone has too few or too
 * many digits to be a real number (no link is better than a link to a stranger).
 */
export function whatsappUrl(phone: string): string | null {
  const digits = phone.replace(/\D/g, '')
  const international = digits.length === 10 ? `52${digits}` : digits
  if (international.length < 11 || international.length > 15) return null
  return `https://wa.me/${international}`
}
