import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { readOutboxMails } from '../apps/api/src/features/mail/mail-testing.ts'
import { baseUrl, openJourney, outboxDir, screenshot } from './fixtures.ts'

async function api(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

/** The 'Confirma tu correo' link mailed to `to`, as the mailbox owner finds it. */
async function verificationLink(to: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const mail = (await readOutboxMails(outboxDir(), to)).find((m) =>
      /Confirma tu correo/i.test(m.subject ?? ''),
    )
    const link = new RegExp(`${baseUrl().replace(/[.:/]/g, '\\$&')}/verificar-correo#token=[\\w-]+`).exec(
      mail?.text ?? '',
    )
    if (link) return link[0]
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no 'Confirma tu correo' mail to ${to}`)
}

test.describe('an account made with somebody else’s address', () => {
  test('asks who created it when the link is opened elsewhere, and "No fui yo" gives it to the mailbox owner', async ({
    browser,
  }) => {
    const victim = `duena.${randomBytes(4).toString('hex')}@ejemplo.mx`
    const registered = await api('/auth/register', {
      firstName: 'Extraño',
      lastName: 'Anónimo',
      email: victim,
      password: 'clave-del-extrano',
      confirmPassword: 'clave-del-extrano',
      acceptTerms: true,
    })
    expect(registered.status).toBe(201)
    const strangerSession = String((registered.json.data as { token: string }).token)
    const link = await verificationLink(victim)

    // Opened on a desktop first: the page asks, and nothing is used.
    const desktop = await openJourney(browser, { width: 1280, height: 900 })
    await desktop.page.goto(link)
    await desktop.page.getByRole('heading', { level: 1, name: '¿Creaste tú esta cuenta?' }).waitFor()
    expect(desktop.page.url()).not.toContain('token=')
    await desktop.page.getByText(/Esta cuenta se creó el \d+ de \w+ de \d{4} a las \d\d:\d\d/).waitFor()
    await screenshot(desktop.page, 'verify-owner-choice-desktop')
    await desktop.context.close()
    expect((await api('/auth/check', undefined, { authorization: `Bearer ${strangerSession}` })).status).toBe(
      200,
    )

    // The owner, on the phone, chooses "No fui yo".
    const phone = await openJourney(browser, { width: 375, height: 812 })
    await phone.page.goto(link)
    await phone.page.getByRole('heading', { level: 1, name: '¿Creaste tú esta cuenta?' }).waitFor()
    await screenshot(phone.page, 'verify-owner-choice-mobile')
    await phone.page.getByLabel('Contraseña nueva', { exact: true }).fill('clave-de-la-duena')
    await phone.page.getByLabel('Confirmar contraseña nueva').fill('clave-de-la-duena')
    await phone.page.getByRole('button', { name: 'Elegir contraseña y proteger mi cuenta' }).click()
    await phone.page.getByRole('heading', { level: 1, name: '¡Correo verificado!' }).waitFor()
    await phone.page.getByText('Listo: la cuenta ahora es solo tuya.', { exact: false }).waitFor()
    await screenshot(phone.page, 'verify-taken-back-mobile')

    // The stranger is out; the owner is signed in here, with their own password.
    expect((await api('/auth/check', undefined, { authorization: `Bearer ${strangerSession}` })).status).toBe(
      401,
    )
    expect((await api('/auth/login', { email: victim, password: 'clave-del-extrano' })).status).toBe(401)
    await phone.page.getByRole('link', { name: 'Ver Mis Reservas' }).click()
    await phone.page.getByRole('heading', { level: 1, name: 'Mis Reservas' }).waitFor()
    expect(phone.pageErrors).toEqual([])
    expect(phone.outsideRequests).toEqual([])
    await phone.context.close()
  })
})
