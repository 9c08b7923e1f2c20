import '../styles.css'
import { SSR_STATE_ID } from '../ssr/state-id'

/**
 * The entry is this small module alone. A server-rendered page (it carries `#ssr-state`) is already
 * readable: its code is fetched once the page has loaded and shown its first paint, so the module graph
 * never competes with the first view's photo, font and layout (the LCP; measured with
 * bench:lighthouse). Until then links are plain links. A client-rendered page (index.html) starts at once.
 */
/** The libraries, then the app, each evaluated in a task of its own (see framework.ts). */
async function start() {
  await import('./framework')
  await new Promise((resolve) => setTimeout(resolve, 0))
  await import('./start')
}

/**
 * Loads the time-zone data "today in Mexico City" needs (calendar-date.ts) in a task of its own: the
 * first formatter with a time zone costs ~10 ms; later ones reuse the data. Otherwise the booking
 * widget's first client render paid for it inside hydration, in one long task.
 */
function warmUpTimeZone() {
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric' }).format(0)
}

/** The longest a server page waits for its load event before it starts its code anyway. */
const LOAD_LIMIT_MS = 5000

/** Calls `callback` once the browser has painted the page (or after `limitMs`: a hidden tab never paints). */
function afterFirstPaint(callback: () => void, limitMs = 3000) {
  let called = false
  let observer: PerformanceObserver | undefined
  const run = () => {
    if (called) return
    called = true
    observer?.disconnect()
    setTimeout(callback, 0)
  }
  setTimeout(run, limitMs)
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) run()
    })
    observer.observe({ type: 'paint', buffered: true })
  } catch {
    // No paint timing in this browser: the load event is the best sign left.
    run()
  }
}

if (document.getElementById(SSR_STATE_ID) === null) {
  void start()
} else {
  const startAfterWarmUp = () => {
    warmUpTimeZone()
    setTimeout(start, 0)
  }
  if (document.readyState === 'complete') afterFirstPaint(startAfterWarmUp)
  else {
    // A photo that never finishes loading must not keep the page inert: the load event or 5 s.
    let waiting = true
    const loaded = () => {
      if (!waiting) return
      waiting = false
      afterFirstPaint(startAfterWarmUp)
    }
    window.addEventListener('load', loaded, { once: true })
    setTimeout(loaded, LOAD_LIMIT_MS)
  }
}
