// node scripts/profile-startup.mjs [--page home|results|cabin|cabinWithStay|destination] [--loads N] [--runtime]
// A public page's start-up on the phone profile with no DevTools client looking at its JavaScript: the built
// app (as bench:interaction starts it), Debian Chromium (headless, no GPU, the flags of scripts/chromium.mjs)
// driven over a raw DevTools pipe that sets the emulation (Lighthouse's mobile profile: 4× CPU, slow 4G,
// 375×812), enables the Network domain (for its throttling) and the Page domain (for one script run before
// the page's own), and never enables the Runtime domain. Playwright and Lighthouse always enable it, and
// with it V8 keeps a detailed stack for every Error the page creates: React DOM creates five while its module
// is evaluated, so there the framework's evaluation also reparses its largest functions for their source
// positions (V8.CollectSourcePositions in a trace). `--runtime` enables it, to compare. For each load it
// prints the long tasks of the first 6 s (start + duration, ms), then the long animation frames with the
// scripts in them of 5 ms or more (duration, file, how the script was invoked), read after the 6 s with
// Runtime.evaluate.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { discoverSite } from './bench-interaction/controls.mjs'
import { PROFILES } from './bench-interaction/profiles.mjs'
import { loadAverage } from './bench-interaction/report.mjs'
import { startApp } from './bench-interaction/server.mjs'
import { CHROMIUM, CHROMIUM_ARGS, LOCAL_ONLY_ARG } from './chromium.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  return at === -1 ? fallback : args[at + 1]
}
const pageName = option('page', 'home')
const loads = Number(option('loads', '3'))
const withRuntime = args.includes('--runtime')
const profile = PROFILES.mobile
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs in the page: its long tasks and long animation frames, kept in `window.__startup`. */
const PAGE_SCRIPT = `(() => {
  const startup = { tasks: [], frames: [] }
  window.__startup = startup
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) startup.tasks.push(Math.round(task.startTime) + '+' + Math.round(task.duration))
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) {
      const scripts = (frame.scripts ?? []).filter((script) => script.duration >= 5).map((script) =>
        Math.round(script.duration) + ' ' + (script.sourceURL || '').split('/').pop() + ' ' + script.invokerType)
      startup.frames.push(Math.round(frame.startTime) + '+' + Math.round(frame.duration) + (scripts.length ? ' [' + scripts.join(', ') + ']' : ''))
    }
  }).observe({ type: 'long-animation-frame', buffered: true })
})()`

/**
 * A DevTools protocol client over Chromium's pipe (fd 3 in, fd 4 out, one JSON message per NUL). A call
 * fails after 30 s, or at once if Chromium has exited.
 */
function pipeClient(child) {
  const toBrowser = child.stdio[3]
  const fromBrowser = child.stdio[4]
  fromBrowser.setEncoding('utf8')
  const waiting = new Map()
  let exited = false
  child.once('exit', () => {
    exited = true
    for (const [, settle] of waiting) settle({ error: { message: 'Chromium exited' } })
    waiting.clear()
  })
  let lastId = 0
  let buffer = ''
  fromBrowser.on('data', (chunk) => {
    buffer += chunk
    for (let end = buffer.indexOf('\0'); end >= 0; end = buffer.indexOf('\0')) {
      const message = JSON.parse(buffer.slice(0, end))
      buffer = buffer.slice(end + 1)
      const settle = waiting.get(message.id)
      if (!settle) continue
      waiting.delete(message.id)
      settle(message)
    }
  })
  return async (method, params = {}, sessionId = undefined) => {
    if (exited) throw new Error(`${method}: Chromium exited`)
    const id = ++lastId
    const answer = new Promise((resolve) => {
      waiting.set(id, resolve)
      setTimeout(() => {
        if (waiting.delete(id)) resolve({ error: { message: 'no answer in 30 s' } })
      }, 30_000).unref()
    })
    toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`)
    const message = await answer
    if (message.error) throw new Error(`${method}: ${message.error.message}`)
    return message.result
  }
}

const { base, stop } = await startApp()
const site = await discoverSite(base)
const path = site[pageName]
if (!path) throw new Error(`unknown page ${pageName}`)
const profileDir = mkdtempSync(join(tmpdir(), 'profile-startup-'))
const child = spawn(
  CHROMIUM,
  [
    ...CHROMIUM_ARGS,
    LOCAL_ONLY_ARG,
    '--remote-debugging-pipe',
    `--user-data-dir=${profileDir}`,
    'about:blank',
  ],
  { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
)
const send = pipeClient(child)
console.log(`${profile.label}; ${pageName} (${path}); ${withRuntime ? 'con' : 'sin'} el dominio Runtime`)
try {
  for (let load = 1; load <= loads; load++) {
    const { browserContextId } = await send('Target.createBrowserContext')
    const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId })
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true })
    const { width, height } = profile.context.viewport
    const { deviceScaleFactor } = profile.context
    await send(
      'Emulation.setDeviceMetricsOverride',
      { width, height, deviceScaleFactor, mobile: true },
      sessionId,
    )
    await send('Emulation.setTouchEmulationEnabled', { enabled: true }, sessionId)
    await send('Emulation.setCPUThrottlingRate', { rate: profile.throttle.cpu }, sessionId)
    await send('Network.enable', {}, sessionId)
    await send('Network.emulateNetworkConditions', profile.throttle.network, sessionId)
    await send('Page.enable', {}, sessionId)
    await send('Page.addScriptToEvaluateOnNewDocument', { source: PAGE_SCRIPT }, sessionId)
    if (withRuntime) await send('Runtime.enable', {}, sessionId)
    await send('Page.navigate', { url: `${base}${path}` }, sessionId)
    await sleep(6000)
    const { result } = await send(
      'Runtime.evaluate',
      { expression: 'window.__startup', returnByValue: true },
      sessionId,
    )
    const startup = result.value ?? { tasks: ['(sin datos de la página)'], frames: [] }
    console.log(`carga ${load} (carga del sistema ${loadAverage()}):`)
    console.log(`  tareas largas: ${startup.tasks.join(', ') || 'ninguna'}`)
    console.log(`  cuadros largos:\n    ${startup.frames.join('\n    ')}`)
    await send('Target.disposeBrowserContext', { browserContextId })
  }
} finally {
  const exited = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()))
  await send('Browser.close').catch(() => child.kill())
  await exited
  stop()
  rmSync(profileDir, { recursive: true, force: true })
}
