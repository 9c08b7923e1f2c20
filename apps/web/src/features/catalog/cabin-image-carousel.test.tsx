import type { CabinImage } from '@cabanas/domain/catalog'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { must } from '../../test/must'
import { CabinImageCarousel } from './cabin-image-carousel'

const images: CabinImage[] = [1, 2, 3, 4, 5].map((n) => ({
  url: `/media/cabins/los-pinos/${n}.webp`,
  preview: `/media/cabins/los-pinos/${n}-card.webp`,
  alt: `Foto ${n}`,
}))

function renderCarousel({ priority = false, sizes }: { priority?: boolean; sizes?: string } = {}) {
  return render(
    <MemoryRouter>
      <CabinImageCarousel
        images={images}
        href="/cabin/1"
        opensInNewTab={false}
        priority={priority}
        muted={false}
        sizes={sizes}
      />
    </MemoryRouter>,
  )
}

const fetchedPhotos = (container: HTMLElement) =>
  [...container.querySelectorAll('img')].map((image) => image.getAttribute('src'))

describe('CabinImageCarousel', () => {
  it('fetches only the shown photo, at the card widths, until the guest moves the carousel', () => {
    const { container } = renderCarousel()
    expect(fetchedPhotos(container)).toEqual(['/media/cabins/los-pinos/1-card.webp'])
    const image = must(container.querySelector('img'), "container.querySelector('img')")
    expect(image).toHaveAttribute(
      'srcset',
      '/media/cabins/los-pinos/1-400.webp 400w, /media/cabins/los-pinos/1-card.webp 640w',
    )
    expect(image.getAttribute('sizes')).toMatch(/^\(min-width: 1280px\) 384px, .*calc\(100vw - 32px\)$/)
    expect(image).toHaveAttribute('loading', 'lazy')
  })

  it("fetches a first view's card at once, with high priority", () => {
    const { container } = renderCarousel({ priority: true })
    const image = must(container.querySelector('img'), "container.querySelector('img')")
    expect(image).toHaveAttribute('loading', 'eager')
    expect(image).toHaveAttribute('fetchpriority', 'high')
  })

  it('draws the photos at the width its layout gives', async () => {
    const user = userEvent.setup()
    const { container } = renderCarousel({ sizes: 'calc(62vw - 20px)' })
    await user.click(screen.getByRole('button', { name: 'Foto siguiente' }))
    const sizes = [...container.querySelectorAll('img')].map((image) => image.getAttribute('sizes'))
    expect(sizes).toEqual(['calc(62vw - 20px)', 'calc(62vw - 20px)', 'calc(62vw - 20px)'])
  })

  it('fetches the next photo when the arrow is reached, and the one after when it is pressed', async () => {
    const user = userEvent.setup()
    const { container } = renderCarousel()
    const next = screen.getByRole('button', { name: 'Foto siguiente' })
    await user.hover(next)
    expect(fetchedPhotos(container)).toEqual([
      '/media/cabins/los-pinos/1-card.webp',
      '/media/cabins/los-pinos/2-card.webp',
    ])
    await user.click(next)
    expect(fetchedPhotos(container)).toHaveLength(3)
  })

  it('fetches the next photo when a drag starts', async () => {
    const user = userEvent.setup()
    // Embla listens for drags only on a laid-out carousel (one with an offsetParent), which jsdom has not.
    const offsetParent = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.parentElement
    })
    try {
      const { container } = renderCarousel()
      const slides = must(container.querySelector('.touch-pan-y'), "container.querySelector('.touch-pan-y')")
      expect(fetchedPhotos(container)).toHaveLength(1)
      await user.pointer({ keys: '[MouseLeft>]', target: slides })
      expect(fetchedPhotos(container)).toEqual([
        '/media/cabins/los-pinos/1-card.webp',
        '/media/cabins/los-pinos/2-card.webp',
      ])
    } finally {
      offsetParent.mockRestore()
    }
  })
})
