import { act, screen } from '@testing-library/react'
import { lazy, startTransition, useEffect, useState } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HydrationIsland } from '../components/ui/hydration-island'
import { isHydrated } from './early-tap-handoff'
import { holdTapsUntilHydrated } from './island-taps'

const eventually = <T,>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5_000 })

/** A tap as the browser sends it: pointerdown, pointerup, then click (true: its default not prevented). */
function tap(element: Element): boolean {
  element.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true }))
  element.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, cancelable: true }))
  return element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
}

/** Once `button`'s island has hydrated and a moment has passed, `handler` has still not run: no replay. */
async function expectNoReplay(button: Element, handler: () => void) {
  await eventually(() => expect(isHydrated(button)).toBe(true))
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(handler).not.toHaveBeenCalled()
}

type Handlers = {
  onMap: () => void
  onFilters: () => void
  onSave: () => void
  onPointerDown: () => void
  onReserve: () => void
}

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
function Page({ codeArrives = true, ...handlers }: Handlers & { codeArrives?: boolean }) {
  return (
    <main>
      <h1>Resultados</h1>
      <HydrationIsland>
        {codeArrives ? <IslandContent {...handlers} /> : <NeverLoaded {...handlers} />}
      </HydrationIsland>
    </main>
  )
}

/** The island's content; in the browser, with `codeArrives: false`, its code never loads. */
const NeverLoaded = lazy(() => new Promise<{ default: typeof IslandContent }>(() => {}))

function IslandContent({ onMap, onFilters, onSave, onPointerDown, onReserve }: Handlers) {
  return (
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
      {/* 'Reservar' as the booking widget draws it: a GET form's submit, the app's navigation once it runs. */}
      <form
        method="get"
        action="/checkout"
        onSubmit={(event) => {
          event.preventDefault()
          onReserve()
        }}
      >
        <input type="hidden" name="checkIn" value="2026-12-18" />
        <input aria-label="Huéspedes" name="guests" defaultValue="2" />
        <button type="submit">Reservar</button>
      </form>
    </section>
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
function serverPage({
  hold,
  codeArrives = true,
  giveUpAfterMs,
}: {
  hold: boolean
  codeArrives?: boolean
  giveUpAfterMs?: number
}) {
  const handlers = {
    onMap: vi.fn(),
    onFilters: vi.fn(),
    onSave: vi.fn(),
    onPointerDown: vi.fn(),
    onReserve: vi.fn(),
  }
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Page {...handlers} />)
  document.body.append(container)
  startTransition(() => {
    root = hydrateRoot(container, <Page {...handlers} codeArrives={codeArrives} />)
  })
  if (hold && root) stop = holdTapsUntilHydrated(root, container, { giveUpAfterMs }).stop
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

  it("keeps a form's submit: the browser does not send the form, the app's handler does once hydrated", async () => {
    const page = serverPage({ hold: true })
    const reserve = page.button('Reservar')
    const sent = vi.fn((event: Event) => event.preventDefault())
    page.container.querySelector('form')?.addEventListener('submit', sent)
    expect(tap(reserve)).toBe(false)
    expect(isHydrated(reserve)).toBe(false)
    expect(sent).not.toHaveBeenCalled()
    expect(reserve).toHaveAttribute('data-early-pending')

    await eventually(() => expect(page.onReserve).toHaveBeenCalledTimes(1))
    expect(sent).toHaveBeenCalledTimes(1)
    expect(reserve).not.toHaveAttribute('data-early-pending')
  })

  it("sends a kept form as the HTML would when its island's code never arrives", async () => {
    const page = serverPage({ hold: true, codeArrives: false, giveUpAfterMs: 200 })
    const reserve = page.button('Reservar')
    const sent = vi.fn((event: SubmitEvent) => event.preventDefault())
    page.container.querySelector('form')?.addEventListener('submit', sent)
    expect(tap(reserve)).toBe(false)
    expect(sent).not.toHaveBeenCalled()

    await eventually(() => expect(sent).toHaveBeenCalledTimes(1))
    expect(sent.mock.calls[0]?.[0].submitter).toBe(reserve)
    expect(isHydrated(reserve)).toBe(false)
    expect(reserve).not.toHaveAttribute('data-early-pending')
  })

  it('drops a kept tap when the person goes on to type in a field', async () => {
    const page = serverPage({ hold: true })
    const reserve = page.button('Reservar')
    tap(reserve)
    screen.getByRole('textbox', { name: 'Huéspedes' }).focus()
    expect(reserve).not.toHaveAttribute('data-early-pending')
    await expectNoReplay(reserve, page.onReserve)
  })

  it('keeps a tap when the page only rewrites its own address (same path, same place in history)', async () => {
    const page = serverPage({ hold: true })
    const button = page.button('Mostrar mapa')
    const before = window.location.href
    tap(button)
    window.history.replaceState(window.history.state, '', '?checkIn=2026-12-18')
    try {
      await eventually(() => expect(page.onMap).toHaveBeenCalledTimes(1))
    } finally {
      window.history.replaceState(window.history.state, '', before)
    }
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

  it('replays soon after its island has committed, while the rest of the page keeps the browser busy', async () => {
    // A page that is never idle (other islands hydrating in slices): an idle callback runs at its timeout.
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) =>
      window.setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), options?.timeout ?? 0),
    )
    vi.stubGlobal('cancelIdleCallback', (id: number) => window.clearTimeout(id))
    const page = serverPage({ hold: true })
    const button = page.button('Mostrar mapa')
    tap(button)
    await eventually(() => expect(isHydrated(button)).toBe(true))
    const hydratedAt = performance.now()
    await eventually(() => expect(page.onMap).toHaveBeenCalledTimes(1))
    // Waiting for the whole page's idle moment took its full second.
    expect(performance.now() - hydratedAt).toBeLessThan(900)
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
    // The browser did the job; the app does not do it a second time.
    await expectNoReplay(filters, page.onFilters)
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
