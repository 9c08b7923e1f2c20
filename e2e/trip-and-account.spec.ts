import { randomBytes } from 'node:crypto'
import type { ParsedMail } from 'mailparser'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readOutboxMails } from '../apps/api/src/features/mail/mail-testing.ts'
import { fillCheckout, reachCheckout } from './checkout.ts'
import { baseUrl, launchBrowser, openJourney, outboxDir, screenshot } from './fixtures.ts'
import { cabinCalendar, firstFreeStay, listCabins } from './helpers.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser.close())

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

async function quoteStatus(cabinId: string, stay: { checkIn: string; checkOut: string }, guests: number) {
  const res = await fetch(`${baseUrl()}/reservas/cotizar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ habitacionId: cabinId, ...stay, guests }),
  })
  return res.status
}

describe('after paying, nothing is lost', () => {
  it('mails the guest, opens the trip page from the mail, cancels, and joins the account once the e-mail is confirmed', async () => {
    const email = `viajera.${randomBytes(4).toString('hex')}@ejemplo.mx`
    const cabins = (await listCabins(baseUrl())).filter((c) => c.restrictions.length === 0)
    const cabin = cabins[12]!
    const calendar = await cabinCalendar(baseUrl(), cabin._id)
    const stay = firstFreeStay(calendar, Math.max(2, calendar.minNights), 40)
    const guests = cabin.propertyDetails.minOccupancy

    // 1. A guest without an account pays.
    const checkout = await reachCheckout(browser, cabin, stay)
    await fillCheckout(checkout.page, '4111 1111 1111 1111', email)
    await checkout.page.getByRole('button', { name: /^Confirmar y pagar - / }).click()
    await checkout.page.waitForURL(/\/confirmation$/, { timeout: 15_000 })
    await checkout.page.getByRole('link', { name: 'Ver mi reserva' }).waitFor()
    await checkout.context.close()

    // 2. The confirmation mail arrives, with the stay's calendar file and the trip page's link.
    const confirmed = await mailTo(email, /Reserva confirmada/i)
    const ics = confirmed.attachments.find((a) => a.contentType.startsWith('text/calendar'))
    expect(ics?.content.toString()).toContain(`DTSTART;VALUE=DATE:${stay.checkIn.replaceAll('-', '')}`)
    const tripLink = linkIn(confirmed, '/reserva/')
    expect(tripLink).toMatch(/\?token=/)

    // 3. The link opens the trip page in a browser that never saw the checkout.
    const fresh = await openJourney(browser, { width: 375, height: 800 })
    await fresh.page.goto(tripLink)
    await fresh.page.getByRole('heading', { name: cabin.propertyDetails.name }).waitFor()
    await fresh.page.getByText('Activa', { exact: true }).first().waitFor()
    expect(fresh.page.url()).not.toContain('token=')
    await screenshot(fresh.page, 'trip-from-mail-mobile')

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
    await mailTo(email, /cancelada/i)

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
    const reservationId = new URL(tripLink).pathname.split('/').pop()!
    await fresh.page.getByText(`Reserva #${reservationId}`).waitFor()
    await screenshot(fresh.page, 'my-reservations-after-verify-mobile')
    expect(fresh.pageErrors).toEqual([])
    expect(fresh.outsideRequests).toEqual([])
    await fresh.context.close()
  })
})
