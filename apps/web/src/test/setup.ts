import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { restoreFetch } from './fetch-mock'
import { server } from './msw-server'

// The files of a worker share one document (vitest.config.ts: no isolation). Each file starts from a
// blank one: same <body> element (Testing Library's `screen` holds it), no children, no attributes,
// an empty <head>, the address at / (the app keeps no cookies). Between tests, afterEach below cleans up as well.
function blankDocument() {
  for (const element of [document.documentElement, document.body]) {
    for (const { name } of [...element.attributes]) element.removeAttribute(name)
  }
  document.head.replaceChildren()
  document.body.replaceChildren()
  document.title = ''
  window.history.replaceState(null, '', '/')
}
blankDocument()

// Every request is answered by a test's MSW handler (msw-server.ts); one nobody answers fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

// Lazily loaded routes can take seconds to import in the first test of a file when the suite
// shares two cores with the API tests (a findBy* timed out at the default 1 s in CI, and at 3 s
// at load average 11–18). A findBy* only waits this long when something is wrong or slow.
configure({ asyncUtilTimeout: 15_000 })

// jsdom lacks these browser APIs; carousels, maps and media queries expect them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

class IntersectionObserverStub {
  readonly root = null
  readonly rootMargin = '0px'
  readonly thresholds: readonly number[] = []
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords(): IntersectionObserverEntry[] {
    return []
  }
}

function matchMediaStub(query: string): MediaQueryList {
  return {
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }
}

// Defined once and kept for every test (unlike `vi.stubGlobal`, which `unstubGlobals` resets).
for (const [name, value] of Object.entries({
  ResizeObserver: ResizeObserverStub,
  IntersectionObserver: IntersectionObserverStub,
  matchMedia: matchMediaStub,
  scrollTo: () => {},
})) {
  for (const target of new Set<object>([globalThis, window])) {
    Object.defineProperty(target, name, { writable: true, configurable: true, value })
  }
}

// jsdom has <dialog> (hidden while closed) but not its methods: enough of them for a modal dialog.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}

afterEach(() => {
  cleanup()
  restoreFetch()
  server.resetHandlers()
  vi.unstubAllGlobals()
  // Spies on prototypes (a canvas, an anchor's click) would outlive the file otherwise.
  vi.restoreAllMocks()
  vi.useRealTimers()
  sessionStorage.clear()
  localStorage.clear()
})

// Dialogs and popovers load their Radix frame when they first open or the browser is idle
// (components/ui/dialog.tsx, popover.tsx). Here the modules are imported once up front, as a page has
// them after its first idle moment: opening one still renders a beat later (React.lazy), which a test
// awaits with findBy* or by advancing its fake timers.
await Promise.all([import('../components/ui/dialog-frame'), import('../components/ui/popover-frame')])
