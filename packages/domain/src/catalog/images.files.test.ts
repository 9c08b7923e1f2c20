/**
 * The generated files behind the convention: every photo of the demo catalogue (apps/api/media, written by
 * `npm run images`) in every width the convention names, at its size, and a link preview wherever
 * `ogImagePath` points. Reads the repository's files: the convention itself is tested in images.test.ts.
 */

import { existsSync, readdirSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { must } from '../must.fixtures.ts'
import {
  DEFAULT_OG_IMAGE,
  HOSTED_IMAGE_VARIANTS,
  hostedImageFileName,
  OG_IMAGE_SIZE,
  ogImagePath,
} from './images.ts'

const MEDIA = fileURLToPath(new URL('../../../../apps/api/media/', import.meta.url))
const WEB_PUBLIC = fileURLToPath(new URL('../../../../apps/web/public/', import.meta.url))
const KB = 1024

const cabins = readdirSync(`${MEDIA}cabins`)
const photos = cabins.flatMap((slug) =>
  readdirSync(`${MEDIA}cabins/${slug}`)
    .filter((file) => /^\d+\.webp$/.test(file))
    .map((file) => `/media/cabins/${slug}/${file}`),
)

describe('generated photos', () => {
  it('has the demo catalogue', () => {
    expect(cabins.length).toBeGreaterThan(50)
    expect(photos.length).toBe(cabins.length * 5)
  })

  it('has every width of every photo, at its size; a card a phone fetches stays within 30 KB', async () => {
    for (const url of photos) {
      const [, folder, photoNumber] = must(
        /^\/media\/(.+\/)(\d+)\.webp$/.exec(url),
        '/^\\/media\\/(.+\\/)(\\d+)\\.webp$/.exec(url)',
      )
      for (const { width, height } of HOSTED_IMAGE_VARIANTS) {
        const file = `${MEDIA}${folder}${hostedImageFileName(Number(photoNumber), width)}`
        const metadata = await sharp(file).metadata()
        expect([metadata.format, metadata.width, metadata.height], file).toEqual(['webp', width, height])
        if (width <= 640) expect(statSync(file).size, file).toBeLessThanOrEqual(30 * KB)
      }
    }
  })

  it('has a 1200×630 JPEG of at most 80 KB wherever ogImagePath points, and nothing it does not name', async () => {
    let previews = 0
    for (const url of photos) {
      const path = ogImagePath({ url })
      const folder = url.replace(/\d+\.webp$/, '')
      const written = readdirSync(`${MEDIA}${folder.slice('/media/'.length)}`).filter((file) =>
        file.endsWith('.jpg'),
      )
      if (!path) continue
      previews++
      expect(written).toContain(path.slice(folder.length))
      const file = `${MEDIA}${path.slice('/media/'.length)}`
      const metadata = await sharp(file).metadata()
      expect([metadata.format, metadata.width, metadata.height], file).toEqual([
        'jpeg',
        OG_IMAGE_SIZE.width,
        OG_IMAGE_SIZE.height,
      ])
      expect(statSync(file).size, file).toBeLessThanOrEqual(80 * KB)
    }
    expect(previews).toBe(cabins.length)
    const jpegs = cabins.flatMap((slug) =>
      readdirSync(`${MEDIA}cabins/${slug}`).filter((f) => f.endsWith('.jpg')),
    )
    expect(jpegs).toHaveLength(cabins.length)
  })

  it("has the site's own link preview", async () => {
    const file = `${WEB_PUBLIC}${DEFAULT_OG_IMAGE.slice(1)}`
    expect(existsSync(file)).toBe(true)
    const metadata = await sharp(file).metadata()
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630])
    expect(statSync(file).size).toBeLessThanOrEqual(80 * KB)
  })
})
