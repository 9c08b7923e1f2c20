import type { CabinImage } from '@cabanas/domain/catalog'
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { must } from '../../test/must'
import { CabinGallery } from './cabin-gallery'

const images: CabinImage[] = [1, 2, 3, 4, 5, 6].map((n) => ({
  url: `/media/cabins/los-pinos/${n}.webp`,
  preview: `/media/cabins/los-pinos/${n}-card.webp`,
  alt: `Foto ${n}`,
}))

const PHOTOS_HREF = '/cabin/los-pinos/fotos?checkIn=2026-08-07'

const widths = (image: Element) =>
  must(image.getAttribute('srcset'), 'the srcset')
    .split(', ')
    .map((candidate) => candidate.split(' ')[1])

/** Records the clicks that reach the window: `defaultPrevented` says whether the page kept the link from being followed. */
function recordClicks(): MouseEvent[] {
  const clicks: MouseEvent[] = []
  const record = (event: MouseEvent) => clicks.push(event)
  window.addEventListener('click', record)
  stopRecording = () => window.removeEventListener('click', record)
  return clicks
}
let stopRecording = () => {}
afterEach(() => stopRecording())

describe('CabinGallery', () => {
  it('server-renders the first photo at every width, fetched at once and preloaded; the others lazily', () => {
    const html = renderToString(
      <html lang="es-MX">
        <head />
        <body>
          <CabinGallery name="Cabaña Los Pinos" images={images} photosHref={PHOTOS_HREF} />
        </body>
      </html>,
    )
    const doc = new DOMParser().parseFromString(`<!doctype html>${html}`, 'text/html')
    const [cover, ...others] = [...doc.body.querySelectorAll('img')]
    const first = must(cover, 'the first photo')
    expect(others).toHaveLength(4)
    expect(first.getAttribute('alt')).toBe('Foto 1')
    expect(first.getAttribute('src')).toBe('/media/cabins/los-pinos/1.webp')
    expect(widths(first)).toEqual(['400w', '640w', '800w', '1200w'])
    expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['1200', '800'])
    expect(first.getAttribute('fetchpriority')).toBe('high')
    expect(first.getAttribute('loading')).toBe('eager')
    // On a phone the photo fills a 4:3 box: a 3:2 photo is drawn 9/8 of the page's width.
    expect(first.getAttribute('sizes')).toMatch(/, calc\(112\.5vw - 36px\)$/)
    expect(first.getAttribute('sizes')).toContain('(min-width: 1152px) 816px')
    for (const image of others) {
      expect(image.getAttribute('loading')).toBe('lazy')
      expect(image.hasAttribute('fetchpriority')).toBe(false)
      expect(image.getAttribute('sizes')).toContain('(min-width: 1152px) 408px')
    }

    const preloads = [...doc.head.querySelectorAll('link[rel="preload"][as="image"]')]
    expect(preloads).toHaveLength(1)
    const preload = must(preloads[0], 'the preload')
    expect(preload.getAttribute('imagesrcset')).toBe(first.getAttribute('srcset'))
    expect(preload.getAttribute('imagesizes')).toBe(first.getAttribute('sizes'))
    expect(preload.getAttribute('fetchpriority')).toBe('high')
  })

  it('links the tiles and "Mostrar todas las fotos" to the photos page, so they work before the app runs', () => {
    const html = renderToString(
      <CabinGallery name="Cabaña Los Pinos" images={images} photosHref={PHOTOS_HREF} />,
    )
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const links = [...doc.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['', `${PHOTOS_HREF}#foto-1`],
      ['', `${PHOTOS_HREF}#foto-2`],
      ['', `${PHOTOS_HREF}#foto-3`],
      ['', `${PHOTOS_HREF}#foto-4`],
      ['', `${PHOTOS_HREF}#foto-5`],
      ['Mostrar todas las fotos', PHOTOS_HREF],
    ])
    expect(doc.querySelector('button')).toBeNull()
  })

  it('opens the dialog instead of the photos page on a plain click', async () => {
    const user = userEvent.setup()
    render(<CabinGallery name="Cabaña Los Pinos" images={images} photosHref={PHOTOS_HREF} />)
    const clicks = recordClicks()
    await user.click(screen.getByRole('link', { name: 'Mostrar todas las fotos' }))
    expect(clicks.map((click) => click.defaultPrevented)).toEqual([true])
    expect(await screen.findByRole('dialog', { name: 'Fotos de Cabaña Los Pinos' })).toBeInTheDocument()
  })

  it.each([
    ['Ctrl', '{Control>}'],
    ['Cmd', '{Meta>}'],
    ['Shift', '{Shift>}'],
  ])('leaves a click with %s to the browser (a new tab or window of the photos page)', async (_name, key) => {
    const user = userEvent.setup()
    render(<CabinGallery name="Cabaña Los Pinos" images={images} photosHref={PHOTOS_HREF} />)
    const clicks = recordClicks()
    await user.keyboard(key)
    await user.click(screen.getByRole('link', { name: 'Mostrar todas las fotos' }))
    expect(clicks.map((click) => click.defaultPrevented)).toEqual([false])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('leaves a click with the middle button to the browser (a new tab of the photos page)', () => {
    render(<CabinGallery name="Cabaña Los Pinos" images={images} photosHref={PHOTOS_HREF} />)
    // fireEvent: user-event's middle button fires auxclick only; some browsers also fire click, as here.
    // It returns false when the page prevented the default action (following the link).
    expect(
      fireEvent.click(screen.getByRole('link', { name: 'Mostrar todas las fotos' }), { button: 1 }),
    ).toBe(true)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('opens the dialog at the photo of the tile clicked', async () => {
    const user = userEvent.setup()
    const scrolled: string[] = []
    // jsdom lays nothing out and has no scrollIntoView: record which photo the dialog brings into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.querySelector('img')?.getAttribute('alt') ?? '')
    }
    render(<CabinGallery name="Cabaña Los Pinos" images={images} photosHref={PHOTOS_HREF} />)
    const clicks = recordClicks()
    await user.click(screen.getByRole('link', { name: 'Ver foto 3 de 6: Foto 3' }))
    expect(clicks.map((click) => click.defaultPrevented)).toEqual([true])
    expect(screen.getByRole('dialog', { name: 'Fotos de Cabaña Los Pinos' })).toBeInTheDocument()
    expect(scrolled).toEqual(['Foto 3'])
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView')
  })

  it('shows every photo lazily in the dialog, at the widths of the dialog', async () => {
    const user = userEvent.setup()
    render(<CabinGallery name="Cabaña Los Pinos" images={images} photosHref={PHOTOS_HREF} />)
    await user.click(screen.getByRole('link', { name: 'Mostrar todas las fotos' }))
    const dialog = await screen.findByRole('dialog', { name: 'Fotos de Cabaña Los Pinos' })
    const photos = within(dialog).getAllByRole('img')
    expect(photos.map((photo) => photo.getAttribute('alt'))).toEqual(images.map((image) => image.alt))
    for (const photo of photos) expect(photo).toHaveAttribute('loading', 'lazy')
    expect(photos[0]).toHaveAttribute('sizes', expect.stringContaining('848px'))
    expect(photos[1]).toHaveAttribute('sizes', expect.stringContaining('420px'))
  })

  it('shows a missing-photo tile when a photo cannot be loaded', () => {
    const { container } = render(
      <CabinGallery name="Cabaña Los Pinos" images={images.slice(0, 1)} photosHref={PHOTOS_HREF} />,
    )
    // fireEvent: a failed image load is the browser's doing, not the user's.
    fireEvent.error(must(container.querySelector('img'), 'the photo'))
    expect(container.querySelector('img')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver foto 1 de 1: Foto 1' })).toBeInTheDocument()
  })
})
