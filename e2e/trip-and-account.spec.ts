import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page, test } from '@playwright/test'
import type { ParsedMail } from 'mailparser'
import { readOutboxMails } from '../apps/api/src/features/mail/mail-testing.ts'
import { fillCheckout, reachCheckout } from './checkout.ts'
import { baseUrl, openJourney, outboxDir, screenshot } from './fixtures.ts'
import { cabinCalendar, firstFreeStay, listCabins } from './helpers.ts'
import { must } from './must.ts'

/** Waits for a mail to `to` whose subject matches, as a guest would refresh their inbox. */
async function mailTo(to: string, subject: RegExp): Promise<ParsedMail> {
  for (let i = 0; i < 60; i++) {
    const mail = (await readOutboxMails(outboxDir(), to)).find((m) => subject.test(m.subject ?? ''))
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no mail "${subject}" to ${to}`)
}

/** The first link of a mail (its plain text) that goes to `path` on our site. */
function linkIn(mail: ParsedMail, path: string): string {
  const link = new RegExp(`${baseUrl().replace(/[.:/]/g, '\\$&')}${path}[^\\s"<>]*`).exec(mail.text ?? '')
  if (!link) throw new Error(`no link to ${path} in "${mail.subject}"`)
  return link[0]
}

/** The Referer of every request the page makes (sub-requests included), read as the browser sent it. */
function recordReferers(page: Page) {
  type Seen = { url: string; referer: string | undefined }
  const seen: Promise<Seen | null>[] = []
  page.on('request', (request) => {
    // A request still under way when its page closes has no headers left to read (its rejection would
    // end the test): the checks read what was sent before they ran, and none runs after the close.
    seen.push(
      request.allHeaders().then(
        (headers) => ({ url: request.url(), referer: headers.referer }),
        () => null,
      ),
    )
  })
  const all = async () => (await Promise.all(seen)).filter((request): request is Seen => request !== null)
  return {
    /** Requests whose Referer holds `secret`. */
    of: async (secret: string) => (await all()).filter((r) => r.referer?.includes(secret)),
    /** Requests whose Referer names the trip page at all (its document sends none: no-referrer). */
    naming: async (path: string) => (await all()).filter((r) => r.referer?.includes(path)),
  }
}

/** The token is in neither the address nor the tab's history (back leads off the page, forward back clean). */
async function expectTokenGone(page: Page, token: string) {
  await page.waitForFunction(() => !window.location.href.includes('token='))
  expect(await page.evaluate(() => window.location.href)).not.toContain(token)
  expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2)
  await page.goBack()
  expect(page.url()).not.toContain(token)
  await page.goForward()
  expect(page.url()).not.toContain(token)
  expect(page.url()).toMatch(/\/reserva\/[0-9a-f-]+$/)
}

async function quoteStatus(cabinId: string, stay: { checkIn: string; checkOut: string }, guests: number) {
  const res = await fetch(`${baseUrl()}/reservas/cotizar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ habitacionId: cabinId, ...stay, guests }),
  })
  return res.status
}

test.describe('after paying, nothing is lost', () => {
  test('mails the guest, opens the trip page from the mail, cancels, and joins the account once the e-mail is confirmed', async ({
    browser,
  }) => {
    const email = `viajera.${randomBytes(4).toString('hex')}@ejemplo.mx`
    const cabins = (await listCabins(baseUrl())).filter((c) => c.restrictions.length === 0)
    const cabin = must(cabins[12], 'cabin 12 of those without restrictions')
    const calendar = await cabinCalendar(baseUrl(), cabin._id)
    const stay = firstFreeStay(calendar, Math.max(2, calendar.minNights), 40)
    const guests = cabin.propertyDetails.minOccupancy

    // 1. A guest without an account pays.
    const checkout = await reachCheckout(browser, cabin, stay)
    await fillCheckout(checkout.page, '4111 1111 1111 1111', email)
    await checkout.page.getByRole('button', { name: /^Confirmar y pagar - / }).click()
    await checkout.page.waitForURL(/\/confirmation$/)
    await checkout.page.getByRole('link', { name: 'Ver mi reserva' }).waitFor()
    await checkout.context.close()

    // 2. The confirmation mail arrives, with the stay's calendar file and the trip page's link.
    const confirmed = await mailTo(email, /Reserva confirmada/i)
    const ics = confirmed.attachments.find((a) => a.contentType.startsWith('text/calendar'))
    expect(ics?.content.toString()).toContain(
      `\r\nDTSTART;TZID=America/Mexico_City:${stay.checkIn.replaceAll('-', '')}T150000\r\n`,
    )
    // Its cabin photo loads in the mail shown by a webmail, on another origin (a port of its own):
    // Cross-Origin-Resource-Policy decides.
    const webmail = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(String(confirmed.html))
    })
    await new Promise<void>((resolve) => webmail.listen(0, '127.0.0.1', resolve))
    const reader = await browser.newPage()
    await reader.goto(`http://127.0.0.1:${(webmail.address() as AddressInfo).port}/`)
    const photo = reader.locator(`img[src^="${baseUrl()}/media/"]`)
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete)).toBe(true)
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await reader.close()
    webmail.close()
    const tripLink = linkIn(confirmed, '/reserva/')
    expect(tripLink).toMatch(/\/reserva\/[0-9a-f-]+#token=[A-Za-z0-9_-]+$/)
    const token = new URL(tripLink).hash.slice('#token='.length)

    // 3. The link opens the trip page in a browser that never saw the checkout. The token leaves the
    // address (and the tab's history) at once, and no request of the page names it in its Referer.
    const fresh = await openJourney(browser, { width: 375, height: 800 })
    const referers = recordReferers(fresh.page)
    await fresh.page.goto(tripLink)
    await fresh.page.getByRole('heading', { name: cabin.propertyDetails.name }).waitFor()
    await fresh.page.getByText('Activa', { exact: true }).first().waitFor()
    await expectTokenGone(fresh.page, token)
    expect(await referers.of(token)).toEqual([])
    await screenshot(fresh.page, 'trip-from-mail-mobile')

    // A link mailed before (?token=) still opens the page, whose requests never name it as Referer.
    const older = await openJourney(browser)
    const olderReferers = recordReferers(older.page)
    await older.page.goto(tripLink.replace('#token=', '?token='))
    await older.page.getByRole('heading', { name: cabin.propertyDetails.name }).waitFor()
    await expectTokenGone(older.page, token)
    expect(await olderReferers.of(token)).toEqual([])
    expect(await olderReferers.naming('/reserva/')).toEqual([])
    await older.context.close()

    // 4. Cancel: the policy is stated, the reservation is 'Cancelada', the dates are free again.
    await fresh.page.getByRole('button', { name: 'Cancelar reserva' }).click()
    const dialog = fresh.page.getByRole('dialog')
    await dialog
      .getByText(/no se reembolsa/i)
      .first()
      .waitFor()
    await dialog.getByRole('button', { name: 'Sí, cancelar reserva' }).click()
    await fresh.page.getByText('Cancelada', { exact: true }).first().waitFor()
    let status = 0
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = await quoteStatus(cabin._id, stay, guests)
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(status).toBe(200)
    // Its calendar file cancels the event the confirmation's put in the guest's calendar.
    const cancelled = await mailTo(email, /cancelada/i)
    const cancelIcs = cancelled.attachments.find((a) => a.contentType.startsWith('text/calendar'))
    const uidOf = (text = '') => /\r\nUID:([^\r]+)\r\n/.exec(text)?.[1]
    expect(cancelIcs?.content.toString()).toContain('\r\nMETHOD:CANCEL\r\n')
    expect(uidOf(cancelIcs?.content.toString())).toBe(uidOf(ics?.content.toString()))

    // 5. Registering with that e-mail does not show the reservation until the address is confirmed.
    await fresh.page.goto(`${baseUrl()}/register`)
    await fresh.page.getByLabel('Nombre', { exact: true }).fill('Vera')
    await fresh.page.getByLabel('Apellido').fill('Viajera')
    await fresh.page.getByLabel('Correo electrónico').fill(email)
    await fresh.page.getByLabel('Contraseña', { exact: true }).fill('viajera-segura-1')
    await fresh.page.getByLabel('Confirmar contraseña').fill('viajera-segura-1')
    await fresh.page.getByRole('checkbox').check()
    await fresh.page.getByRole('button', { name: 'Crear cuenta' }).click()
    await fresh.page.waitForURL(`${baseUrl()}/`)
    await fresh.page.goto(`${baseUrl()}/my-reservations`)
    await fresh.page.getByText('No tienes reservas aún').waitFor()

    // 6. The 'confirma tu correo' link verifies it, and Mis Reservas lists the cancelled stay.
    const verify = await mailTo(email, /Confirma tu correo/i)
    await fresh.page.goto(linkIn(verify, '/verificar-correo'))
    await fresh.page.getByText('¡Correo verificado!').waitFor()
    expect(fresh.page.url()).not.toContain('token=')
    await fresh.page.getByRole('link', { name: 'Ver Mis Reservas' }).click()
    const reservationId = must(new URL(tripLink).pathname.split('/').pop(), 'the id of the reservation')
    await fresh.page.getByText(`Reserva #${reservationId}`).waitFor()
    await screenshot(fresh.page, 'my-reservations-after-verify-mobile')
    expect(fresh.pageErrors).toEqual([])
    expect(fresh.outsideRequests).toEqual([])
    await fresh.context.close()
  })
})
