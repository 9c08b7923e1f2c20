import { DomainError } from '@cabanas/domain/shared'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { PHOTO_LIMITS } from '../../config.ts'
import { must } from '../../test/must.ts'
import {
  exifHasGps,
  heicLookalike,
  pdfBytes,
  phonePhotoWithGps,
  pixelAt,
  pngBomb,
  solidPhoto,
} from '../../test/photo-fixtures.ts'
import { processPhoto, sniffPhotoType } from './photo-pipeline.ts'

const limits = { maxInputPixels: PHOTO_LIMITS.maxInputPixels }

/** The refusal of `bytes` as [code, message]. */
async function refusalOf(bytes: Buffer, given = limits): Promise<[string, string]> {
  const error = await processPhoto(bytes, given).then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(DomainError)
  return [(error as DomainError).code, (error as DomainError).message]
}

describe('processPhoto', () => {
  it('makes the files the site serves, each exactly its size and format', async () => {
    const photo = await processPhoto(await solidPhoto(4032, 3024), limits)
    expect(photo).toMatchObject({ sourceType: 'jpeg', width: 4032, height: 3024 })
    const made = await Promise.all(
      photo.files.map(async (file) => {
        const metadata = await sharp(file.body).metadata()
        return [file.name, file.contentType, metadata.format, metadata.width, metadata.height]
      }),
    )
    expect(made).toEqual([
      ['1-400.webp', 'image/webp', 'webp', 400, 267],
      ['1-card.webp', 'image/webp', 'webp', 640, 427],
      ['1-800.webp', 'image/webp', 'webp', 800, 533],
      ['1.webp', 'image/webp', 'webp', 1200, 800],
      ['1-og.jpg', 'image/jpeg', 'jpeg', 1200, 630],
    ])
  })

  it('turns a phone photo upright by its EXIF orientation and strips EXIF, GPS and XMP from every file', async () => {
    const original = await phonePhotoWithGps()
    const before = await sharp(original).metadata()
    // The fixture really carries what must go.
    expect(before.orientation).toBe(6)
    expect(before.exif && exifHasGps(before.exif)).toBe(true)
    expect(before.exif?.toString('latin1')).toContain('iPhone 15')
    expect(before.xmp?.toString()).toContain('Ana Rodríguez')

    const photo = await processPhoto(original, limits)
    expect(photo).toMatchObject({ width: 1000, height: 1600 })
    for (const file of photo.files) {
      const after = await sharp(file.body).metadata()
      expect(after.exif, file.name).toBeUndefined()
      expect(after.xmp, file.name).toBeUndefined()
      expect(after.iptc, file.name).toBeUndefined()
      expect(after.icc, file.name).toBeUndefined()
      expect(after.orientation, file.name).toBeUndefined()
      expect(file.body.includes('iPhone'), file.name).toBe(false)
      expect(file.body.includes('Rodr'), file.name).toBe(false)
    }
    // Upright, the red half (the top as stored) is on the right.
    const full = must(
      photo.files.find((file) => file.name === '1.webp'),
      "photo.files.find((file) => file.name === '1.webp')",
    ).body
    const left = await pixelAt(full, 100, 200)
    const right = await pixelAt(full, 1100, 200)
    expect(left.b).toBeGreaterThan(150)
    expect(left.r).toBeLessThan(100)
    expect(right.r).toBeGreaterThan(150)
    expect(right.b).toBeLessThan(100)
  })

  it.each(['png', 'webp', 'avif'] as const)('takes a %s photo', async (format) => {
    const photo = await processPhoto(await solidPhoto(1600, 1067, format), limits)
    expect(photo.sourceType).toBe(format)
    expect(photo.files).toHaveLength(5)
  })

  it('puts a transparent PNG on white, and a CMYK or 16-bit photo into 8-bit sRGB', async () => {
    const transparent = await sharp({
      create: { width: 1200, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    const flattened = await processPhoto(transparent, limits)
    const corner = await pixelAt(must(flattened.files[0], 'flattened.files[0]').body, 10, 10)
    expect(Math.min(corner.r, corner.g, corner.b)).toBeGreaterThan(240)

    const cmyk = await sharp(await solidPhoto(1200, 800))
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer()
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk')
    const deep = await sharp(await solidPhoto(1200, 800))
      .toColourspace('rgb16')
      .png()
      .toBuffer()
    expect((await sharp(deep).metadata()).depth).toBe('ushort')
    for (const input of [cmyk, deep]) {
      for (const file of (await processPhoto(input, limits)).files) {
        expect(await sharp(file.body).metadata()).toMatchObject({
          space: 'srgb',
          depth: 'uchar',
          channels: 3,
        })
      }
    }
  })

  it('enlarges a photo of the minimum size for the 1200 width (1.5×), and never below its declared size', async () => {
    const photo = await processPhoto(await solidPhoto(800, 533), limits)
    const full = must(
      photo.files.find((file) => file.name === '1.webp'),
      "photo.files.find((file) => file.name === '1.webp')",
    )
    expect(await sharp(full.body).metadata()).toMatchObject({ width: 1200, height: 800 })
  })

  it('crops a portrait or panorama photo from its centre to 3:2', async () => {
    for (const [width, height] of [
      [900, 1600],
      [4000, 900],
    ] as const) {
      const photo = await processPhoto(await solidPhoto(width, height), limits)
      expect(photo).toMatchObject({ width, height })
      expect(photo.files.map((file) => [file.width, file.height])).toContainEqual([1200, 800])
    }
  })

  it.each([
    [640, 480],
    [799, 1200],
    [1600, 500],
  ])('refuses a %i×%i photo as too small for a listing', async (width, height) => {
    expect(await refusalOf(await solidPhoto(width, height))).toEqual([
      'VALIDATION_ERROR',
      `La foto mide ${width} × ${height} píxeles; para tu cabaña debe medir al menos 800 × 533.`,
    ])
  })

  it('measures a photo upright: 1000×700 stored with orientation 6 is 700 wide', async () => {
    const turned = await sharp(await solidPhoto(1000, 700))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    expect(await refusalOf(turned)).toEqual([
      'VALIDATION_ERROR',
      'La foto mide 700 × 1000 píxeles; para tu cabaña debe medir al menos 800 × 533.',
    ])
  })

  it('refuses a decompression bomb (a 20000×20000 PNG of a few KB) before decoding it', async () => {
    const bomb = pngBomb()
    expect(bomb.length).toBeLessThan(64 * 1024)
    const started = performance.now()
    expect(await refusalOf(bomb)).toEqual([
      'PAYLOAD_TOO_LARGE',
      'La foto tiene más de 50 megapíxeles; reduce su tamaño e inténtalo de nuevo.',
    ])
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('refuses a photo over the configured pixel limit', async () => {
    expect(await refusalOf(await solidPhoto(2000, 1200), { maxInputPixels: 2_000_000 })).toEqual([
      'PAYLOAD_TOO_LARGE',
      'La foto tiene más de 2 megapíxeles; reduce su tamaño e inténtalo de nuevo.',
    ])
  })

  it('refuses a PDF, an iPhone HEIC, a GIF and an empty file by their bytes', async () => {
    expect(await refusalOf(pdfBytes)).toEqual([
      'UNSUPPORTED_MEDIA_TYPE',
      'El archivo no es una foto JPEG, PNG, WebP o AVIF.',
    ])
    const [code, message] = await refusalOf(await heicLookalike())
    expect(code).toBe('UNSUPPORTED_MEDIA_TYPE')
    expect(message).toContain('HEIC')
    const gif = await sharp(await solidPhoto(1200, 800))
      .gif()
      .toBuffer()
    expect((await refusalOf(gif))[0]).toBe('UNSUPPORTED_MEDIA_TYPE')
    expect((await refusalOf(Buffer.alloc(0)))[0]).toBe('VALIDATION_ERROR')
  })

  it('refuses a truncated photo as damaged instead of serving half of it', async () => {
    const whole = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 10, g: 90, b: 200 } },
    })
      .composite([{ input: await solidPhoto(400, 400, 'png'), top: 100, left: 100 }])
      .jpeg()
      .toBuffer()
    expect(await refusalOf(whole.subarray(0, Math.floor(whole.length * 0.6)))).toEqual([
      'VALIDATION_ERROR',
      'La foto está dañada o incompleta; intenta subirla de nuevo.',
    ])
  })

  it('refuses bytes that start as a JPEG but are not one', async () => {
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('no es una foto'.repeat(50)),
    ])
    expect(await sniffPhotoType(fake)).toBe('jpeg')
    expect((await refusalOf(fake))[0]).toBe('VALIDATION_ERROR')
  })
})
