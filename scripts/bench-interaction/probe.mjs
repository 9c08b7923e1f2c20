// The script each measured page runs before its own (addInitScript). It watches one control and reports
// over the console, without waiting on Node: a report is one `console.debug` line of JSON. Each animation
// frame (at most every 30 ms) it reports, when anything changed, what is on screen: the first paint, whether
// React owns the page (`__reactContainer$` on #root), whether the control is there to tap (visible, in the
// viewport, enabled, not covered) and where, whether React has hydrated it (`__reactProps$` on its element),
// whether the control's job is done, and whether a tap is waiting for the app (the early script's mark). It also reports the tap itself (a capture `pointerdown` listener
// on window, which changes nothing for the page) and keeps the Event Timing entries for Node to read.
//
// Node cannot ask the page where the control is at the moment of the tap: page.evaluate waits for the main
// thread, so a tap during a long task would be put off until the task ends, which is the very case to
// measure. It taps where the page last reported the control, which is what the screen shows.

export const REPORT_PREFIX = '__bench_interaction__'

/** Helpers a control's `find` and `done` receive (they run in the page). */
function pageHelpers() {
  const visible = (element) => {
    if (!element) return false
    const rect = element.getBoundingClientRect()
    if (rect.width < 1 || rect.height < 1) return false
    if (rect.bottom <= 0 || rect.right <= 0 || rect.top >= innerHeight || rect.left >= innerWidth)
      return false
    const style = getComputedStyle(element)
    return style.visibility !== 'hidden' && style.display !== 'none'
  }
  const textOf = (element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim()
  return {
    visible,
    /** The first visible element matching `selector` whose text includes (or is, with `exact`) `text`. */
    byText(selector, text, { exact = false } = {}) {
      for (const element of document.querySelectorAll(selector)) {
        const own = textOf(element)
        if ((exact ? own === text : own.includes(text)) && visible(element)) return element
      }
      return null
    },
    /** A visible dialog whose accessible name starts with `name`. */
    dialogNamed(name) {
      // A native <dialog> (its role is implicit) or an element with role="dialog".
      for (const dialog of document.querySelectorAll('[role="dialog"], dialog[open]')) {
        const labelledBy = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')
        const label = dialog.getAttribute('aria-label') ?? (labelledBy ? textOf(labelledBy) : '')
        if (label.startsWith(name) && visible(dialog)) return dialog
      }
      return null
    },
    /** The element with this id is visible and says it is expanded. */
    isExpanded(id) {
      const element = document.getElementById(id)
      return element?.getAttribute('aria-expanded') === 'true' && visible(element)
    },
  }
}

/**
 * Runs in the page: `find(helpers)` returns the control's element, `done(helpers)` whether its job is done;
 * with `reveal`, the control is scrolled into view (until the tap) whenever it is out of it.
 */
function probe(find, done, reveal, prefix, helpers) {
  if (window.top !== window) return
  const doc = Math.random().toString(36).slice(2, 10)
  const send = (report) =>
    console.debug(
      prefix +
        JSON.stringify({
          doc,
          url: location.href,
          origin: performance.timeOrigin,
          now: performance.now(),
          ...report,
        }),
    )
  const hasKey = (element, start) => !!element && Object.keys(element).some((key) => key.startsWith(start))
  const isRootHydrated = () => hasKey(document.getElementById('root'), '__reactContainer$')
  const control = () => {
    try {
      return document.body ? find(helpers) : null
    } catch {
      return null
    }
  }
  const isHit = (element, rect) => {
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
    return !!hit && (hit === element || element.contains(hit))
  }

  let fcp = null
  let tapped = false
  let last = ''
  let lastTick = -1e9
  const tick = (time) => {
    requestAnimationFrame(tick)
    if (time - lastTick < 30) return
    lastTick = time
    const element = control()
    if (reveal && !tapped && element && !helpers.visible(element)) element.scrollIntoView({ block: 'center' })
    const rect = element?.getBoundingClientRect()
    const there = !!element && !element.disabled && helpers.visible(element) && isHit(element, rect)
    let isDone = false
    try {
      isDone = !!done(helpers)
    } catch {}
    const state = {
      fcp,
      root: isRootHydrated(),
      there,
      box: there ? [rect.left, rect.top, rect.width, rect.height].map(Math.round) : null,
      hydrated: there && hasKey(element, '__reactProps$'),
      done: isDone,
      // The document's early script marked a tapped button: the tap was taken, the app will answer it.
      pending: document.querySelector('[data-early-pending]') !== null,
      // The app shows what it is opening while that part's code arrives (a dialog's overlay with its
      // spinner, a popover's busy anchor).
      opening: document.querySelector('[data-opening]') !== null,
    }
    const key = JSON.stringify(state)
    if (key === last) return
    last = key
    send({ kind: 'state', ...state })
  }
  requestAnimationFrame(tick)

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'first-contentful-paint') continue
      fcp = entry.startTime
      send({ kind: 'fcp', fcp })
    }
  }).observe({ type: 'paint', buffered: true })

  const events = []
  const keep = (entries) => {
    for (const entry of entries) {
      if (entry.interactionId > 0)
        events.push({ name: entry.name, start: entry.startTime, duration: entry.duration })
    }
  }
  const eventObserver = new PerformanceObserver((list) => keep(list.getEntries()))
  eventObserver.observe({ type: 'event', durationThreshold: 16, buffered: true })
  window.__benchEvents = () => {
    keep(eventObserver.takeRecords())
    return events
  }

  addEventListener(
    'pointerdown',
    (event) => {
      tapped = true
      const element = control()
      send({
        kind: 'tap',
        at: event.timeStamp,
        hydrated: hasKey(element, '__reactProps$'),
        root: isRootHydrated(),
        onControl: !!element && element.contains(event.target),
      })
    },
    { capture: true, passive: true },
  )
}

/** The init script for one control. */
export function probeScript(control) {
  const args = [
    control.find,
    control.done,
    !!control.reveal,
    JSON.stringify(REPORT_PREFIX),
    `(${pageHelpers})()`,
  ]
  return `(${probe})(${args.join(', ')})`
}
