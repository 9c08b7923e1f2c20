import { type Cabin, CabinSchema } from '@cabanas/domain/catalog'
import { addDays, calendarDateIn, formatMxn } from '@cabanas/domain/shared'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin, insertReservation } from '../../test/factories.ts'
import { loadSourcePageRenderer } from '../../test/page-renderer.ts'

/**
 * The cabin page's booking widget as the server renders it for the stay in the address. The renderer
 * offers arrivals from today on the real clock (as a browser does), so the API's clock is today too.
 */
const today = calendarDateIn(new Date())
const stay = { checkIn: addDays(today, 20), checkOut: addDays(today, 22) }

let app: FastifyInstance
let close: () => Promise<void>
let cabin: Cabin

beforeAll(async () => {
  const built = await buildTestApp({ today, pageRenderer: await loadSourcePageRenderer() })
  app = built.app
  close = built.close
  const row = await insertCabin(built.db, { name: 'Cabaña Los Pinos', maxOccupancy: 4 })
  await insertReservation(built.db, {
    cabinId: row.id,
    checkIn: addDays(today, 40),
    checkOut: addDays(today, 42),
  })
  await app.searchIndex.refresh()
  cabin = CabinSchema.parse((await app.inject({ method: 'GET', url: `/habitaciones/${row.id}` })).json())
}, 120_000)

afterAll(async () => {
  await close()
})

const cabinPage = (query: Record<string, string>) =>
  app.inject({
    method: 'GET',
    url: `/cabin/${cabin._id}?${new URLSearchParams(query)}`,
    headers: { accept: 'text/html' },
  })

/** The widget's text without tags (each layout's: the wide card and the phone's bar). */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('the cabin page with a stay in its address', () => {
  it('shows the quote the API gives for the stay, and Reservar as a GET form to its checkout', async () => {
    const quote = await app.inject({
      method: 'POST',
      url: '/reservas/cotizar',
      payload: { habitacionId: cabin._id, ...stay, guests: 2 },
    })
    const { totalPrice } = quote.json().pricing as { totalPrice: number }

    const res = await cabinPage({ ...stay, guests: '2' })
    expect(res.statusCode).toBe(200)
    expect(textOf(res.body)).toContain(`Total ${formatMxn(totalPrice)} MXN`)
    expect(res.body).not.toContain('Verificando')
    // The wide card's and the phone bar's: the server sends both, CSS shows one.
    const forms = res.body.match(/<form [^>]*action="\/checkout"[^>]*>.*?<\/form>/g) ?? []
    expect(forms).toHaveLength(2)
    for (const form of forms) {
      expect(form).toContain('method="get"')
      for (const [name, value] of [
        ['cabin', cabin._id],
        ['checkIn', stay.checkIn],
        ['checkOut', stay.checkOut],
        ['guests', '2'],
      ]) {
        expect(form).toContain(`<input type="hidden" name="${name}" value="${value}"/>`)
      }
      expect(form).toMatch(/<button type="submit" [^>]*>Reservar<\/button>/)
      expect(form).not.toContain('disabled=""')
    }
  })

  it('quotes the guests within the cabin’s occupancy, as the widget does', async () => {
    const res = await cabinPage({ ...stay, guests: '999' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<input type="hidden" name="guests" value="4"/>')
  })

  it.each([
    [
      'dates already booked',
      { checkIn: addDays(today, 40), checkOut: addDays(today, 42) },
      'No disponible para las fechas seleccionadas',
    ],
    [
      'an arrival in the past',
      { checkIn: addDays(today, -3), checkOut: addDays(today, -1) },
      'La fecha de llegada no puede ser anterior a hoy',
    ],
    [
      'a departure before the arrival',
      { checkIn: addDays(today, 12), checkOut: addDays(today, 10) },
      'La fecha de salida debe ser posterior a la fecha de llegada',
    ],
    [
      'a stay beyond two years',
      { checkIn: addDays(today, 800), checkOut: addDays(today, 802) },
      'Solo se puede reservar hasta dos años a partir de hoy',
    ],
  ])(
    'answers %s with the page and the refusal the browser shows, never a 5xx',
    async (_name, dates, message) => {
      const res = await cabinPage({ ...dates, guests: '2' })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain(message)
      expect(res.body).toMatch(/<button type="button" [^>]*disabled=""[^>]*>No disponible<\/button>/)
      expect(res.body).not.toContain('action="/checkout"')
    },
  )

  it('asks for dates when the address has none it can read', async () => {
    const consoleError = vi.spyOn(console, 'error')
    const res = await cabinPage({ checkIn: 'mañana', checkOut: '2026-13-45', guests: '-2' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('Selecciona fechas')
    expect(res.body).not.toContain('action="/checkout"')
    expect(consoleError).not.toHaveBeenCalled()
    consoleError.mockRestore()
  })
})
