// npm run bench:bundle — builds the app if a source changed, then measures the first view of `/` and
// of a cabin page: starts the built app on a fresh embedded database, loads each page in a fresh
// browser context (cold cache) until it shows its content, and prints every JS and CSS file the
// browser fetched for it, with its gzip size (from apps/web/dist). Budgets: / ≤ 150 KB, cabin ≤ 180 KB.
// Work the app defers to browser idle time (the toaster, card carousels) is not part of the first
// view: the page is measured with requestIdleCallback held back, and what idle time loads is printed
// apart, after the view is complete.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from './chromium.mjs'

const dist = path.resolve('apps/web/dist')
const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address()
    server.close(() => resolve(port))
  })
})
const dataDir = mkdtempSync(path.join(tmpdir(), 'cabanas-bundle-'))
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
// The server must not outlive this script (a failure below would leave it holding the terminal).
process.on('exit', () => app.kill('SIGTERM'))
const base = `http://127.0.0.1:${port}`
const exited = new Promise((resolve) => app.once('exit', resolve))
let healthy = false
for (let i = 0; i < 300 && !healthy; i++) {
  try {
    healthy = (await fetch(`${base}/health`)).ok
  } catch {}
  if (!healthy) await new Promise((r) => setTimeout(r, 200))
}
if (!healthy) {
  console.error(`The built app did not answer ${base}/health within 60 s.`)
  process.exit(1)
}

const browser = await chromium.launch(chromiumLaunchOptions())
const { habitaciones } = await (await fetch(`${base}/habitaciones`)).json()
const cabinId = habitaciones?.[0]?._id
if (!cabinId) throw new Error('the demo catalogue has no cabin')

const PAGES = [
  {
    name: '/',
    path: '/',
    limitKb: 150,
    ready: (page) => page.getByRole('heading', { name: /Destinos populares/ }).waitFor(),
  },
  {
    name: 'una cabaña',
    path: `/cabin/${cabinId}`,
    limitKb: 180,
    ready: (page) => page.getByRole('button', { name: 'Guardar', exact: true }).waitFor(),
  },
]

/** The JS and CSS files of one page's first view, and those browser idle time loads after it. */
async function measure({ path: pagePath, ready }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const files = new Set()
  let inFlight = 0
  let lastActivity = Date.now()
  page.on('request', (request) => {
    inFlight++
    lastActivity = Date.now()
    const url = new URL(request.url())
    if (url.origin === base && /\.(js|css)$/.test(url.pathname)) files.add(url.pathname)
  })
  for (const event of ['requestfinished', 'requestfailed']) {
    page.on(event, () => {
      inFlight--
      lastActivity = Date.now()
    })
  }
  /**
   * No request in flight nor started for 500 ms, counted from now (at most 10 s): Playwright's
   * 'networkidle' resolves at once when the page was idle before, which missed what idle time loads.
   */
  const quiet = async () => {
    lastActivity = Date.now()
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < 500)) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort())
  await page.addInitScript(() => {
    const held = []
    window.requestIdleCallback = (callback) => held.push(callback)
    window.releaseIdle = () => {
      for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 })
    }
  })
  await page.goto(`${base}${pagePath}`)
  await ready(page)
  await page.waitForLoadState('networkidle')
  const firstView = [...files]
  files.clear()
  await page.evaluate(() => window.releaseIdle())
  await quiet()
  const idle = [...files]
  await context.close()
  return { firstView, idle }
}

const measured = []
for (const entry of PAGES) measured.push({ ...entry, ...(await measure(entry)) })
await browser.close()
app.kill('SIGTERM')
// The server closes its embedded database on SIGTERM, writing into the folder: remove it after.
await exited
rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 })

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024
let withinBudget = true
for (const { name, limitKb, firstView, idle } of measured) {
  console.log(`\n${name}`)
  let total = 0
  for (const file of firstView.sort()) {
    const kb = gzipKb(file)
    total += kb
    console.log(`${kb.toFixed(1).padStart(7)} KB  ${file}`)
  }
  console.log(
    `${total.toFixed(1).padStart(7)} KB  primera vista de ${name} (JS + CSS, gzip) — objetivo ≤ ${limitKb} KB`,
  )
  const later = idle.reduce((sum, file) => sum + gzipKb(file), 0)
  console.log(`${later.toFixed(1).padStart(7)} KB  después, en tiempo ocioso (${idle.length} archivos)`)
  for (const file of idle.sort()) console.log(`${gzipKb(file).toFixed(1).padStart(7)} KB    ${file}`)
  if (total > limitKb) withinBudget = false
}
process.exit(withinBudget ? 0 : 1)
