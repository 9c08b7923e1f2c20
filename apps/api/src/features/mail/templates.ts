import type { CancellationPolicyKey } from '@cabanas/domain/catalog'
import { CHECK_IN_TIME, CHECK_OUT_TIME } from '@cabanas/domain/reservations'
import { type CalendarDate, formatMxn, isCalendarDate } from '@cabanas/domain/shared'
import type { MailAttachment } from './mailer.ts'
import type { DetailRow, MailBlock } from './render.ts'

// What the mail templates share: their context, the views they read, links and formatting. The mails
// themselves: templates-stay.ts (a guest's stay), templates-account.ts (account and trip links),
// templates-listings.ts (a host's listing and calendar), and the requests', messages' and hosts' files.

/**
 * What every template needs besides its data: the site's origin, the instant of sending, and the
 * From of the mail (MAIL_FROM), which a calendar file names as its ORGANIZER.
 */
export type MailContext = { publicUrl: string; now: Date; from: string }

export type RenderedMailWithFiles = {
  subject: string
  html: string
  text: string
  attachments?: MailAttachment[]
}

/** A reservation as its mails show it, read from the database when the mail is sent. */
export type StayMailView = {
  reservationId: string
  status: 'pending' | 'active' | 'cancelled' | 'completed'
  paymentStatus: 'PENDING' | 'PAID' | 'FAILED' | 'REFUNDED'
  guestFirstName: string
  /** The mail's recipient, the ATTENDEE of its calendar file. */
  guestEmail: string
  checkIn: CalendarDate
  checkOut: CalendarDate
  guests: number
  nights: number
  totalPrice: number
  cabin: CabinMailView
}

export type CabinMailView = {
  id: string
  name: string
  population: string
  state: string
  latitude: number
  longitude: number
  cancellationPolicy: CancellationPolicyKey
  /** The cover picture: a path under PUBLIC_URL ('/media/…') and its alt text, if the cabin has one. */
  cover: { path: string; alt: string } | null
}

export type BookingRequestMailView = {
  bookingRequestId: string
  fullName: string
  checkIn: CalendarDate
  checkOut: CalendarDate
  guests: number
  nights: number
  totalPrice: number
  cabin: CabinMailView
}

// Links. Every absolute link starts at PUBLIC_URL, never at a request's Host.

/**
 * The trip page; with the access token in the fragment (`#token=`), which no browser sends to a
 * server or puts in a Referer; the page takes it out of the address on arrival.
 */
export function tripUrl(publicUrl: string, reservationId: string, accessToken?: string): string {
  const base = `${publicUrl}/reserva/${encodeURIComponent(reservationId)}`
  return accessToken ? `${base}#token=${encodeURIComponent(accessToken)}` : base
}

export function cabinUrl(
  publicUrl: string,
  cabinId: string,
  stay?: { checkIn: string; checkOut: string; guests: number },
) {
  const base = `${publicUrl}/cabin/${encodeURIComponent(cabinId)}`
  if (!stay) return base
  const query = new URLSearchParams({
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: String(stay.guests),
  })
  return `${base}?${query}`
}

/** Driving directions in the external maps service (the spec's map popup does the same). */
export function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`
}

/** An image path of the catalogue ('/media/…') as an absolute URL; anything else is left out. */
function assetUrl(publicUrl: string, path: string): string | null {
  return /^\/[\w\-./]+$/.test(path) && !path.includes('..') ? `${publicUrl}${path}` : null
}

/** The button's link written out, for a mail client that shows no button (HTML part only). */
export const copyLinkBlock = (href: string): MailBlock => ({
  kind: 'fine-print',
  text: `Si el botón no funciona, copia este enlace en tu navegador:\n${href}`,
  htmlOnly: true,
})

// Formatting.

const longDate = new Intl.DateTimeFormat('es-MX', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** 'viernes, 1 de enero de 2027': a calendar date, read at UTC midnight so no zone shifts it. */
export function longSpanishDate(date: CalendarDate): string {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`)
  return longDate.format(new Date(`${date}T00:00:00Z`))
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`
export const placeOf = (cabin: CabinMailView) => `${cabin.population}, ${cabin.state}`
export const shortId = (id: string) => id.slice(0, 8).toUpperCase()

type Stay = {
  checkIn: CalendarDate
  checkOut: CalendarDate
  guests: number
  nights: number
  totalPrice: number
}

export function stayRows(
  cabin: CabinMailView,
  stay: Stay,
  totalLabel: string,
  withTimes: boolean,
): DetailRow[] {
  return [
    { label: 'Alojamiento', value: cabin.name },
    { label: 'Ubicación', value: placeOf(cabin) },
    {
      label: 'Llegada',
      value: `${longSpanishDate(stay.checkIn)}${withTimes ? `, desde las ${CHECK_IN_TIME}` : ''}`,
    },
    {
      label: 'Salida',
      value: `${longSpanishDate(stay.checkOut)}${withTimes ? `, antes de las ${CHECK_OUT_TIME}` : ''}`,
    },
    { label: 'Huéspedes', value: plural(stay.guests, 'huésped', 'huéspedes') },
    { label: 'Noches', value: plural(stay.nights, 'noche', 'noches') },
    { label: totalLabel, value: `${formatMxn(stay.totalPrice)} MXN (IVA incluido)` },
  ]
}

export function coverBlock(ctx: MailContext, cabin: CabinMailView, href?: string): MailBlock[] {
  const src = cabin.cover ? assetUrl(ctx.publicUrl, cabin.cover.path) : null
  if (!cabin.cover || !src) return []
  // The catalogue's alt text usually names the cabin already; else the name comes first.
  const alt = cabin.cover.alt.includes(cabin.name) ? cabin.cover.alt : `${cabin.name}: ${cabin.cover.alt}`
  return [{ kind: 'image', src, alt, href }]
}
