import { act } from '@testing-library/react'
import { startTransition, useEffect, useState } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HydrationIsland } from '../components/ui/hydration-island'
import { holdTapsUntilHydrated } from './island-taps'

const eventually = <T,>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5_000 })

/** A tap as the browser sends it: pointerdown, pointerup, then click (true: its default not prevented). */
function tap(element: Element): boolean {
  element.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true }))
  element.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, cancelable: true }))
  return element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
}

const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))

type Handlers = { onMap: () => void; onFilters: () => void; onSave: () => void; onPointerDown: () => void }

/** Like a favourite: the server says 'Guardar'; the browser's storage says it is saved, after hydration. */
function SaveButton({ onSave }: { onSave: () => void }) {
  const [saved, setSaved] = useState(false)
  useEffect(() => setSaved(true), [])
  return (
    <button type="button" aria-pressed={saved} onClick={onSave}>
      {saved ? 'Guardado' : 'Guardar'}
    </button>
  )
}

/** A page with a frame and one island, as the public pages are cut (HydrationIsland). */
function Page({ onMap, onFilters, onSave, onPointerDown }: Handlers) {
  return (
    <main>
      <h1>Resultados</h1>
      <HydrationIsland>
        <section>
          <button type="button" onClick={onMap} onPointerDown={onPointerDown}>
            Mostrar mapa
          </button>
          <button type="button" popoverTarget="filtros" onClick={onFilters}>
            Filtros
          </button>
          <SaveButton onSave={onSave} />
          <div id="filtros" popover="auto">
            Panel
          </div>
        </section>
      </HydrationIsland>
    </main>
  )
}

let root: Root | undefined
let stop: (() => void) | undefined

afterEach(() => {
  stop?.()
  act(() => root?.unmount())
  root = undefined
  stop = undefined
  document.body.innerHTML = ''
  Reflect.deleteProperty(HTMLElement.prototype, 'popover')
})

/** The server's HTML in the document, then hydration started in a transition, as app/hydrate.tsx does. */
function serverPage({ hold }: { hold: boolean }) {
  const handlers = { onMap: vi.fn(), onFilters: vi.fn(), onSave: vi.fn(), onPointerDown: vi.fn() }
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Page {...handlers} />)
  document.body.append(container)
  startTransition(() => {
    root = hydrateRoot(container, <Page {...handlers} />)
  })
  if (hold && root) stop = holdTapsUntilHydrated(root, container)
  const button = (name: string) => {
    const found = [...container.querySelectorAll('button')].find((element) => element.textContent === name)
    if (!found) throw new Error(`no button ${name}`)
    return found
  }
  return { ...handlers, container, button }
}

describe('taps on an island that has not hydrated yet', () => {
  it('without the hold, React hydrates the island inside the tap itself (what the hold avoids)', () => {
    const page = serverPage({ hold: false })
    tap(page.button('Mostrar mapa'))
    expect(isHydrated(page.button('Mostrar mapa'))).toBe(true)
    expect(page.onMap).toHaveBeenCalledTimes(1)
  })

  it('keeps the tap and marks the button at once, then clicks it again once its island has hydrated', async () => {
    const page = serverPage({ hold: true })
    const button = page.button('Mostrar mapa')
    expect(tap(button)).toBe(false)
    // Nothing hydrated in the tap's task: React did not even see the pointerdown.
    expect(isHydrated(button)).toBe(false)
    expect(page.onPointerDown).not.toHaveBeenCalled()
    expect(page.onMap).not.toHaveBeenCalled()
    expect(button).toHaveAttribute('data-early-pending')
    expect(button).toHaveAttribute('aria-busy', 'true')

    await eventually(() => expect(page.onMap).toHaveBeenCalledTimes(1))
    expect(isHydrated(button)).toBe(true)
    expect(button).not.toHaveAttribute('data-early-pending')
    expect(button).not.toHaveAttribute('aria-busy')
  })

  it('keeps only the latest of two taps', async () => {
    const page = serverPage({ hold: true })
    tap(page.button('Mostrar mapa'))
    tap(page.button('Filtros'))
    expect(page.button('Mostrar mapa')).not.toHaveAttribute('data-early-pending')
    expect(page.button('Filtros')).toHaveAttribute('data-early-pending')
    await eventually(() => expect(page.onFilters).toHaveBeenCalledTimes(1))
    expect(page.button('Filtros')).not.toHaveAttribute('data-early-pending')
    expect(page.onMap).not.toHaveBeenCalled()
  })

  it('does not undo what the browser knew: the label changed after hydration, the tap is not replayed', async () => {
    const page = serverPage({ hold: true })
    const save = page.button('Guardar')
    tap(save)
    expect(save).toHaveAttribute('data-early-pending')
    await eventually(() => expect(save).not.toHaveAttribute('data-early-pending'))
    expect(save).toHaveTextContent('Guardado')
    expect(page.onSave).not.toHaveBeenCalled()
  })

  it('does not replay a tap on another page: the address changed before the island hydrated', async () => {
    const page = serverPage({ hold: true })
    const button = page.button('Mostrar mapa')
    tap(button)
    window.history.pushState(null, '', '/otra-pagina')
    try {
      await eventually(() => expect(button).not.toHaveAttribute('data-early-pending'))
      expect(isHydrated(button)).toBe(true)
      expect(page.onMap).not.toHaveBeenCalled()
    } finally {
      window.history.back()
    }
  })

  it("lets the browser open a native popover, without React hydrating the island in the tap's task", async () => {
    Object.defineProperty(HTMLElement.prototype, 'popover', { value: null, configurable: true })
    const page = serverPage({ hold: true })
    const filters = page.button('Filtros')
    expect(tap(filters)).toBe(true)
    expect(isHydrated(filters)).toBe(false)
    expect(filters).not.toHaveAttribute('data-early-pending')
    await eventually(() => expect(isHydrated(filters)).toBe(true))
    // The browser did the job; the app does not do it a second time.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(page.onFilters).not.toHaveBeenCalled()
  })

  it('leaves hydrated buttons and the ones the app adds later to React', async () => {
    const page = serverPage({ hold: true })
    await eventually(() => expect(isHydrated(page.button('Mostrar mapa'))).toBe(true))
    tap(page.button('Mostrar mapa'))
    expect(page.onMap).toHaveBeenCalledTimes(1)

    const added = document.createElement('button')
    added.textContent = 'Acercar'
    page.container.append(added)
    let reached = false
    added.addEventListener('click', () => {
      reached = true
    })
    expect(tap(added)).toBe(true)
    expect(reached).toBe(true)
  })
})
