import { type Browser, expect, type Page, test } from '@playwright/test'
import { baseUrl, openJourney, screenshot } from './fixtures.ts'
import { listCabins, whenHydrated } from './helpers.ts'
import { must } from './must.ts'

type CabinWithPhotos = {
  _id: string
  propertyDetails: { name: string }
  images: { url: string; alt: string }[]
}

/** The cabin with the most photos, as GET /habitaciones/:id describes it. */
async function cabinWithPhotos(): Promise<CabinWithPhotos> {
  const cabins = (await listCabins(baseUrl())) as unknown as CabinWithPhotos[]
  const [most] = [...cabins].sort((a, b) => b.images.length - a.images.length)
  if (!most || most.images.length < 5) throw new Error('no cabin with five photos')
  const res = await fetch(`${baseUrl()}/habitaciones/${most._id}`)
  return (await res.json()) as CabinWithPhotos
}

/** A browser with JavaScript off: what a guest sees and taps before the app's code has arrived. */
async function openWithoutJavaScript(browser: Browser, width: number) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 800 },
    locale: 'es-MX',
  })
  const origin = new URL(baseUrl()).origin
  await context.route('**/*', (route) =>
    route.request().url().startsWith(origin) ? route.continue() : route.abort(),
  )
  return { context, page: await context.newPage() }
}

/** The photos of the photos page's list, in order: their description and whether each has loaded. */
function listedPhotos(page: Page) {
  return page.evaluate(async () => {
    const images = [...document.querySelectorAll<HTMLImageElement>('main li img')]
    await Promise.all(images.slice(0, 2).map((img) => img.decode().catch(() => undefined)))
    return images.map((img) => ({ alt: img.alt, src: new URL(img.src).pathname }))
  })
}

test.describe("'Mostrar todas las fotos' as HTML first", () => {
  test('opens the photos page without JavaScript: every photo in order, and back to the cabin', async ({
    browser,
  }) => {
    const cabin = await cabinWithPhotos()
    const { context, page } = await openWithoutJavaScript(browser, 375)
    const cabinPath = `/cabin/${cabin._id}?checkIn=2099-08-07&checkOut=2099-08-09&guests=2`
    await page.goto(`${baseUrl()}${cabinPath}`)

    const link = page.getByRole('link', { name: 'Mostrar todas las fotos' })
    expect(await link.isVisible()).toBe(true)
    const [response] = await Promise.all([
      page.waitForResponse((res) => new URL(res.url()).pathname.endsWith('/fotos')),
      link.click(),
    ])
    expect(response.status()).toBe(200)
    expect(new URL(page.url()).pathname).toBe(`/cabin/${cabin._id}/fotos`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      `Fotos de ${cabin.propertyDetails.name}`,
    )
    const photos = await listedPhotos(page)
    expect(photos.map((photo) => photo.alt)).toEqual(cabin.images.map((image) => image.alt))
    expect(photos.map((photo) => photo.src)).toEqual(cabin.images.map((image) => image.url))
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
    await screenshot(page, 'html-first-photos-no-js-mobile')

    // The stay the guest came with rides along.
    await page.getByRole('link', { name: 'Volver a la cabaña' }).first().click()
    await page.waitForURL(`${baseUrl()}${cabinPath}`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(cabin.propertyDetails.name)
    await context.close()
  })

  test("opens a tile's photo on the photos page without JavaScript (wide screen)", async ({ browser }) => {
    const cabin = await cabinWithPhotos()
    const { context, page } = await openWithoutJavaScript(browser, 1366)
    await page.goto(`${baseUrl()}/cabin/${cabin._id}`)

    await page
      .getByRole('link', {
        name: `Ver foto 3 de ${cabin.images.length}: ${must(cabin.images[2], 'a third photo').alt}`,
      })
      .click()
    await page.waitForURL(`${baseUrl()}/cabin/${cabin._id}/fotos#foto-3`)
    // The third photo is brought to the top, under the sticky header.
    const top = await page.locator('#foto-3').evaluate((item) => item.getBoundingClientRect().top)
    expect(top).toBeGreaterThanOrEqual(80)
    expect(top).toBeLessThan(140)
    await screenshot(page, 'html-first-photos-no-js-desktop')
    await context.close()
  })

  for (const width of [375, 1366]) {
    test(`opens the gallery dialog on a click once the app runs, at ${width} px, and a Ctrl-click opens the page in a tab`, async ({
      browser,
    }) => {
      const cabin = await cabinWithPhotos()
      const { context, page, pageErrors } = await openJourney(browser, { width, height: 800 })
      const url = `${baseUrl()}/cabin/${cabin._id}`
      await page.goto(url)

      const link = page.getByRole('link', { name: 'Mostrar todas las fotos' })
      await whenHydrated(link)
      await link.click()
      const dialog = page.getByRole('dialog', { name: `Fotos de ${cabin.propertyDetails.name}` })
      await dialog.waitFor()
      expect(page.url()).toBe(url)
      expect(await dialog.getByRole('img').count()).toBe(cabin.images.length)
      await screenshot(page, `html-first-photos-dialog-${width}`)
      await dialog.getByRole('button', { name: 'Cerrar' }).click()
      await dialog.waitFor({ state: 'detached' })

      const [tab] = await Promise.all([context.waitForEvent('page'), link.click({ modifiers: ['Control'] })])
      await tab.waitForURL(`${baseUrl()}/cabin/${cabin._id}/fotos`)
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(pageErrors).toEqual([])
      await context.close()
    })
  }

  test("draws the photos page when the app goes back to it (the client's router knows it)", async ({
    browser,
  }) => {
    const cabin = await cabinWithPhotos()
    const { context, page, pageErrors } = await openJourney(browser, { width: 375, height: 800 })
    await page.goto(`${baseUrl()}/cabin/${cabin._id}/fotos`)

    const back = page.getByRole('link', { name: 'Volver a la cabaña' }).first()
    await whenHydrated(back)
    await back.click()
    // Exact: the photos page's heading holds the cabin's name too.
    await page.getByRole('heading', { level: 1, name: cabin.propertyDetails.name, exact: true }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/cabin/${cabin._id}`)
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: `Fotos de ${cabin.propertyDetails.name}` }).waitFor()
    expect(await page.locator('main li img').count()).toBe(cabin.images.length)
    expect(pageErrors).toEqual([])
    await context.close()
  })
})
