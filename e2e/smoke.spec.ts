import { expect, test } from '@playwright/test'
import { baseUrl, openJourney, screenshot } from './fixtures.ts'

test.describe('smoke', () => {
  test('shows the home page in Spanish with cabins and their images, and nothing leaves the machine', async ({
    browser,
  }) => {
    const { page, context, outsideRequests, pageErrors } = await openJourney(browser)
    await page.goto(baseUrl())
    expect(await page.getAttribute('html', 'lang')).toBe('es-MX')
    await page.getByText('Mazamitla').first().waitFor()
    await page.waitForFunction(
      () =>
        [...document.images].filter(
          (img) => img.src.includes('/media/') && img.complete && img.naturalWidth > 0,
        ).length >= 4,
    )
    await screenshot(page, 'smoke-home-desktop')
    expect(outsideRequests).toEqual([])
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('shows the not-found page for an unknown path, with a link home', async ({ browser }) => {
    const { page, context } = await openJourney(browser, { width: 375, height: 740 })
    const response = await page.goto(`${baseUrl()}/no-existe/para-nada`)
    // A real 404 (issue 11): search engines must not index it.
    expect(response?.status()).toBe(404)
    await page.getByText('Oops! Page not found').waitFor()
    await page
      .getByRole('link', { name: /inicio/i })
      .first()
      .click()
    await page.waitForURL(`${baseUrl()}/`)
    await screenshot(page, 'smoke-not-found-mobile')
    await context.close()
  })

  test('answers unknown API paths with JSON, not the app', async () => {
    const res = await fetch(`${baseUrl()}/api/no-existe`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
  })
})
