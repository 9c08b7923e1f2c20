// node scripts/settled-taps.mjs [N] [AT_MS] [CONTROL…] — the INP of a tap on a page that has settled: N fresh pages
// (mobile profile: 4x CPU, slow 4G) per control of the four whose INP missed issue 20's target, each
// tapped AT_MS after navigation start (9000: hydrated and idle), printing every tap's INP (an 'x' when
// the job was not done in 8 s), their minimum and median. CONTROL: other controls' names, exactly as
// bench:interaction prints them. bench:interaction's 'INP máx' is the slowest
// tap of a whole schedule, most often one during hydration; this isolates what the tap itself costs,
// and its minimum holds up better on a loaded machine.
import { chromium } from 'playwright-core'
import { CONTROLS, discoverSite } from './bench-interaction/controls.mjs'
import { probeScript, REPORT_PREFIX } from './bench-interaction/probe.mjs'
import { emulate, PROFILES } from './bench-interaction/profiles.mjs'
import { loadAverage } from './bench-interaction/report.mjs'
import { startApp } from './bench-interaction/server.mjs'
import { chromiumLaunchOptions, LOCAL_ONLY_ARG } from './chromium.mjs'

const N = Number(process.argv[2] ?? 5)
const AT = Number(process.argv[3] ?? 9000)
const profile = PROFILES.mobile
const DEFAULT_NAMES = ['Filtros', 'Mostrar mapa', 'Mostrar todas las fotos', "Fechas ('Agregar fechas')"]
const names = process.argv.length > 4 ? process.argv.slice(4) : DEFAULT_NAMES
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)))
const { base, stop } = await startApp()
const site = await discoverSite(base)
const browser = await chromium.launch(chromiumLaunchOptions([LOCAL_ONLY_ARG]))
try {
  for (const name of names) {
    const control = CONTROLS.find((c) => c.name === name && c.devices.includes('phone'))
    const inps = []
    const loadStart = loadAverage()
    for (let i = 0; i < N; i++) {
      const context = await browser.newContext(profile.context)
      await context.addInitScript(probeScript(control))
      const page = await context.newPage()
      let state = null,
        origin = null,
        done = false,
        tapAt = null
      page.on('console', (m) => {
        const t = m.text()
        if (!t.startsWith(REPORT_PREFIX)) return
        const r = JSON.parse(t.slice(REPORT_PREFIX.length))
        if (!r.url.startsWith('http')) return
        origin ??= r.origin
        if (r.kind === 'state') {
          state = r
          if (tapAt !== null && r.done) done = true
        }
        if (r.kind === 'tap') tapAt = r.at
      })
      await emulate(context, page, profile)
      await page.goto(base + control.path(site), { waitUntil: 'commit' })
      while (origin === null) await sleep(25)
      await sleep(origin + AT - Date.now())
      if (!state?.there) {
        inps.push('-')
        await context.close()
        continue
      }
      const [l, t, w, h] = state.box
      await page.touchscreen.tap(l + w / 2, t + h / 2)
      const until = Date.now() + 8000
      while (!done && Date.now() < until) await sleep(25)
      await sleep(300)
      const events = await page.evaluate(() => window.__benchEvents())
      const inp = events.filter((e) => e.start >= tapAt - 1).reduce((m, e) => Math.max(m, e.duration), 0)
      inps.push(done ? Math.round(inp) : `x${Math.round(inp)}`)
      await context.close()
    }
    const nums = inps.filter((v) => typeof v === 'number').sort((a, b) => a - b)
    console.log(
      `${name}: ${inps.join(' ')} | min ${nums[0]} mediana ${nums[Math.floor(nums.length / 2)]} | carga ${loadStart} → ${loadAverage()}`,
    )
  }
} finally {
  await browser.close()
  stop()
}
