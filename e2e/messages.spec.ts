import { dayOfWeek } from '@cabanas/domain/shared'
import { expect, type Page, test } from '@playwright/test'
import { fillCheckout } from './checkout.ts'
import { baseUrl, openJourney, outboxDir, screenshot } from './fixtures.ts'
import { daysFromToday, horizontalOverflow } from './helpers.ts'
import { api, publishedCabin } from './host-cabin.ts'
import { labelledLink, mailTo } from './mail.ts'
import { MESSAGES_OPERATOR_EMAIL, operatorForAttempt } from './operators.ts'

/**
 * Issue 22, messages: a guest with a paid stay writes to the host from Mis Reservas on a phone, with
 * HTML in the text; the host gets a mail with the text escaped, opens its link (signing in), sees the
 * text as text and replies; the guest sees the reply and the host's phone and WhatsApp link.
 */

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1366, height: 900 }
const suffix = Math.random().toString(36).slice(2, 7)
const TITLE = `Cabaña Los Mensajes ${suffix}`
const HOST_EMAIL = `rodrigo.mensajes.${suffix}@ejemplo.mx`
/** The password host-cabin.ts registers every host with. */
const HOST_PASSWORD = 'calendario-de-la-sierra-2026'
const GUEST_EMAIL = `ana.mensajes.${suffix}@ejemplo.mx`
const GUEST_PASSWORD = 'mensajes-de-la-sierra-2026'
const HOSTILE = '<script>alert("hola")</script><img src=x onerror=alert(1)> ¿A qué hora podemos llegar?'
const REPLY = 'Pueden llegar desde las 15:00.\n¡Los esperamos!'

const app = () => ({ baseUrl: baseUrl(), outboxDir: outboxDir() })

/** A Friday four weeks ahead at least, for two nights. */
function weekend() {
  for (let days = 28; ; days++) {
    if (dayOfWeek(daysFromToday(days)) === 5)
      return { checkIn: daysFromToday(days), checkOut: daysFromToday(days + 2) }
  }
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
}

/** The API's refusals a page met ('POST /reservas/cotizar 409'), by method, path and status. */
function recordRefusals(page: Page, refusals: string[]) {
  page.on('response', (response) => {
    if (response.status() < 400) return
    refusals.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`)
  })
}

/** Any alert() the page would run: the hostile text must never become markup. */
function failOnDialogs(page: Page, dialogs: string[]) {
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
}

test.describe('messages between a guest and a host', () => {
  test('carries an escaped message to the host by mail and a reply back, with WhatsApp for a paid stay', async ({
    browser,
  }, testInfo) => {
    const { cabinId } = await publishedCabin(app(), {
      hostEmail: HOST_EMAIL,
      operatorEmail: operatorForAttempt(MESSAGES_OPERATOR_EMAIL, testInfo.retry),
      locality: `Rancho Los Mensajes ${suffix}`,
      title: TITLE,
    })
    await api(app(), 'POST', '/auth/register', {
      body: {
        firstName: 'Ana',
        lastName: 'Rodríguez',
        email: GUEST_EMAIL,
        password: GUEST_PASSWORD,
        confirmPassword: GUEST_PASSWORD,
        acceptTerms: true,
      },
    })
    const dialogs: string[] = []

    // The guest, on a phone, signs in and pays for a weekend.
    const guest = await openJourney(browser, PHONE)
    const refusals: string[] = []
    failOnDialogs(guest.page, dialogs)
    recordRefusals(guest.page, refusals)
    await guest.page.goto(`${baseUrl()}/login`)
    await signIn(guest.page, GUEST_EMAIL, GUEST_PASSWORD)
    await guest.page.waitForFunction(() => window.location.pathname !== '/login')
    const stay = new URLSearchParams({ cabin: cabinId, ...weekend(), guests: '2' })
    await guest.page.goto(`${baseUrl()}/checkout?${stay}`)
    await guest.page.getByRole('heading', { name: 'Confirmar y pagar' }).waitFor()
    await fillCheckout(guest.page, '4111 1111 1111 1111', GUEST_EMAIL)
    await guest.page.getByRole('button', { name: /^Confirmar y pagar - / }).click()
    await guest.page.waitForURL(/\/confirmation$/)
    await guest.page.getByText('¡Reserva confirmada!').waitFor()

    // From Mis Reservas to the thread: the stay is paid, so the host's phone and WhatsApp are there.
    await guest.page.goto(`${baseUrl()}/my-reservations`)
    const card = guest.page.getByRole('article').filter({ hasText: TITLE })
    await card.getByRole('link', { name: 'Enviar mensaje' }).scrollIntoViewIfNeeded()
    await screenshot(guest.page, 'messages-my-reservations-375')
    await card.getByRole('link', { name: 'Enviar mensaje' }).click()
    await guest.page.waitForURL(/\/mensajes\/reserva\//)
    await guest.page.getByRole('heading', { level: 1, name: 'Cabañas Don Rodrigo' }).waitFor()
    await guest.page.getByRole('link', { name: '+52 33 9876 5432' }).waitFor()
    expect(await guest.page.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe(
      'https://wa.me/523398765432',
    )
    await guest.page.getByLabel('Tu mensaje').fill(HOSTILE)
    await guest.page.getByRole('button', { name: 'Enviar' }).click()
    const guestList = guest.page.getByRole('list', { name: 'Mensajes' })
    await guestList.getByText(HOSTILE, { exact: true }).waitFor()
    await guestList.getByText(/Enviado/).waitFor()
    expect(await guest.page.locator('main img[src="x"], main script').count()).toBe(0)
    expect(await horizontalOverflow(guest.page)).toBe(0)
    await screenshot(guest.page, 'messages-thread-guest-375')

    // The host's mail: the text escaped, and a link to the thread on the site.
    const mail = await mailTo(HOST_EMAIL, /^Nuevo mensaje de Ana: /)
    const html = String(mail.html)
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;hola&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;',
    )
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img src=x')
    const link = labelledLink(mail, 'Leer y responder')
    expect(link).toMatch(/\/anfitrion\/mensajes\/reserva\/[0-9a-f-]{36}$/)

    // The host opens it on a computer, signs in, reads the text as text and replies.
    const host = await openJourney(browser, DESKTOP)
    failOnDialogs(host.page, dialogs)
    recordRefusals(host.page, refusals)
    await host.page.goto(link)
    await host.page.waitForURL(/\/login/)
    await signIn(host.page, HOST_EMAIL, HOST_PASSWORD)
    await host.page.waitForURL(link)
    await host.page.getByRole('heading', { level: 1, name: 'Ana Rodríguez' }).waitFor()
    const hostList = host.page.getByRole('list', { name: 'Mensajes' })
    await hostList.getByText(HOSTILE, { exact: true }).waitFor()
    expect(await host.page.locator('main img[src="x"], main script').count()).toBe(0)
    await host.page.getByLabel('Tu mensaje').fill(REPLY)
    await host.page.getByLabel('Tu mensaje').press('Control+Enter')
    await hostList.getByText('¡Los esperamos!', { exact: false }).waitFor()
    await hostList.getByText(/Enviado/).waitFor()
    await screenshot(host.page, 'messages-thread-host-1366')

    // The guest finds the reply unread in 'Mensajes', then reads it (the host read theirs).
    await guest.page.goto(`${baseUrl()}/mensajes`)
    const thread = guest.page.getByRole('link', { name: /Cabañas Don Rodrigo/ })
    await thread.getByText('1 sin leer').waitFor()
    expect(await horizontalOverflow(guest.page)).toBe(0)
    await screenshot(guest.page, 'messages-list-guest-375')
    await thread.click()
    await guestList.getByText('¡Los esperamos!', { exact: false }).waitFor()
    await guestList.getByText(/Leído/).waitFor()
    expect(await guest.page.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe(
      'https://wa.me/523398765432',
    )

    expect(dialogs).toEqual([])
    // No message route refused anything (the checkout's quote after paying finds its own nights taken,
    // as in host-calendar.spec.ts); Chromium logs each refused request as a console error.
    expect(refusals.filter((refusal) => refusal !== 'POST /reservas/cotizar 409')).toEqual([])
    const logged = (errors: string[]) =>
      errors.filter(
        (error) => !error.startsWith('Failed to load resource: the server responded with a status of'),
      )
    expect(logged(guest.pageErrors)).toEqual([])
    expect(logged(host.pageErrors)).toEqual([])
    await guest.context.close()
    await host.context.close()
  })
})
