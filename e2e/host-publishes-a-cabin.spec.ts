import { uploadedPhotoPaths } from '@cabanas/domain/photos'
import { averageNightlyPrice, priceStay } from '@cabanas/domain/quotes'
import { dayOfWeek, formatMxn } from '@cabanas/domain/shared'
import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { fillCheckout } from './checkout.ts'
import { baseUrl, openJourney, screenshot } from './fixtures.ts'
import { daysFromToday, horizontalOverflow, pickDay, whenHydrated } from './helpers.ts'
import { mailTo } from './mail.ts'
import { must } from './must.ts'
import { OPERATOR_EMAIL, operatorForAttempt } from './operators.ts'

/**
 * Issue 21's journey on a phone: a new account becomes a host, writes a cabin in the editor with five
 * photos and submits it; an operator approves it; a guest finds it in search with those photos, is
 * quoted the host's prices and books it.
 */

const PHONE = { width: 375, height: 812 }
const PASSWORD = 'cabaña-en-la-sierra-2026'
/** A place no demo cabin is in: the guest's results can only hold the new cabin there. */
const PLACE = { state: 'Durango', municipality: 'Pueblo Nuevo', locality: 'El Salto' }
/** El Salto, Durango, where the host taps the map. */
const PIN = { latitude: 23.78, longitude: -105.36 }
/** What the host types, in pesos; the quote must come from these. */
const RATES = { weekday: 1_850, weekend: 2_450 }

const userMenu = (page: Page) => page.getByRole('button', { name: /^Menú de usuario/ })

/** The 'Confirma tu correo' link mailed to `to`. */
async function verificationLink(to: string): Promise<string> {
  const mail = await mailTo(to, /Confirma tu correo/i)
  const link = /\S+\/verificar-correo#token=[\w-]+/.exec(mail.text ?? '')?.[0]
  if (!link?.startsWith(baseUrl())) throw new Error(`no verification link in the mail to ${to}`)
  return link
}

/** Five distinct landscape JPEGs, 1,600 × 1,067 (over the 1,200 × 800 the site serves). */
function cabinPhotos(): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const colours = ['#2f5d3a', '#7a4b2a', '#3b6e8f', '#a0522d', '#556b2f']
  return Promise.all(
    colours.map(async (colour, index) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
        <rect width="1600" height="1067" fill="${colour}"/>
        <polygon points="0,1067 ${300 + index * 150},${350 + index * 40} 1600,1067" fill="#e8e0d0" opacity="0.6"/>
        <circle cx="${1300 - index * 180}" cy="${220 + index * 30}" r="${90 + index * 10}" fill="#f5d76e"/>
      </svg>`
      const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
      return { name: `cabana-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer }
    }),
  )
}

/** Thursday to Sunday, three weeks ahead at least: one weekday night and two weekend nights. */
function thursdayToSunday(): { checkIn: string; checkOut: string } {
  for (let days = 21; ; days++) {
    const checkIn = daysFromToday(days)
    if (dayOfWeek(checkIn) === 4) return { checkIn, checkOut: daysFromToday(days + 3) }
  }
}

/** Waits until the editor has stored every change ('Guardado'). */
async function saved(page: Page) {
  await page.getByRole('status').getByText('Guardado', { exact: true }).waitFor()
}

async function nextStep(page: Page, title: string) {
  await page.getByRole('link', { name: 'Siguiente' }).click()
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
}

/**
 * Taps the map at a latitude and longitude: the point's pixel is found from a loaded tile (its z/x/y
 * address and where it is drawn), in Web Mercator as Leaflet draws it.
 */
async function tapMapAt(page: Page, { latitude, longitude }: { latitude: number; longitude: number }) {
  const tile = page.locator('img.leaflet-tile-loaded').first()
  await tile.waitFor()
  const src = (await tile.getAttribute('src')) ?? ''
  const [z, x, y] = (/\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(src) ?? []).slice(1).map(Number) as [
    number,
    number,
    number,
  ]
  const box = await tile.boundingBox()
  if (!box || z === undefined) throw new Error(`no tile to place the pin from (${src})`)
  const scale = 256 * 2 ** z
  const worldX = ((longitude + 180) / 360) * scale
  const sin = Math.sin((latitude * Math.PI) / 180)
  const worldY = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale
  const px = box.width / 256
  await page.mouse.click(box.x + (worldX - x * 256) * px, box.y + (worldY - y * 256) * px)
}

test.describe('a host publishes a cabin from a phone', () => {
  test('registers, becomes a host, writes a cabin with 5 photos; an operator approves it; a guest finds it and books it', async ({
    browser,
  }, testInfo) => {
    const started = Date.now()
    const suffix = Math.random().toString(36).slice(2, 7)
    const hostEmail = `anfitriona.${suffix}@ejemplo.mx`
    const title = `Cabaña El Ocote ${suffix}`
    const host = await openJourney(browser, PHONE)
    const { page } = host

    // 1. A new account, confirmed from its mail, becomes a host from the user menu.
    await page.goto(baseUrl())
    await whenHydrated(userMenu(page))
    await userMenu(page).click()
    await page.getByRole('link', { name: 'Registrarse' }).click()
    await page.getByRole('heading', { name: 'Crear Cuenta' }).waitFor()
    await page.getByLabel('Nombre', { exact: true }).fill('Rosa')
    await page.getByLabel('Apellido').fill('Quiñones')
    await page.getByLabel('Correo electrónico').fill(hostEmail)
    await page.getByLabel('Teléfono').fill('618 123 4567')
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirmar contraseña').fill(PASSWORD)
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Crear cuenta' }).click()
    await page.waitForFunction(() => window.location.pathname === '/')
    await page.goto(await verificationLink(hostEmail))
    await page.getByRole('heading', { level: 1, name: '¡Correo verificado!' }).waitFor()

    await userMenu(page).click()
    await page.getByRole('link', { name: 'Publica tu cabaña' }).click()
    await page.getByRole('heading', { level: 1, name: 'Publica tu cabaña' }).waitFor()
    expect(await page.getByLabel('Nombre para mostrar').inputValue()).toBe('Rosa Quiñones')
    await page.getByLabel('Nombre para mostrar').fill('Cabañas Doña Rosa')
    await page.getByLabel('Teléfono', { exact: true }).fill('6181234567')
    await page.getByLabel('CLABE interbancaria').fill('012180012345678909')
    await screenshot(page, 'host-profile-mobile')
    await page.getByRole('button', { name: 'Convertirme en anfitrión' }).click()
    await page.getByRole('heading', { level: 1, name: 'Mis cabañas' }).waitFor()
    await page.getByText('Aún no tienes cabañas').waitFor()
    await screenshot(page, 'host-my-cabins-empty-mobile')

    // 2. The cabin, step by step, as a host writes it.
    const photoIds: string[] = []
    page.on('response', async (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/photos') {
        const body = (await response.json().catch(() => null)) as { photos?: { id: string }[] } | null
        for (const photo of body?.photos ?? []) photoIds.push(photo.id)
      }
    })
    await page.getByRole('button', { name: 'Publicar una cabaña nueva' }).click()
    await page.getByRole('heading', { level: 1, name: 'Tipo de alojamiento' }).waitFor()
    await page.getByRole('radio', { name: 'Cabaña', exact: true }).check()
    await saved(page)
    await screenshot(page, 'editor-type-mobile')

    await nextStep(page, 'Ubicación')
    await page.getByLabel('Estado').selectOption({ label: PLACE.state })
    await page.getByRole('searchbox', { name: 'Buscar municipio' }).fill(PLACE.municipality)
    await page.locator('label').filter({ hasText: PLACE.municipality }).first().click()
    await page.getByText(`Elegiste: ${PLACE.municipality}`).waitFor()
    await page.getByLabel('Población (opcional)').fill(PLACE.locality)
    await page.getByLabel('Calle y número').fill('Camino al Mirador km 3')
    await page.getByLabel('Código postal').fill('34950')
    await page
      .getByLabel('Indicaciones para llegar (opcional)')
      .fill('Después de la presa, la segunda entrada.')
    const map = page.locator('.leaflet-container')
    await map.scrollIntoViewIfNeeded()
    await tapMapAt(page, PIN)
    const marked = await page.getByText(/^Punto marcado: /).textContent()
    const [latitude, longitude] = (marked?.match(/-?\d+\.\d+/g) ?? []).map(Number) as [number, number]
    expect(Math.abs(latitude - PIN.latitude)).toBeLessThan(0.3)
    expect(Math.abs(longitude - PIN.longitude)).toBeLessThan(0.3)
    await saved(page)
    await screenshot(page, 'editor-location-map-mobile')

    await nextStep(page, 'Capacidad')
    const more = (label: string, times: number) =>
      Array.from({ length: times }).reduce<Promise<void>>(
        (done) => done.then(() => page.getByRole('button', { name: `Aumentar ${label}` }).click()),
        Promise.resolve(),
      )
    await more('huéspedes mínimo', 1) // 1
    await more('huéspedes máximo', 4) // 1 → 4
    await more('recámaras', 3) // 0 → 2
    await more('camas', 3) // 1 → 3
    await more('baños', 1) // 1
    await page.getByRole('radio', { name: 'Privado' }).check()
    await saved(page)
    await screenshot(page, 'editor-capacity-mobile')

    await nextStep(page, 'Amenidades')
    for (const amenity of ['Wifi', 'Chimenea']) {
      await page.getByRole('checkbox', { name: amenity, exact: true }).check()
    }
    await saved(page)

    await nextStep(page, 'Fotos')
    await page.locator('input[type="file"]').setInputFiles(await cabinPhotos())
    await page.getByText('Llevas 5 fotos (máximo 30)').waitFor()
    await saved(page)
    expect(new Set(photoIds).size).toBe(5)
    await screenshot(page, 'editor-photos-mobile')

    await nextStep(page, 'Título y descripción')
    await page.getByLabel(/^Título/).fill(title)
    await page
      .getByLabel(/^Descripción/)
      .fill(
        'Cabaña de madera entre pinos, a diez minutos del pueblo de El Salto. Chimenea, terraza con vista a la sierra y cocina equipada para cuatro personas.',
      )
    await saved(page)

    await nextStep(page, 'Precios')
    await page.getByLabel('Entre semana (domingo a jueves)').fill(String(RATES.weekday))
    await page.getByLabel('Fin de semana (viernes y sábado)').fill(String(RATES.weekend))
    await saved(page)
    await screenshot(page, 'editor-prices-mobile')

    await nextStep(page, 'Reglas')
    await more('estancia mínima (noches)', 2) // 1 → 2
    for (const question of [
      '¿Se admiten mascotas?',
      '¿Se permite fumar?',
      '¿Se permiten eventos o fiestas?',
    ]) {
      await page.getByRole('group', { name: question }).getByRole('radio', { name: 'No' }).check()
    }
    await saved(page)

    await nextStep(page, 'Política de cancelación')
    await page.getByRole('radio', { name: /^Moderada/ }).check()
    await saved(page)

    await nextStep(page, 'Revisión')
    await page.getByRole('button', { name: 'Enviar a revisión' }).click()
    await page.getByText('¡Listo! Tu cabaña está en revisión').waitFor()
    await screenshot(page, 'editor-submitted-mobile')
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    expect(host.pageErrors).toEqual([])
    expect(host.outsideRequests).toEqual([])

    // 3. The operator (OPERATOR_EMAILS) confirms its mailbox, then approves the cabin in the console.
    const operatorEmail = operatorForAttempt(OPERATOR_EMAIL, testInfo.retry)
    const registered = await fetch(`${baseUrl()}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Olga',
        lastName: 'Operadora',
        email: operatorEmail,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      }),
    })
    expect(registered.status).toBe(201)
    const session = ((await registered.json()) as { data: { token: string; client: unknown } }).data
    const operator = await openJourney(browser, PHONE)
    // Signed in as it on an earlier visit; the verified link then replaces that session with its own.
    await operator.context.addInitScript(({ token, client }) => {
      if (localStorage.getItem('auth_token')) return
      localStorage.setItem('auth_token', token)
      localStorage.setItem('auth_user', JSON.stringify(client))
    }, session)
    await operator.page.goto(await verificationLink(operatorEmail))
    await operator.page.getByRole('heading', { level: 1, name: '¡Correo verificado!' }).waitFor()
    await operator.page.goto(`${baseUrl()}/operador`)
    await operator.page.getByRole('heading', { level: 1, name: 'Anuncios' }).waitFor()
    await operator.page.getByRole('link', { name: `Revisar: ${title}` }).click()
    await operator.page.getByRole('heading', { level: 1, name: title }).waitFor()
    await screenshot(operator.page, 'operator-review-mobile')
    await operator.page.getByRole('button', { name: 'Aprobar y publicar' }).click()
    await operator.page
      .getByRole('dialog', { name: 'Aprobar y publicar' })
      .getByRole('button', { name: 'Sí, publicar' })
      .click()
    await operator.page.getByText('Anuncio publicado. Avisamos al anfitrión por correo.').first().waitFor()
    // Back on the queue, which no longer lists it.
    await operator.page.getByRole('heading', { name: 'No hay anuncios esperando revisión' }).waitFor()
    await screenshot(operator.page, 'operator-approved-mobile')
    expect(operator.pageErrors).toEqual([])
    await operator.context.close()
    await mailTo(hostEmail, /Tu cabaña ya está publicada/)
    await host.context.close()

    // 4. A guest searches the place with dates, finds the cabin with its photos, is quoted and books it.
    const stay = thursdayToSunday()
    const guest = await openJourney(browser, PHONE)
    const g = guest.page
    await g.goto(baseUrl())
    await whenHydrated(g.locator('#search-trigger'))
    // The one-line search opens the sheet on its destinations.
    await g.locator('#search-trigger').click()
    const search = g.getByRole('search', { name: 'Buscar cabañas' })
    await g
      .getByRole('dialog', { name: 'Elige un destino' })
      .getByRole('button', { name: new RegExp(`${PLACE.locality}, ${PLACE.state}`) })
      .click()
    await screenshot(g, 'guest-search-dates-mobile')
    await pickDay(g, stay.checkIn, g.getByRole('dialog', { name: 'Fecha de llegada' }))
    await pickDay(g, stay.checkOut, g.getByRole('dialog', { name: 'Fecha de salida' }))
    await search.getByRole('button', { name: 'Buscar', exact: true }).click()
    await g.waitForURL(/\/results\?/)
    const card = g.getByTestId('cabin-card').filter({ hasText: title })
    await card.waitFor()

    const price = priceStay(
      { weekdayRate: RATES.weekday * 100, weekendRate: RATES.weekend * 100, seasons: [] },
      stay.checkIn,
      stay.checkOut,
    )
    expect(price.pricePerNight).toBe(averageNightlyPrice(price.totalPrice, 3))
    expect(await card.textContent()).toContain(formatMxn(price.pricePerNight))
    // The card shows the host's cover photo, from the card widths of its files.
    const cover = uploadedPhotoPaths(must(photoIds[0], 'the first photo uploaded'))
    const cardPhoto = card.locator('img').first()
    const srcset = (await cardPhoto.getAttribute('srcset')) ?? ''
    for (const width of [400, 640]) {
      const source = must(
        cover.sources.find((s) => s.width === width),
        `the cover's ${width} px source`,
      )
      expect(srcset).toContain(`${source.url} ${width}w`)
    }
    await cardPhoto.scrollIntoViewIfNeeded()
    await g.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
      await cardPhoto.elementHandle(),
    )
    await screenshot(g, 'guest-results-mobile')

    // Every served width of every photo is there, at its size.
    for (const id of photoIds) {
      for (const source of uploadedPhotoPaths(id).sources) {
        const res = await fetch(`${baseUrl()}${source.url}`)
        expect(res.status).toBe(200)
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
        expect([meta.width, meta.height]).toEqual([source.width, source.height])
      }
    }

    const link = card.getByRole('link').first()
    const opensTab = (await link.getAttribute('target')) === '_blank'
    const [cabinPage] = opensTab
      ? await Promise.all([guest.context.waitForEvent('page'), link.click()])
      : await Promise.all([Promise.resolve(g), link.click()])
    const cabin = cabinPage
    await cabin.getByRole('heading', { level: 1, name: title }).waitFor()
    // The page's photos offer every served width of the host's photo.
    const pagePhoto = cabin.locator(`img[srcset*="${photoIds[0]}"]`).first()
    const pageSrcset = (await pagePhoto.getAttribute('srcset')) ?? ''
    for (const source of cover.sources) expect(pageSrcset).toContain(`${source.url} ${source.width}w`)
    const bar = cabin.getByRole('region', { name: 'Reserva' })
    await whenHydrated(bar.getByRole('button').first())
    await bar.getByRole('button').first().click()
    const sheet = cabin.getByRole('dialog', { name: 'Reserva tu estancia' })
    await sheet.getByText('Total').first().waitFor()
    await cabin.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    const quoted = (await sheet.textContent()) ?? ''
    expect(quoted).toContain(formatMxn(price.totalPrice))
    expect(quoted).toContain(formatMxn(price.serviceCommission))
    await screenshot(cabin, 'guest-quote-mobile')

    await sheet.getByRole('button', { name: 'Reservar' }).click()
    await cabin.waitForURL(/\/checkout\?cabin=/)
    await cabin.getByRole('heading', { name: 'Confirmar y pagar' }).waitFor()
    await fillCheckout(cabin, '4111 1111 1111 1111', `huesped.${suffix}@ejemplo.mx`)
    const pay = cabin.getByRole('button', { name: /^Confirmar y pagar - / })
    expect(await pay.textContent()).toContain(formatMxn(price.totalPrice))
    await screenshot(cabin, 'guest-checkout-mobile')
    await pay.click()
    await cabin.waitForURL(/\/confirmation$/)
    await cabin.getByText('¡Reserva confirmada!').waitFor()
    await screenshot(cabin, 'guest-confirmation-mobile')
    expect(guest.pageErrors).toEqual([])
    expect(guest.outsideRequests).toEqual([])
    await guest.context.close()
    console.log(`host-publishes-a-cabin: ${((Date.now() - started) / 1000).toFixed(1)} s`)
  })
})
