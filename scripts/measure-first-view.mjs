// npm run bench:bundle — builds the app if a source changed, then measures the first view of `/`:
// starts the built app on a fresh embedded database, loads `/` in Chromium until the home shows its
// destinations, and prints every JS and CSS file the browser fetched for it, with its gzip size
// (from apps/web/dist).
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

const LIMIT_KB = 150
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
const base = `http://127.0.0.1:${port}`
for (let i = 0; i < 300; i++) {
  try {
    if ((await fetch(`${base}/health`)).ok) break
  } catch {}
  await new Promise((r) => setTimeout(r, 200))
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
const files = new Set()
page.on('request', (request) => {
  const url = new URL(request.url())
  if (url.origin === base && /\.(js|css)$/.test(url.pathname)) files.add(url.pathname)
})
await page.route('https://tile.openstreetmap.org/**', (route) => route.abort())
await page.addInitScript(() => {
  const held = []
  window.requestIdleCallback = (callback) => held.push(callback)
  window.releaseIdle = () => {
    for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 })
  }
})
await page.goto(base)
await page.getByRole('heading', { name: /Destinos populares/ }).waitFor()
await page.waitForLoadState('networkidle')
const firstView = [...files]
files.clear()
await page.evaluate(() => window.releaseIdle())
await page.waitForLoadState('networkidle')
const idle = [...files]
await browser.close()
app.kill('SIGTERM')
rmSync(dataDir, { recursive: true, force: true })

let total = 0
for (const file of firstView.sort()) {
  const bytes = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
  total += bytes
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`)
}
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  primera vista de / (JS + CSS, gzip) — objetivo ≤ ${LIMIT_KB} KB`,
)
let later = 0
for (const file of idle) later += gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
console.log(
  `${(later / 1024).toFixed(1).padStart(7)} KB  después, en tiempo ocioso (${idle.length} archivos)`,
)
process.exit(total / 1024 <= LIMIT_KB ? 0 : 1)
