// One tap on a fresh page: a new browser context (cold HTTP cache, no cookies or storage), the profile's
// emulation, the address, then a tap on the control `offsetMs` after the page's first paint. The result:
//   not-there  the control was not on screen (or disabled, or covered) at that moment: no tap;
//   lost       tapped, and nothing happened: the job was not done within 5 s of the tap reaching the
//              page, or 1 s after it when React did not own the page yet and nothing showed the tap
//              was taken (React never sees that tap; only a link or a form would still have answered,
//              with a navigation: one the browser started, its loading bar showing, may take the 5 s
//              to bring its page), or once the control had been hydrated for 1.5 s (React would have
//              answered by then);
//   html       the job was done by the HTML before the app ran: a new document (a plain link or form)
//              or the same one (a native popover, dialog or field);
//   replayed   the tap came before React owned the page; the document's early script marked the
//              button at once (`ackMs` after the tap) and the app did the job once it had hydrated;
//   hydrated   the job was done in the same document: the app's own behaviour. A job whose code was
//              still on its way may take longer than SURELY_LOST_MS if the app showed it had started
//              within ACK_LIMIT_MS (a dialog's overlay and spinner, `data-opening`).

import { probeScript, REPORT_PREFIX } from './probe.mjs'
import { emulate } from './profiles.mjs'

const PAINT_TIMEOUT_MS = 60_000
/** How long a tap may take to show its job once the page has received it. */
const ANSWER_LIMIT_MS = 5000
/** How long after React could have answered a tap it is counted lost. */
const SURELY_LOST_MS = 1500
/** How long a tap React never saw has to start a navigation (a plain link or form) or be marked. */
const NAVIGATION_LIMIT_MS = 1000
/** How long a tap the early script marked may wait for the app (the page's code on a slow phone). */
const KEPT_TAP_LIMIT_MS = 15_000
/** How soon a tap the app answered with a sign that it started (not yet the job) must show it. */
const ACK_LIMIT_MS = 100
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

/** Follows the probe's console reports of one page. */
function watchProbe(page) {
  const watch = {
    latest: null,
    fcp: null,
    firstDoc: null,
    tap: null,
    answer: null,
    firstThereAt: null,
    hydratedSince: null,
    pendingAt: null,
    openingAt: null,
    /** When the tap was sent, and when the browser asked for a new document after it (a link, a form). */
    tapSentAt: null,
    navigationAt: null,
  }
  page.on('request', (request) => {
    if (watch.tapSentAt === null || watch.navigationAt !== null) return
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) watch.navigationAt = Date.now()
  })
  page.on('console', (message) => {
    if (message.type() !== 'debug') return
    const text = message.text()
    if (!text.startsWith(REPORT_PREFIX)) return
    const report = { ...JSON.parse(text.slice(REPORT_PREFIX.length)), receivedAt: Date.now() }
    // The new page's first document, about:blank, runs the probe too.
    if (!report.url.startsWith('http')) return
    watch.firstDoc ??= report.doc
    if (report.kind === 'fcp' && report.doc === watch.firstDoc) watch.fcp = report
    if (report.kind === 'tap' && !watch.tap) watch.tap = report
    if (report.kind !== 'state') return
    if (report.doc === watch.firstDoc) {
      watch.latest = report
      if (watch.tap && report.pending && watch.pendingAt === null) watch.pendingAt = report.now
      if (watch.tap && report.opening && watch.openingAt === null) watch.openingAt = report.now
      if (report.there && watch.firstThereAt === null) watch.firstThereAt = report.now
      if (report.hydrated && watch.hydratedSince === null) watch.hydratedSince = report.receivedAt
    }
    // After the tap, the first report of a done job (or of another document) is the answer.
    if (watch.tap && !watch.answer && (report.done || report.doc !== watch.firstDoc)) watch.answer = report
  })
  return watch
}

/** Waits until `check()` is truthy, polling every 25 ms; resolves false after `timeoutMs`. */
async function waitUntil(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) return false
    await sleep(25)
  }
  return true
}

/** Waits for the answer to the tap, or for the moment it is surely lost. */
async function waitForAnswer(watch, sentAt) {
  for (;;) {
    if (watch.answer) return true
    const now = Date.now()
    const tap = watch.tap
    // A page too busy to receive the tap for 15 s is a lost tap too.
    if (!tap) {
      if (now - sentAt > 15_000) return false
    } else {
      const sinceTap = now - tap.receivedAt
      const kept = watch.pendingAt !== null
      // Started at once by the app, whose code for the job is still on its way: its mark came within
      // ACK_LIMIT_MS of the tap.
      const opening = watch.openingAt !== null && watch.openingAt - tap.at <= ACK_LIMIT_MS
      if (sinceTap > (kept || opening ? KEPT_TAP_LIMIT_MS : ANSWER_LIMIT_MS)) return false
      // The browser took the tap itself: it is bringing a new document (the old one may still hydrate
      // meanwhile, and does not answer it).
      const navigating =
        watch.navigationAt !== null && watch.navigationAt - tap.receivedAt <= NAVIGATION_LIMIT_MS
      if (sinceTap > NAVIGATION_LIMIT_MS && !tap.root && !kept && !navigating) return false
      const hydratedFor =
        watch.hydratedSince === null ? 0 : now - Math.max(watch.hydratedSince, tap.receivedAt)
      if (hydratedFor > SURELY_LOST_MS && !opening && !navigating) return false
    }
    await sleep(25)
  }
}

/** The slowest interaction the page's Event Timing API saw from the tap on; null when all were < 16 ms. */
async function inpOf(page, tapAt) {
  const read = page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => setTimeout(() => resolve(window.__benchEvents()), 50)),
      ),
  )
  const events = await Promise.race([read, sleep(5000).then(() => null)]).catch(() => null)
  if (!events) return null
  const durations = events.filter((event) => event.start >= tapAt - 1).map((event) => event.duration)
  return durations.length > 0 ? Math.max(...durations) : null
}

/**
 * Opens `url` on a fresh page of `profile`, taps `control` `offsetMs` after the first paint, and says
 * what happened. Returns null when that moment is later than `maxMs` after navigation start.
 */
export async function measureTap(browser, { profile, control, url, offsetMs, maxMs }) {
  const context = await browser.newContext(profile.context)
  try {
    await context.addInitScript(probeScript(control))
    const page = await context.newPage()
    const outside = []
    page.on('request', (request) => {
      if (!new URL(request.url()).hostname.startsWith('127.0.0.1')) outside.push(request.url())
    })
    const watch = watchProbe(page)
    await emulate(context, page, profile)
    await page.goto(url, { waitUntil: 'commit', timeout: PAINT_TIMEOUT_MS })
    if (!(await waitUntil(() => watch.fcp, PAINT_TIMEOUT_MS))) throw new Error('no first paint in 60 s')
    const { fcp, origin } = watch.fcp
    const tapTime = fcp + offsetMs
    if (tapTime > maxMs) return null
    await sleep(origin + tapTime - Date.now())
    const base = { fcp, plannedAt: tapTime, outside }
    const state = watch.latest
    if (!state?.there) return { ...base, kind: 'not-there', firstThereAt: null }

    const [left, top, width, height] = state.box
    const x = left + width / 2
    const y = top + height / 2
    const sentAt = Date.now()
    watch.tapSentAt = sentAt
    if (profile.touch) await page.touchscreen.tap(x, y)
    else await page.mouse.click(x, y)
    const answered = await waitForAnswer(watch, sentAt)
    const tap = watch.tap
    const result = {
      ...base,
      // Laid out before the first paint is on screen at the first paint.
      firstThereAt: Math.max(watch.firstThereAt ?? fcp, fcp),
      tapAt: tap?.at ?? null,
      hydratedAtTap: tap?.hydrated ?? false,
      rootAtTap: tap?.root ?? false,
      onControl: tap?.onControl ?? false,
    }
    if (!answered) return { ...result, kind: 'lost', inp: tap ? await inpOf(page, tap.at) : null }
    const { answer } = watch
    if (answer.doc !== watch.firstDoc) {
      // A new document: its clock starts at its own navigation.
      const latency = answer.origin + answer.now - (origin + (tap?.at ?? tapTime))
      return { ...result, kind: 'html', latency, inp: null }
    }
    const latency = answer.now - tap.at
    const inp = await inpOf(page, tap.at)
    // Marked and kept, by the early script before React owned the page, or by island-taps.ts after it
    // when the control's island had not committed its hydration yet (its element may already carry
    // React's props then: the tap is kept all the same).
    if (watch.pendingAt !== null) {
      return { ...result, kind: 'replayed', latency, ackMs: watch.pendingAt - tap.at, inp }
    }
    // Before React owned the page and without the early script: the HTML itself did the job (a native
    // popover, dialog or field).
    if (!tap.root) return { ...result, kind: 'html', latency, inp }
    return { ...result, kind: 'hydrated', latency, inp }
  } finally {
    await context.close().catch(() => {})
  }
}
