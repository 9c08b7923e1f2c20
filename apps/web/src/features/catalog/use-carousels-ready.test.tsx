import { act, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useCarouselReady } from './use-carousels-ready'

/** Idle callbacks the test runs one at a time. */
const idle: Array<() => void> = []

/** Every watched card is near the screen at once. */
class NearObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver)
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return []
  }
}

const loadCode = () => Promise.resolve()

function Card({ name }: { name: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const [isReady] = useCarouselReady(ref, loadCode)
  return <div ref={ref}>{`${name}: ${isReady ? 'carrusel' : 'foto'}`}</div>
}

/** Runs the oldest idle callback, then lets its loaded code and the transition settle. */
async function runIdle() {
  const next = idle.shift()
  await act(async () => {
    next?.()
    await Promise.resolve()
  })
}

describe('useCarouselReady', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('draws the carousels of the cards near the screen one per idle moment, not all in one task', async () => {
    vi.stubGlobal('IntersectionObserver', NearObserver)
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
    vi.stubGlobal('cancelIdleCallback', () => {})
    render(
      <>
        <Card name="A" />
        <Card name="B" />
        <Card name="C" />
      </>,
    )
    const shown = () => ['A', 'B', 'C'].map((name) => screen.getByText(new RegExp(`^${name}:`)).textContent)

    expect(idle).toHaveLength(1)
    await runIdle()
    expect(shown()).toEqual(['A: carrusel', 'B: foto', 'C: foto'])
    expect(idle).toHaveLength(1)
    await runIdle()
    expect(shown()).toEqual(['A: carrusel', 'B: carrusel', 'C: foto'])
    await runIdle()
    expect(shown()).toEqual(['A: carrusel', 'B: carrusel', 'C: carrusel'])
    expect(idle).toHaveLength(0)
  })
})
