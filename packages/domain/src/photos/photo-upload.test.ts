import { describe, expect, it } from 'vitest'
import { cardImageSources, fullImageSources, ogImagePath } from '../catalog/images.ts'
import {
  isLargeEnoughForListing,
  PhotoUploadSchema,
  photoMessages,
  uploadedPhotoPaths,
} from './photo-upload.ts'

const id = '0b6f8c1e-2d3a-4c5b-8e9f-1a2b3c4d5e6f'

describe('uploaded photo paths', () => {
  it('are read by the catalogue as a demo photo: srcset, card widths and link preview', () => {
    const paths = uploadedPhotoPaths(id)
    expect(paths.url).toBe(`/media/photos/${id}/1.webp`)
    expect(paths.preview).toBe(`/media/photos/${id}/1-card.webp`)
    expect(fullImageSources({ url: paths.url }).srcSet).toBe(
      paths.sources.map((source) => `${source.url} ${source.width}w`).join(', '),
    )
    expect(cardImageSources({ preview: paths.preview }).srcSet).toBe(
      `/media/photos/${id}/1-400.webp 400w, /media/photos/${id}/1-card.webp 640w`,
    )
    expect(ogImagePath({ url: paths.url })).toBe(paths.shareImage)
    expect(paths.shareImage).toBe(`/media/photos/${id}/1-og.jpg`)
  })

  it('list the four widths smallest first, all 3:2', () => {
    expect(uploadedPhotoPaths(id).sources.map(({ width, height }) => [width, height])).toEqual([
      [400, 267],
      [640, 427],
      [800, 533],
      [1200, 800],
    ])
  })

  it('fit the answer schema', () => {
    expect(PhotoUploadSchema.parse({ id, width: 4032, height: 3024, ...uploadedPhotoPaths(id) })).toBeTruthy()
  })
})

describe('isLargeEnoughForListing', () => {
  it.each([
    [{ width: 800, height: 533 }, true],
    [{ width: 4032, height: 3024 }, true],
    [{ width: 3024, height: 4032 }, true],
    [{ width: 799, height: 1200 }, false],
    [{ width: 1200, height: 532 }, false],
    [{ width: 640, height: 427 }, false],
  ])('%o → %s', (size, expected) => {
    expect(isLargeEnoughForListing(size)).toBe(expected)
  })
})

describe('photo messages', () => {
  it('say the limits in words a host reads', () => {
    expect(photoMessages.tooLarge(20 * 1024 * 1024)).toBe(
      'Cada foto puede pesar hasta 20 MB; elige una más ligera.',
    )
    expect(photoMessages.tooManyPixels(50_000_000)).toContain('50 megapíxeles')
    expect(photoMessages.tooSmall({ width: 640, height: 480 })).toBe(
      'La foto mide 640 × 480 píxeles; para tu cabaña debe medir al menos 800 × 533.',
    )
  })
})
