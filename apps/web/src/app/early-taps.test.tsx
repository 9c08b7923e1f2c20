import { EARLY_TAPS_SCRIPT } from '@cabanas/domain/pages'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { takeEarlyTap } from './early-taps'

/** Clicks `element` as a tap does; true when nothing prevented its default action. */
const tap = (element: Element) =>
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))

const isMarked = (element: Element) =>
  element.hasAttribute('data-early-pending') && element.getAttribute('aria-busy') === 'true'

let unsubscribe: (() => void) | undefined

beforeEach(() => {
  document.body.innerHTML = `
    <button id="filters" type="button">Filtros</button>
    <div role="button" id="card">Tarjeta</div>
    <button id="map" type="button"><span id="map-label">Mostrar mapa</span></button>
    <button id="off" type="button" disabled>Reservar</button>
    <a id="link" href="/cabin/1/fotos">Mostrar todas las fotos</a>
    <button id="native" type="button" popovertarget="sheet">¿A dónde vas?</button>
    <form id="form" action="/results"><input name="location" /><button id="submit">Buscar</button></form>`
  // A real form submission would leave the test's document: the page's own handler stops it.
  const form = document.getElementById('form') as HTMLFormElement
  const stop = (event: Event) => event.preventDefault()
  form.addEventListener('submit', stop)
  unsubscribe = () => form.removeEventListener('submit', stop)
  // The document's inline script, as the browser runs it before the first paint.
  new Function(EARLY_TAPS_SCRIPT)()
})

afterEach(() => {
  takeEarlyTap()
  unsubscribe?.()
})

const byId = (id: string) => document.getElementById(id) as HTMLElement

describe('the early taps script', () => {
  it('keeps a tap on a button before the app runs, and marks the button at once', () => {
    expect(tap(byId('filters'))).toBe(false)
    expect(isMarked(byId('filters'))).toBe(true)
    expect(takeEarlyTap()).toBe(byId('filters'))
  })

  it('keeps the button when the tap lands on its text, and role="button" elements too', () => {
    expect(tap(byId('map-label'))).toBe(false)
    expect(isMarked(byId('map'))).toBe(true)
    expect(tap(byId('card'))).toBe(false)
    expect(takeEarlyTap()).toBe(byId('card'))
  })

  it('keeps only the latest tap: the earlier button loses its mark', () => {
    tap(byId('filters'))
    tap(byId('map'))
    expect(isMarked(byId('filters'))).toBe(false)
    expect(isMarked(byId('map'))).toBe(true)
    expect(takeEarlyTap()).toBe(byId('map'))
  })

  it('leaves links, form submits, native popover buttons and disabled buttons to the browser', () => {
    const link = byId('link')
    let linkPrevented: boolean | undefined
    // Checked after the script's capture listener, before jsdom would navigate.
    link.addEventListener('click', (event) => {
      linkPrevented = event.defaultPrevented
      event.preventDefault()
    })
    tap(link)
    expect(linkPrevented).toBe(false)
    let submitted = false
    byId('form').addEventListener('submit', () => {
      submitted = true
    })
    tap(byId('submit'))
    expect(submitted).toBe(true)
    tap(byId('off'))
    expect(isMarked(byId('off'))).toBe(false)
    expect(tap(byId('native'))).toBe(true)
    expect(isMarked(byId('native'))).toBe(false)
    expect(takeEarlyTap()).toBeUndefined()
  })

  it('lets every tap through once the app has taken over', () => {
    tap(byId('filters'))
    expect(takeEarlyTap()).toBe(byId('filters'))
    let reached = false
    byId('map').addEventListener('click', () => {
      reached = true
    })
    expect(tap(byId('map'))).toBe(true)
    expect(reached).toBe(true)
    expect(isMarked(byId('map'))).toBe(false)
    expect(takeEarlyTap()).toBeUndefined()
  })
})
