import { describe, expect, it } from 'vitest'
import {
  CARD_IMAGE_WIDTHS,
  cardImageSources,
  FULL_IMAGE_WIDTHS,
  fullImageSources,
  HOSTED_IMAGE_VARIANTS,
  hostedImageFileName,
  isHostedImage,
  ogImageFileName,
  ogImagePath,
} from './images.ts'

const hosted = { url: '/media/cabins/los-pinos/3.webp', preview: '/media/cabins/los-pinos/3-card.webp' }

describe('hosted image variants', () => {
  it('names every width by the photo number, keeping the two original files', () => {
    expect(HOSTED_IMAGE_VARIANTS.map((variant) => hostedImageFileName(3, variant.width))).toEqual([
      '3-400.webp',
      '3-card.webp',
      '3-800.webp',
      '3.webp',
    ])
    expect(() => hostedImageFileName(3, 500)).toThrow()
  })

  it('keeps every variant 3:2, so one box fits them all', () => {
    for (const { width, height } of HOSTED_IMAGE_VARIANTS) expect(Math.round((width * 2) / 3)).toBe(height)
  })

  it('recognises our photos and nothing else', () => {
    expect(isHostedImage(hosted.url)).toBe(true)
    expect(isHostedImage(hosted.preview)).toBe(true)
    expect(isHostedImage('/media/cabins/los-pinos/3-400.webp')).toBe(false)
    expect(isHostedImage('https://example.com/media/cabins/a/1.webp')).toBe(false)
    expect(isHostedImage('/media/cabins/los-pinos/portada.jpg')).toBe(false)
  })

  it('gives cards the 400 and 640 widths, never the full photo', () => {
    expect(cardImageSources(hosted)).toEqual({
      src: '/media/cabins/los-pinos/3-card.webp',
      srcSet: '/media/cabins/los-pinos/3-400.webp 400w, /media/cabins/los-pinos/3-card.webp 640w',
      avifSrcSet: '',
      width: 640,
      height: 427,
    })
    expect(CARD_IMAGE_WIDTHS.at(-1)).toBe(640)
  })

  it('gives the gallery every width up to the full photo', () => {
    const sources = fullImageSources(hosted)
    expect(sources.src).toBe(hosted.url)
    expect(sources.srcSet.split(', ')).toEqual([
      '/media/cabins/los-pinos/3-400.webp 400w',
      '/media/cabins/los-pinos/3-card.webp 640w',
      '/media/cabins/los-pinos/3-800.webp 800w',
      '/media/cabins/los-pinos/3.webp 1200w',
    ])
    expect([sources.width, sources.height]).toEqual([1200, 800])
    expect(FULL_IMAGE_WIDTHS).toEqual(HOSTED_IMAGE_VARIANTS.map((variant) => variant.width))
  })

  it('uses a photo hosted elsewhere as it is', () => {
    const outside = { url: 'https://example.com/a.jpg', preview: 'https://example.com/a-small.jpg' }
    expect(cardImageSources(outside)).toEqual({
      src: outside.preview,
      srcSet: '',
      avifSrcSet: '',
      width: 640,
      height: 427,
    })
    expect(fullImageSources(outside)).toMatchObject({ src: outside.url, srcSet: '', avifSrcSet: '' })
    expect(ogImagePath(outside)).toBeNull()
  })

  it('points link previews at the cover JPEG only, the one file the generator writes', () => {
    expect(ogImagePath({ url: '/media/cabins/los-pinos/1.webp' })).toBe('/media/cabins/los-pinos/1-og.jpg')
    expect(ogImagePath({ url: '/media/cabins/los-pinos/1-card.webp' })).toBe(
      '/media/cabins/los-pinos/1-og.jpg',
    )
    expect(ogImagePath(hosted)).toBeNull()
    expect(ogImageFileName(1)).toBe('1-og.jpg')
    expect(ogImageFileName(2)).toBeNull()
  })
})
