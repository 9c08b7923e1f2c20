import { randomInt } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'

/** The longest a single wait of a journey (a click, a page, a text) may take, on a loaded machine too. */
export const E2E_WAIT_MS = 60_000

/** How many times playwright.config.ts runs a failed test again (operators.ts has an account for each). */
export const E2E_RETRIES = 1

/** A value global-setup.ts put in the environment for the specs. */
function fromSetup(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`Falta ${name}: corre las pruebas con \`node scripts/e2e.mjs\``)
  return value
}

/** The shared app's address (global-setup.ts). */
export const baseUrl = () => fromSetup('E2E_BASE_URL')
/** Where the shared app writes its mails (.eml files): the end-to-end tests read them like an inbox. */
export const outboxDir = () => fromSetup('E2E_OUTBOX_DIR')

const TILE_PNG = readFileSync(path.join(import.meta.dirname, 'tile.png'))

export type Journey = {
  context: BrowserContext
  page: Page
  /** Every request that tried to leave the machine (map tiles excepted, which are stubbed). */
  outsideRequests: string[]
  /** Console errors and uncaught exceptions of the page. */
  pageErrors: string[]
}

/** An address of its own per journey, across spec files too (chosen at random). */
const nextGuestAddress = () => `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`

/**
 * A fresh browser context at a viewport. Map tiles are answered with a local PNG; any other request
 * to a host other than our server (`appUrl`: the shared one unless a spec started its own) is aborted
 * and recorded, so a test can assert none happened.
 */
export async function openJourney(
  browser: Browser,
  {
    width = 1280,
    height = 800,
    appUrl = baseUrl(),
  }: { width?: number; height?: number; appUrl?: string } = {},
): Promise<Journey> {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    // Panels fade in over 300 ms. Clicking inside one mid-fade made Playwright scroll the option to
    // the top of the window now and then (about 1 run in 8), under the sticky header, and the scroll
    // closed the panel as designed. Travellers who ask for less motion get no fade, and so do tests.
    reducedMotion: 'reduce',
    // Each journey is a guest of its own address behind the proxy (global-setup.ts trusts loopback).
    extraHTTPHeaders: { 'x-forwarded-for': nextGuestAddress() },
  })
  const outsideRequests: string[] = []
  const pageErrors: string[] = []
  const origin = new URL(appUrl).origin
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue()
    if (url.startsWith('https://tiles.e2e.invalid/'))
      return route.fulfill({ contentType: 'image/png', body: TILE_PNG })
    outsideRequests.push(url)
    return route.abort()
  })
  // Playwright's default wait is 30 s; a loaded machine needs more (playwright.config.ts bounds the test).
  context.setDefaultTimeout(E2E_WAIT_MS)
  context.setDefaultNavigationTimeout(E2E_WAIT_MS)
  const page = await context.newPage()
  // A server-rendered page shows its HTML before React owns it, and a click then does nothing: every
  // navigation of a journey waits until the page's root is hydrated (client-rendered pages at once).
  const goto = page.goto.bind(page)
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args)
    await page.waitForFunction(() => {
      const first = document.getElementById('root')?.firstElementChild
      return (
        !document.getElementById('ssr-state') ||
        (first !== null &&
          first !== undefined &&
          Object.keys(first).some((key) => key.startsWith('__reactFiber$')))
      )
    })
    return response
  }
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text())
  })
  return { context, page, outsideRequests, pageErrors }
}

export async function screenshot(page: Page, name: string) {
  const dir = path.join(import.meta.dirname, '..', 'test-results', 'screenshots')
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false })
}
