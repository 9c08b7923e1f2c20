import '../styles.css'
import { giveUpEarlyTaps } from './early-tap-handoff'

/**
 * The entry is this small module alone. A module script runs once the HTML is parsed: a server-rendered
 * page (it carries `#ssr-state`) hydrates from then on, without waiting for its photos or its load event.
 * A tap made before that was kept by the document's early script and is replayed once the page has
 * hydrated (app/early-taps.tsx); one made while React hydrates is replayed by React itself. The work is
 * split into tasks (libraries, app, then hydration in a transition that yields), so no task holds a tap
 * for long. A client-rendered page (index.html) starts the same way. No date formatter is built while a
 * page starts: today in Mexico City is arithmetic (calendarDateIn), not ICU's date data.
 */
/** The libraries, then the app, each evaluated in a task of its own (see framework.ts). */
async function start() {
  try {
    await import('./framework')
    await new Promise((resolve) => setTimeout(resolve, 0))
    await import('./start')
  } catch (error) {
    // The code did not load (a deploy replaced it, the link dropped): the page stays as the server
    // rendered it, and taps go back to the browser instead of waiting for an app that is not coming.
    giveUpEarlyTaps()
    throw error
  }
}

void start()
