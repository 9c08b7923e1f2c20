// node scripts/profile-tap.mjs --control TEXT [--page NAME] [--at S] [--profile mobile] [--save FILE]
// What runs inside one tap's interaction: the built app (as bench:interaction starts it), a fresh page of
// the profile, a tap on the control S seconds after navigation start (default 6: hydrated and idle), with
// CDP tracing and the JS sampling profiler on. Prints the interaction's Event Timing duration (INP), the
// main thread's tasks from the tap to the next paint with what they spent their time on, and the
// functions with the most self time in that window, and where the slowest input event's time went on its
// way to the screen (Chromium's EventLatency stages: the main thread's processing, the wait for a frame,
// the display compositor drawing it or skipping the draw). `--save` writes the trace (DevTools can open it).
import { writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { CONTROLS, discoverSite } from './bench-interaction/controls.mjs'
import { probeScript, REPORT_PREFIX } from './bench-interaction/probe.mjs'
import { emulate, PROFILES } from './bench-interaction/profiles.mjs'
import { loadAverage } from './bench-interaction/report.mjs'
import { startApp } from './bench-interaction/server.mjs'
import { chromiumLaunchOptions, LOCAL_ONLY_ARG } from './chromium.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  return at === -1 ? fallback : args[at + 1]
}
const profile = PROFILES[option('profile', 'mobile')]
const onlyPage = option('page', undefined)
const controlText = option('control', undefined)
const atMs = Number(option('at', '6')) * 1000
const savePath = option('save', undefined)
const control = CONTROLS.find(
  (entry) =>
    entry.devices.includes(profile.device) &&
    (!onlyPage || entry.page === onlyPage) &&
    (!controlText || entry.name.includes(controlText)),
)
if (!control) throw new Error('no such control')

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
const { base, stop } = await startApp()
const site = await discoverSite(base)
const browser = await chromium.launch(chromiumLaunchOptions([LOCAL_ONLY_ARG]))
try {
  console.log(`carga ${loadAverage()} · ${control.page} · ${control.name} · toque a los ${atMs / 1000} s`)
  const context = await browser.newContext(profile.context)
  await context.addInitScript(probeScript(control))
  const page = await context.newPage()
  let state = null
  let origin = null
  page.on('console', (message) => {
    const text = message.text()
    if (!text.startsWith(REPORT_PREFIX)) return
    const report = JSON.parse(text.slice(REPORT_PREFIX.length))
    if (!report.url.startsWith('http')) return
    origin ??= report.origin
    if (report.kind === 'state') state = report
  })
  await emulate(context, page, profile)
  const cdp = await context.newCDPSession(page)
  await page.goto(`${base}${control.path(site)}`, { waitUntil: 'commit' })
  while (origin === null) await sleep(25)
  await sleep(origin + atMs - Date.now())
  if (!state?.there) throw new Error('the control is not there')

  const events = []
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value))
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'disabled-by-default-devtools.timeline.stack',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
        'toplevel',
        'loading',
        // EventLatency and the display compositor's draws: the frame that showed the tap.
        'cc',
        'viz',
        'benchmark',
        'input',
      ],
    },
  })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await sleep(200)
  const [left, top, width, height] = state.box
  if (profile.touch) await page.touchscreen.tap(left + width / 2, top + height / 2)
  else await page.mouse.click(left + width / 2, top + height / 2)
  await sleep(3000)
  const { profile: cpu } = await cdp.send('Profiler.stop')
  await cdp.send('Tracing.end')
  await traced
  const entries = await page.evaluate(() => window.__benchEvents())
  if (savePath) writeFileSync(savePath, JSON.stringify({ traceEvents: events }))

  const inp = entries.length > 0 ? Math.max(...entries.map((entry) => entry.duration)) : 0
  console.log(
    'Event Timing:',
    entries.map((entry) => `${entry.name} ${Math.round(entry.duration)} ms`).join(', '),
  )

  // The tap's window on the trace clock: from the first input event's dispatch to that plus the INP.
  const main = events.find((event) => event.name === 'TracingStartedInBrowser')
  const dispatches = events.filter(
    (event) =>
      event.name === 'EventDispatch' && /pointerdown|touchstart|mousedown/.test(event.args?.data?.type),
  )
  if (dispatches.length === 0) throw new Error('no input dispatch in the trace')
  const pid = dispatches[0].pid
  const tid = dispatches[0].tid
  const from = dispatches[0].ts
  const to = from + Math.max(inp, 50) * 1000
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X')
  const tasks = onMain.filter(
    (event) => event.name === 'RunTask' && event.ts + event.dur > from - 20_000 && event.ts < to,
  )
  console.log(`\nTareas del hilo principal desde el toque (${Math.round(inp)} ms de INP):`)
  for (const task of tasks) {
    const inside = onMain.filter((event) => event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur)
    const byName = new Map()
    for (const event of inside) {
      if (event === task) continue
      const label =
        event.name === 'EventDispatch'
          ? `EventDispatch ${event.args?.data?.type}`
          : event.name === 'FunctionCall'
            ? `FunctionCall ${event.args?.data?.functionName || ''} ${(event.args?.data?.url ?? '').split('/').pop()}`
            : event.name
      byName.set(label, (byName.get(label) ?? 0) + event.dur)
    }
    const top = [...byName.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, dur]) => `${name} ${(dur / 1000).toFixed(1)}`)
    console.log(
      `  +${((task.ts - from) / 1000).toFixed(1)} ms, ${(task.dur / 1000).toFixed(1)} ms: ${top.join(' · ')}`,
    )
  }

  // Self time per function within the window, from the sampling profiler.
  const nodes = new Map(cpu.nodes.map((node) => [node.id, node]))
  const self = new Map()
  let time = cpu.startTime
  for (let i = 0; i < cpu.samples.length; i++) {
    time += cpu.timeDeltas[i]
    if (time < from || time > to) continue
    const node = nodes.get(cpu.samples[i])
    const frame = node.callFrame
    const key = `${frame.functionName || '(anónima)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
    self.set(key, (self.get(key) ?? 0) + cpu.timeDeltas[i])
  }
  console.log('\nTiempo propio por función en la ventana (ms):')
  for (const [key, us] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${(us / 1000).toFixed(1).padStart(7)}  ${key}`)
  printLatencyStages(events, from)
  if (main === undefined) console.log('(sin TracingStartedInBrowser)')
  await context.close()
} finally {
  await browser.close()
  stop()
}

/**
 * The slowest input event's EventLatency (the tap's way from the input to the frame that showed it),
 * stage by stage, and the display compositor's draws meanwhile: a frame the renderer sent but the
 * display skipped ("Draw skipped.") is time the guest sees nothing although the page's work is done.
 */
function printLatencyStages(events, from) {
  const idOf = (event) => event.id2?.local ?? event.id2?.global ?? event.id
  const starts = events.filter((event) => event.name === 'EventLatency' && event.ph === 'b')
  const ends = new Map(
    events
      .filter((event) => event.name === 'EventLatency' && event.ph === 'e')
      .map((event) => [idOf(event), event]),
  )
  const latencies = starts
    .map((start) => ({ start, end: ends.get(idOf(start)) }))
    .filter(({ start, end }) => end && end.ts > from - 100_000 && start.ts < from + 2_000_000)
  if (latencies.length === 0) {
    console.log('\n(sin EventLatency en la traza)')
    return
  }
  const slowest = latencies.reduce((a, b) => (b.end.ts - b.start.ts > a.end.ts - a.start.ts ? b : a))
  const id = idOf(slowest.start)
  const type = slowest.start.args?.event_latency?.event_type ?? '?'
  const ms = (us) => (us / 1000).toFixed(1)
  console.log(`\nEl evento más lento hasta la pantalla: ${type}, ${ms(slowest.end.ts - slowest.start.ts)} ms`)
  const stageEnds = events.filter((event) => event.ph === 'e' && idOf(event) === id)
  for (const stage of events.filter(
    (event) =>
      event.ph === 'b' && idOf(event) === id && event.cat === slowest.start.cat && event !== slowest.start,
  )) {
    const end = stageEnds.find((event) => event.name === stage.name && event.ts >= stage.ts)
    if (!end || end.ts - stage.ts < 1000) continue
    const at = stage.ts - from
    console.log(
      `  ${stage.name}: ${ms(end.ts - stage.ts)} ms (desde ${at < 0 ? '−' : '+'}${ms(Math.abs(at))} ms)`,
    )
  }
  const draws = events.filter(
    (event) =>
      ['Display::DrawAndSwap', 'Draw skipped.'].includes(event.name) &&
      event.ts >= slowest.start.ts &&
      event.ts <= slowest.end.ts,
  )
  const skipped = draws.filter((event) => event.name === 'Draw skipped.').length
  console.log(
    `  compositor de pantalla mientras tanto: ${draws.length - skipped} dibujos pedidos, ${skipped} omitidos ("Draw skipped.")`,
  )
}
