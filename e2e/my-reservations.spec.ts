import { expect, type Page, test } from '@playwright/test'
import { baseUrl, openJourney, screenshot } from './fixtures.ts'
import { cabinCalendar, firstFreeStay, listCabins } from './helpers.ts'
import { must } from './must.ts'

const userMenu = (page: Page) => page.getByRole('button', { name: 'Menú de usuario' })

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
}

test.describe('accounts and Mis Reservas', () => {
  test('registers, edits the profile, books signed in with prefilled data, sees it in Mis Reservas, logs out and back in', async ({
    browser,
  }) => {
    const email = `viajera.${Date.now()}@ejemplo.mx`
    const password = 'montaña-2026'
    const { page, context, pageErrors } = await openJourney(browser, { width: 1280, height: 900 })

    // Register.
    await page.goto(`${baseUrl()}/register`)
    await page.getByRole('heading', { name: 'Crear Cuenta' }).waitFor()
    await page.getByLabel('Nombre', { exact: true }).fill('Guadalupe')
    await page.getByLabel('Apellido').fill('López')
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Teléfono').fill('33 1234 5678')
    await page.getByLabel('Contraseña', { exact: true }).fill(password)
    await page.getByLabel('Confirmar contraseña').fill(password)
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Crear cuenta' }).click()
    await page.waitForFunction(() => window.location.pathname === '/')
    expect(await page.evaluate(() => Boolean(localStorage.getItem('auth_token')))).toBe(true)

    // Profile and preferences.
    await userMenu(page).click()
    await page.getByRole('link', { name: 'Mi perfil' }).click()
    await page.getByRole('heading', { name: 'Mi Perfil' }).waitFor()
    expect(await page.getByLabel('Teléfono (opcional)').inputValue()).toBe('3312345678')
    await page.getByLabel('Nombre', { exact: true }).fill('Guadalupe María')
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await page.getByText('Perfil actualizado').first().waitFor()
    await page.getByRole('switch', { name: 'Boletín de novedades' }).click()
    await page.getByRole('button', { name: 'Guardar preferencias' }).click()
    await page.getByText('Preferencias actualizadas').first().waitFor()
    await screenshot(page, 'profile-desktop')

    // Book while signed in: the checkout is prefilled from the profile.
    const cabin = must(
      (await listCabins(baseUrl())).filter((c) => c.restrictions.length === 0)[12],
      'cabin 12 of those without restrictions',
    )
    const stay = firstFreeStay(await cabinCalendar(baseUrl(), cabin._id), 3, 50)
    await page.goto(
      `${baseUrl()}/cabin/${cabin._id}?${new URLSearchParams({ ...stay, guests: String(cabin.propertyDetails.minOccupancy) })}`,
    )
    await page.getByRole('button', { name: 'Reservar' }).first().click()
    await page.waitForURL(/\/checkout\?cabin=/)
    await page.getByText('Datos cargados automáticamente desde tu perfil').waitFor()
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email)
    expect(await page.getByLabel('Teléfono de facturación').inputValue()).toBe('3312345678')
    await page.getByLabel('Nombre', { exact: true }).fill('Guadalupe')
    await page.getByLabel('Apellido').fill('López')
    await page.getByLabel('Número de tarjeta').fill('5555 5555 5555 4444')
    await page.getByLabel('Nombre del titular').fill('Guadalupe Lopez')
    await page.getByLabel('Mes').fill('10')
    await page.getByLabel('Año').fill('34')
    await page.getByLabel('CVV').fill('321')
    await page.getByRole('button', { name: /^Confirmar y pagar - / }).click()
    await page.waitForURL(/\/confirmation$/)

    // Mis Reservas shows it at once.
    await page.getByRole('link', { name: /Ver mis reservas/ }).click()
    await page.getByRole('heading', { name: 'Mis Reservas' }).waitFor()
    const card = page.getByText(`Reserva #`).first()
    await card.waitFor()
    await page.getByText('Activa').first().waitFor()
    await page.getByText('Pagado').first().waitFor()
    await page.getByText(cabin._id.slice(-8)).first().waitFor()
    await screenshot(page, 'my-reservations-desktop')

    // Log out; the guards send visitors to /login, and back after signing in.
    await userMenu(page).click()
    await page
      .getByRole('button', { name: 'Cerrar sesión' })
      .or(page.getByRole('link', { name: 'Cerrar sesión' }))
      .first()
      .click()
    await page.waitForFunction(() => window.location.pathname === '/')
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull()
    await page.goto(`${baseUrl()}/my-reservations`)
    await page.waitForFunction(() => window.location.pathname === '/login')
    await signIn(page, email, password)
    await page.waitForFunction(() => window.location.pathname === '/my-reservations')
    await page.getByText('Pagado').first().waitFor()

    // Signed in, /login and /register send the client away.
    await page.goto(`${baseUrl()}/register`)
    await page.waitForFunction(() => window.location.pathname === '/')
    expect(pageErrors.filter((e) => !e.includes('401'))).toEqual([])
    await context.close()
  })

  test('refuses a wrong password with one Spanish message', async ({ browser }) => {
    const { page, context } = await openJourney(browser, { width: 375, height: 800 })
    await page.goto(`${baseUrl()}/login`)
    await page.getByRole('heading', { name: 'Inicia Sesión' }).waitFor()
    await signIn(page, 'nadie@ejemplo.mx', 'incorrecta')
    await page.getByText('Correo electrónico o contraseña incorrectos').first().waitFor()
    await screenshot(page, 'login-error-mobile')
    await context.close()
  })
})
