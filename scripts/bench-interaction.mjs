// npm run bench:interaction — do the public pages answer a tap while they load? For each main control
// of /, /results, /cabin/{id} and /destinos/{slug}, a fresh page (cold cache) per tap: tapped 0.25 s,
// 0.5 s, … after its first paint until 10 s after navigation start, it either did its job (the dialog
// opened, the address changed, the panel showed) or the tap was lost. Per control: the taps lost (target
// 0), when the app's own (hydrated) behaviour first answered for good (target ≤ 3.0 s on the mobile
// profile), and the slowest interaction by the Event Timing API (target INP ≤ 200 ms). Exits 1 when a
// target is missed. See scripts/bench-interaction/ for how each part is measured.
//
//   --profile mobile|unthrottled|desktop|all   (all; --fast: unthrottled)
//   --runs N          runs per control; medians of the times, sums of the taps (3; --fast: 1)
//   --page NAME       inicio, resultados, cabaña or destino;  --control TEXT  controls whose name has TEXT
//   --max-seconds S   the last tap, after navigation start (10)
//   --step S          between taps (0.25)
//   --all-points      no early stop (by default a control stops after 4 answers in a row by the app)
//   --fast            CI: taps at 0.25, 1, 2 and 4 s after the first paint; fails on lost taps only
//   --taps            also prints every tap: when, what answered it, its INP and a kept tap's mark
//
// Chromium through playwright-core (Debian's, scripts/chromium.mjs), offline: every host but 127.0.0.1 is
// unresolvable. Figures depend on the machine: each table prints the load average it ran under.
import { chromium } from 'playwright-core'
import { CONTROLS, discoverSite } from './bench-interaction/controls.mjs'
import { PROFILES } from './bench-interaction/profiles.mjs'
import { loadAverage, missesOf, printTable, summarise } from './bench-interaction/report.mjs'
import { startApp } from './bench-interaction/server.mjs'
import { measureTap } from './bench-interaction/tap.mjs'
import { chromiumLaunchOptions, LOCAL_ONLY_ARG } from './chromium.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  return at === -1 ? fallback : args[at + 1]
}
const fast = args.includes('--fast')
const allPoints = args.includes('--all-points')
const listTaps = args.includes('--taps')
const profileName = option('profile', fast ? 'unthrottled' : 'all')
const runs = Number(option('runs', fast ? '1' : '3'))
const onlyPage = option('page', undefined)
const onlyControl = option('control', undefined)
const maxMs = Number(option('max-seconds', '10')) * 1000
const stepMs = Number(option('step', '0.25')) * 1000
/** Answers by the app in a row after which later taps of the schedule are skipped. */
const STABLE_ANSWERS = 4
const FAST_OFFSETS_MS = [250, 1000, 2000, 4000]

const profiles = profileName === 'all' ? Object.keys(PROFILES) : [profileName]
for (const name of profiles) if (!PROFILES[name]) throw new Error(`unknown profile ${name}`)

/** The offsets after first paint to tap at: --fast's four, or every step until --max-seconds. */
function offsets() {
  if (fast) return FAST_OFFSETS_MS
  const list = []
  for (let offset = stepMs; offset <= maxMs; offset += stepMs) list.push(offset)
  return list
}

const symbol = { 'not-there': '-', lost: 'x', html: 'h', replayed: 'r', hydrated: '.', error: 'e' }

/** One run of one control: a fresh page per point of the schedule. */
async function runControl(browser, profile, control, url) {
  const results = []
  let answeredInARow = 0
  for (const offsetMs of offsets()) {
    let result
    try {
      result = await measureTap(browser, { profile, control, url, offsetMs, maxMs })
    } catch (error) {
      result = { kind: 'error', message: error.message, plannedAt: offsetMs }
    }
    if (result === null) break
    results.push(result)
    process.stderr.write(symbol[result.kind])
    answeredInARow = result.kind === 'hydrated' ? answeredInARow + 1 : 0
    if (!allPoints && !fast && answeredInARow >= STABLE_ANSWERS) break
  }
  return results
}

const started = Date.now()
console.log(`Carga del sistema (1, 5, 15 min) al empezar: ${loadAverage()}`)
process.stderr.write(
  "Un signo por toque: '.' respondió la app, 'h' respondió el HTML, 'r' guardado y respondido al hidratar, 'x' perdido, '-' no estaba, 'e' error\n",
)
const { base, stop } = await startApp()
const site = await discoverSite(base)
// No network but this machine: any other host fails to resolve.
const browser = await chromium.launch(chromiumLaunchOptions([LOCAL_ONLY_ARG]))
let missed = false
try {
  for (const name of profiles) {
    const profile = PROFILES[name]
    const loadAtStart = loadAverage()
    const controls = CONTROLS.filter(
      (control) =>
        control.devices.includes(profile.device) &&
        (!onlyPage || control.page === onlyPage) &&
        (!onlyControl || control.name.includes(onlyControl)),
    )
    const rows = []
    for (const control of controls) {
      const url = `${base}${control.path(site)}`
      const perRun = []
      for (let run = 1; run <= runs; run++) {
        process.stderr.write(`${name} · ${control.page} · ${control.name} ${run}/${runs} `)
        perRun.push(await runControl(browser, profile, control, url))
        process.stderr.write(` (carga ${loadAverage()})\n`)
      }
      if (listTaps) {
        for (const [run, results] of perRun.entries()) {
          const taps = results
            .filter((result) => result.kind !== 'not-there')
            .map((result) => {
              const at = ((result.tapAt ?? result.plannedAt) / 1000).toFixed(2)
              const inp = result.inp == null ? '–' : Math.round(result.inp)
              const mark = result.ackMs == null ? '' : ` (marca ${Math.round(result.ackMs)})`
              return `${at} s ${symbol[result.kind]} ${inp}${mark}`
            })
          console.log(`  ${control.page} · ${control.name} · corrida ${run + 1}: ${taps.join(', ')}`)
        }
      }
      const row = summarise(control, perRun)
      rows.push({ ...row, misses: missesOf(row, profile, { fast }) })
    }
    printTable(profile, rows, { runs, loadAtStart })
    for (const row of rows) {
      if (row.misses.length === 0) continue
      missed = true
      console.log(`✗ ${name} · ${row.page} · ${row.control}: ${row.misses.join('; ')}`)
    }
  }
} finally {
  await browser.close()
  // The app is a child process: stop it, or Node waits for it for ever.
  stop()
}
console.log(
  `\n${missed ? 'Algún objetivo no se cumple.' : 'Todos los controles cumplen.'} ` +
    `(${((Date.now() - started) / 1000).toFixed(0)} s; carga al terminar: ${loadAverage()})`,
)
process.exit(missed ? 1 : 0)
