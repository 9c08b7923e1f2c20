import { EARLY_TAPS_SCRIPT } from '@cabanas/contracts/early-taps'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { takeEarlyTap } from './early-tap-handoff'

/** Clicks `element` as a tap does; true when nothing prevented its default action. */
const tap = (element: Element) =>
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))

const isMarked = (element: Element) =>
  element.hasAttribute('data-early-pending') && element.getAttribute('aria-busy') === 'true'

const byId = (id: string) => document.getElementById(id) as HTMLElement

/** Runs the document's inline script, as the browser does before the first paint. */
function runEarlyScript({ nativePopover }: { nativePopover: boolean }) {
  if (nativePopover)
    Object.defineProperty(HTMLElement.prototype, 'popover', { value: null, configurable: true })
  try {
    new Function(EARLY_TAPS_SCRIPT)()
  } finally {
    if (nativePopover) Reflect.deleteProperty(HTMLElement.prototype, 'popover')
  }
}

let cleanUp: (() => void) | undefined

beforeEach(() => {
  document.body.innerHTML = `
    <button id="filters" type="button">Filtros</button>
    <div role="button" id="card">Tarjeta <a id="inner-link" href="/cabin/2">Ver</a></div>
    <button id="map" type="button"><span id="map-label">Mostrar mapa</span></button>
    <button id="busy" type="button" aria-busy="false">Reservar</button>
    <button id="off" type="button" disabled>Reservar</button>
    <button id="share" type="button" data-needs-gesture>Compartir</button>
    <a id="link" href="/cabin/1/fotos">Mostrar todas las fotos</a>
    <button id="native" type="button" popovertarget="sheet">¿A dónde vas?</button>
    <form id="form" action="/results"><input id="field" name="location" /><button id="submit">Buscar</button></form>`
  // Links and forms must not leave the test's document: the page's own handlers stop them, after the
  // script's capture listener has run.
  const stop = (event: Event) => event.preventDefault()
  document.addEventListener('click', stop)
  document.addEventListener('submit', stop)
  cleanUp = () => {
    document.removeEventListener('click', stop)
    document.removeEventListener('submit', stop)
  }
})

afterEach(() => {
  takeEarlyTap()
  cleanUp?.()
})

describe('the early taps script', () => {
  beforeEach(() => runEarlyScript({ nativePopover: true }))

  it('keeps a tap on a button before the app runs, marks the button at once, and keeps its label', () => {
    expect(tap(byId('filters'))).toBe(false)
    expect(isMarked(byId('filters'))).toBe(true)
    expect(takeEarlyTap()).toMatchObject({ button: byId('filters'), label: '||Filtros', setBusy: true })
  })

  it('keeps the button when the tap lands on its text, and role="button" elements too', () => {
    expect(tap(byId('map-label'))).toBe(false)
    expect(isMarked(byId('map'))).toBe(true)
    expect(tap(byId('card'))).toBe(false)
    expect(takeEarlyTap()?.button).toBe(byId('card'))
  })

  it('keeps only the latest tap: the earlier button loses its mark', () => {
    tap(byId('filters'))
    tap(byId('map'))
    expect(isMarked(byId('filters'))).toBe(false)
    expect(isMarked(byId('map'))).toBe(true)
    expect(takeEarlyTap()?.button).toBe(byId('map'))
  })

  it("keeps a button's own word for what it means instead of its label, where it has one", () => {
    byId('map').setAttribute('data-tap-meaning', 'Mapa')
    tap(byId('map'))
    expect(takeEarlyTap()).toMatchObject({ button: byId('map'), label: 'Mapa' })
  })

  it("leaves a button's own aria-busy as it was", () => {
    tap(byId('busy'))
    expect(byId('busy')).toHaveAttribute('data-early-pending')
    expect(byId('busy')).toHaveAttribute('aria-busy', 'false')
    expect(takeEarlyTap()).toMatchObject({ button: byId('busy'), setBusy: false })
  })

  it('leaves links (also inside a button), submits, native popovers, gesture-bound and disabled buttons to the browser', () => {
    for (const id of ['link', 'inner-link', 'submit', 'native', 'share', 'off']) {
      const element = byId(id)
      let reachedUnprevented = false
      const check = (event: Event) => {
        reachedUnprevented = !event.defaultPrevented
      }
      element.addEventListener('click', check)
      tap(element)
      element.removeEventListener('click', check)
      expect([id, reachedUnprevented || element.hasAttribute('disabled')]).toEqual([id, true])
      expect(isMarked(element)).toBe(false)
    }
    expect(takeEarlyTap()).toBeUndefined()
  })

  it('drops the kept tap when the person goes on: a link, a field, a form sent', () => {
    for (const next of [
      () => tap(byId('link')),
      () => byId('field').dispatchEvent(new FocusEvent('focusin', { bubbles: true })),
      () => byId('form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })),
    ]) {
      tap(byId('filters'))
      next()
      expect(isMarked(byId('filters'))).toBe(false)
    }
    expect(takeEarlyTap()).toBeUndefined()
  })

  it('lets every tap through once the app has taken over', () => {
    tap(byId('filters'))
    expect(takeEarlyTap()?.button).toBe(byId('filters'))
    let reached = false
    byId('map').addEventListener('click', () => {
      reached = true
    })
    tap(byId('map'))
    expect(reached).toBe(true)
    expect(isMarked(byId('map'))).toBe(false)
    expect(takeEarlyTap()).toBeUndefined()
  })
})

describe('the early taps script in a browser without native popovers', () => {
  beforeEach(() => runEarlyScript({ nativePopover: false }))

  it('keeps a tap on a popover button: the browser would do nothing with it, the app will', () => {
    expect(tap(byId('native'))).toBe(false)
    expect(isMarked(byId('native'))).toBe(true)
    expect(takeEarlyTap()?.button).toBe(byId('native'))
  })
})
