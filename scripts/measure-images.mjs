// Image bytes a phone transfers on the public pages: `/` and a cabin page (the first cabin the home links
// to), each in a fresh Chromium context at 375 px wide and DPR 1.75 (Lighthouse mobile's density), counted
// from the `response` events of every image until the network is idle and 3 s more (card carousels load
// when the browser is idle). Prints each image with its bytes and the total per page.
//   node scripts/measure-images.mjs [http://127.0.0.1:PORT]
// Without a URL it starts the built app (apps/api/dist/server.js, `npm run build`) on a fresh embedded
// database and a free port, and stops it at the end.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from './chromium.mjs'

const VIEWPORT = { width: 375, height: 812 }
const DEVICE_SCALE_FACTOR = 1.75
const SETTLE_MS = 3000

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function startApp() {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabanas-images-'))
  const app = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    base,
    stop() {
      app.kill()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Loads `url` in a fresh context and returns every image response with its transferred body size. */
async function imagesOf(browser, url) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: DEVICE_SCALE_FACTOR,
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  const pending = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'image' || response.url().startsWith('data:')) return
    pending.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({ url: response.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize }))
        .catch(() => response.body().then((body) => ({ url: response.url(), bytes: body.length }))),
    )
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(SETTLE_MS)
  await page.waitForLoadState('networkidle')
  const links = await page.$$eval('a[href^="/cabin/"]', (anchors) =>
    anchors.map((a) => a.getAttribute('href')),
  )
  const images = await Promise.all(pending)
  await context.close()
  return { images, links }
}

const given = process.argv[2]
const app = given ? null : await startApp()
const base = given ?? app.base
const browser = await chromium.launch(chromiumLaunchOptions())
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
try {
  const home = await imagesOf(browser, `${base}/`)
  const cabinPath = home.links[0]?.split('?')[0]
  const pages = [['/', home.images]]
  if (cabinPath) pages.push([cabinPath, (await imagesOf(browser, `${base}${cabinPath}`)).images])
  for (const [pagePath, images] of pages) {
    const total = images.reduce((sum, image) => sum + image.bytes, 0)
    console.log(`\n${pagePath}: ${images.length} images, ${kb(total)}`)
    for (const image of images)
      console.log(`  ${kb(image.bytes).padStart(9)}  ${new URL(image.url).pathname}`)
  }
} finally {
  await browser.close()
  app?.stop()
}
