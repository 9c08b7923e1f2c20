import { EARLY_TAPS_SCRIPT } from '@cabanas/contracts/early-taps'
import { act, within } from '@testing-library/react'
import { startTransition, useEffect, useState } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HydrationIsland } from '../components/ui/hydration-island'
import { type EarlyTap, isHydrated, takeEarlyTap } from './early-tap-handoff'
import { ReplayEarlyTap } from './early-taps'
import { holdTapsUntilHydrated, type TapHold } from './island-taps'

const eventually = <T,>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5_000 })

/** A tap as the browser sends it, trusted or not (the early script keeps either). */
const tap = (element: Element) =>
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))

type Handlers = { onFrame: () => void; onMap: () => void; onMenu: () => void }

/** Like the user menu: its name gains the client's initials once the stored session is read. */
function MenuButton({ onMenu }: { onMenu: () => void }) {
  const [initials, setInitials] = useState<string | null>(null)
  useEffect(() => setInitials('AL'), [])
  return (
    <button
      type="button"
      aria-label={initials ? `Menú de usuario, ${initials}` : 'Menú de usuario'}
      data-tap-meaning="Menú de usuario"
      onClick={onMenu}
    >
      {initials}
    </button>
  )
}

/**
 * A frame with a button of its own (none on the public pages, where every button is in an island or
 * behind a Suspense boundary) and two islands: the header's menu, the results' map button.
 */
function Page({ onFrame, onMap, onMenu }: Handlers) {
  return (
    <main>
      <button type="button" onClick={onFrame}>
        Fuera de las islas
      </button>
      <HydrationIsland>
        <header>
          <MenuButton onMenu={onMenu} />
        </header>
      </HydrationIsland>
      <HydrationIsland>
        <section>
          <button type="button" onClick={onMap}>
            Mostrar mapa
          </button>
        </section>
      </HydrationIsland>
    </main>
  )
}

let root: Root | undefined
let hold: TapHold | undefined

beforeEach(() => {
  // A page that is never idle (islands hydrating in slices, images decoding): an idle callback runs at
  // its timeout, as on a phone while the page starts.
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) =>
    window.setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), options?.timeout ?? 0),
  )
  vi.stubGlobal('cancelIdleCallback', (id: number) => window.clearTimeout(id))
  // The early script's marks are on the server's button when React hydrates it, as in the browser;
  // development React says so, and nothing else here may.
  const consoleError = console.error
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes("didn't match the client properties")) return
    consoleError(...args)
  })
})

afterEach(() => {
  hold?.stop()
  act(() => root?.unmount())
  root = undefined
  hold = undefined
  takeEarlyTap()
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The server's HTML, the early script, taps before the app runs, then the app takes over (hydrate.tsx). */
function startPage(
  tapBeforeApp: (button: (name: string) => HTMLElement) => void,
  afterHandover?: (tap: EarlyTap) => void,
) {
  const handlers = { onFrame: vi.fn(), onMap: vi.fn(), onMenu: vi.fn() }
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Page {...handlers} />)
  document.body.append(container)
  const button = (name: string) => within(container).getByRole('button', { name })
  new Function(EARLY_TAPS_SCRIPT)()
  tapBeforeApp(button)
  const earlyTap = takeEarlyTap()
  const adopt = (kept: EarlyTap) => {
    const taken = hold?.adopt(kept) ?? false
    afterHandover?.(kept)
    return taken
  }
  startTransition(() => {
    root = hydrateRoot(
      container,
      <ReplayEarlyTap tap={earlyTap} adopt={adopt}>
        <Page {...handlers} />
      </ReplayEarlyTap>,
    )
  })
  if (root) hold = holdTapsUntilHydrated(root, container)
  return { ...handlers, button, earlyTap }
}

describe('a tap kept by the early script, once the app takes over', () => {
  it("on an island: replayed soon after the island commits, not at the busy page's idle moment", async () => {
    const page = startPage((button) => tap(button('Mostrar mapa')))
    const map = page.button('Mostrar mapa')
    expect(map).toHaveAttribute('data-early-pending')
    await eventually(() => expect(isHydrated(map)).toBe(true))
    const hydratedAt = performance.now()
    await eventually(() => expect(page.onMap).toHaveBeenCalledTimes(1))
    // The page's idle moment (what a frame's button waits for) comes only at its full second.
    expect(performance.now() - hydratedAt).toBeLessThan(900)
    expect(map).not.toHaveAttribute('data-early-pending')
    expect(map).not.toHaveAttribute('aria-busy')
  })

  it('on an island, tapped again after the app took over and before the handover: replayed once, marks cleared', async () => {
    const page = startPage((button) => tap(button('Mostrar mapa')))
    const map = page.button('Mostrar mapa')
    expect(isHydrated(map)).toBe(false)
    // The person's own tap (a trusted click, which a test cannot send) marks the early one superseded.
    if (page.earlyTap) page.earlyTap.superseded = true
    tap(map)
    expect(map).toHaveAttribute('data-early-pending')
    await eventually(() => expect(page.onMap).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(page.onMap).toHaveBeenCalledTimes(1)
    expect(map).not.toHaveAttribute('data-early-pending')
    expect(map).not.toHaveAttribute('aria-busy')
  })

  it('on an island, tapped again after the handover: still replayed, once', async () => {
    let tappedAgain = false
    const page = startPage(
      (button) => tap(button('Mostrar mapa')),
      (kept) => {
        expect(isHydrated(kept.button)).toBe(false)
        // The person's own tap (trusted, which a test cannot send) marks the kept one superseded.
        kept.superseded = true
        tappedAgain = tap(kept.button) === false
      },
    )
    await eventually(() => expect(page.onMap).toHaveBeenCalledTimes(1))
    expect(tappedAgain).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(page.onMap).toHaveBeenCalledTimes(1)
  })

  it("opens the user menu although its name gained the initials: the tap's meaning did not change", async () => {
    const page = startPage((button) => tap(button('Menú de usuario')))
    await eventually(() => expect(page.onMenu).toHaveBeenCalledTimes(1))
    expect(page.button('Menú de usuario, AL')).not.toHaveAttribute('data-early-pending')
  })

  it("outside every island: replayed at the page's idle moment, after what follows the frame's commit", async () => {
    const page = startPage((button) => tap(button('Fuera de las islas')))
    const frameButton = page.button('Fuera de las islas')
    await eventually(() => expect(isHydrated(frameButton)).toBe(true))
    const hydratedAt = performance.now()
    await eventually(() => expect(page.onFrame).toHaveBeenCalledTimes(1))
    expect(performance.now() - hydratedAt).toBeGreaterThan(500)
  })
})
