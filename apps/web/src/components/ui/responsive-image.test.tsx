import { cardImageSources, type ImageSources } from '@cabanas/domain/catalog'
import { fireEvent, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { must } from '../../test/must'
import { ResponsiveImage } from './responsive-image'

const sources = cardImageSources({ preview: '/media/cabins/los-pinos/1-card.webp' })
const SIZES = '(min-width: 640px) 320px, calc(100vw - 32px)'

/** Rendered as the server renders pages (a whole document), then parsed. */
function renderDocument(body: ReactNode): Document {
  const html = renderToString(
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
      </head>
      <body>{body}</body>
    </html>,
  )
  return new DOMParser().parseFromString(`<!doctype html>${html}`, 'text/html')
}

describe('ResponsiveImage', () => {
  it('offers every width with the sizes it is drawn at, its intrinsic size and lazy loading', () => {
    const { container } = render(<ResponsiveImage sources={sources} sizes={SIZES} alt="Fachada" />)
    const image = must(container.querySelector('img'), 'the image')
    expect(image).toHaveAttribute('src', '/media/cabins/los-pinos/1-card.webp')
    expect(image).toHaveAttribute(
      'srcset',
      '/media/cabins/los-pinos/1-400.webp 400w, /media/cabins/los-pinos/1-card.webp 640w',
    )
    expect(image).toHaveAttribute('sizes', SIZES)
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['640', '427'])
    expect(image).toHaveAttribute('loading', 'lazy')
    expect(image).toHaveAttribute('decoding', 'async')
    expect(image).not.toHaveAttribute('fetchpriority')
    expect(image).toHaveAttribute('alt', 'Fachada')
    expect(container.querySelector('picture')).not.toBeInTheDocument()
  })

  it('loads the priority image at once and preloads it from the head of the server-rendered document', () => {
    const doc = renderDocument(<ResponsiveImage sources={sources} sizes={SIZES} alt="Fachada" priority />)
    const image = must(doc.body.querySelector('img'), 'the image')
    expect(image.getAttribute('loading')).toBe('eager')
    expect(image.getAttribute('fetchpriority')).toBe('high')
    const preloads = doc.head.querySelectorAll('link[rel="preload"][as="image"]')
    expect(preloads).toHaveLength(1)
    const preload = must(preloads[0], 'the preload')
    expect(preload.getAttribute('imagesrcset')).toBe(sources.srcSet)
    expect(preload.getAttribute('imagesizes')).toBe(SIZES)
    expect(preload.getAttribute('fetchpriority')).toBe('high')
  })

  it('preloads nothing for a lazy image', () => {
    const doc = renderDocument(<ResponsiveImage sources={sources} sizes={SIZES} alt="Fachada" />)
    expect(doc.querySelector('link[rel="preload"]')).toBeNull()
    expect(must(doc.body.querySelector('img'), 'the image').getAttribute('loading')).toBe('lazy')
  })

  it('puts AVIF first in a <picture> when the photo has it, and preloads that format', () => {
    const withAvif: ImageSources = { ...sources, avifSrcSet: '/a-400.avif 400w, /a-640.avif 640w' }
    const doc = renderDocument(<ResponsiveImage sources={withAvif} sizes={SIZES} alt="Fachada" priority />)
    const source = must(doc.body.querySelector('picture > source'), 'the AVIF source')
    expect(source.getAttribute('type')).toBe('image/avif')
    expect(source.getAttribute('srcset')).toBe(withAvif.avifSrcSet)
    expect(source.getAttribute('sizes')).toBe(SIZES)
    expect(must(doc.body.querySelector('picture > img'), 'the image').getAttribute('srcset')).toBe(
      sources.srcSet,
    )
    const preload = must(doc.head.querySelector('link[rel="preload"][as="image"]'), 'the preload')
    expect(preload.getAttribute('imagesrcset')).toBe(withAvif.avifSrcSet)
    expect(preload.getAttribute('type')).toBe('image/avif')
  })

  it('uses a photo without variants as it is', () => {
    const plain: ImageSources = {
      src: 'https://example.com/a.jpg',
      srcSet: '',
      avifSrcSet: '',
      width: 640,
      height: 427,
    }
    const { container } = render(<ResponsiveImage sources={plain} sizes={SIZES} alt="" />)
    const image = must(container.querySelector('img'), 'the image')
    expect(image).toHaveAttribute('src', 'https://example.com/a.jpg')
    expect(image).not.toHaveAttribute('srcset')
    expect(image).not.toHaveAttribute('sizes')
  })

  it('shows the fallback when the image cannot be loaded', () => {
    const { container, getByText } = render(
      <ResponsiveImage sources={sources} sizes={SIZES} alt="Fachada" fallback={<p>Sin foto</p>} />,
    )
    // fireEvent: a failed image load is the browser's doing, not the user's.
    fireEvent.error(must(container.querySelector('img'), 'the image'))
    expect(container.querySelector('img')).not.toBeInTheDocument()
    expect(getByText('Sin foto')).toBeInTheDocument()
  })
})
