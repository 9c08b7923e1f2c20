/**
 * Draws the demo catalogue's pictures: five illustrations per cabin, each written in every hosted width
 * (packages/domain/src/catalog/images.ts: 400, 640 'card', 800 and 1200 wide WebP), plus a 1200×630 JPEG of
 * each cabin's cover for link previews, and the site's default link preview apps/web/public/og-image.jpg.
 *   node --import tsx tools/demo-photos/generate-images.ts [slug …]
 * Deterministic (seeded from each slug) and idempotent: a cabin's folder is rewritten from scratch. Every
 * file of a photo comes from the same raw render, so the existing widths keep their bytes.
 */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import {
  HOSTED_IMAGE_VARIANTS,
  hostedImageFileName,
  OG_IMAGE_SIZE,
  ogImageFileName,
} from '@cabanas/domain/catalog'
import { requireValue } from '@cabanas/domain/shared'
import sharp, { type Sharp } from 'sharp'
import { SEED_CABINS, type SeedCabin } from '../../apps/api/src/db/seed-data/catalogue.ts'
import { describeImage, IMAGES_PER_CABIN, imageKindsFor } from '../../apps/api/src/db/seed-data/images.ts'
import { illustrate } from './illustrations/illustrate.ts'

const MEDIA_DIR = fileURLToPath(new URL('../../apps/api/media/cabins/', import.meta.url))
const SITE_OG_IMAGE = fileURLToPath(new URL('../../apps/web/public/og-image.jpg', import.meta.url))
/** The photo behind the site's own link preview: a cabin at sunset among pines. */
const SITE_OG_PHOTO = { slug: 'tapalpa-cabana-atacco', photo: 0 }
const KB = 1024
/**
 * Per width: the largest file allowed (a card must stay ≤ 30 KB, the 640 one being what a phone picks) and the
 * WebP qualities tried in turn. A width over its limit at the lowest quality stops the run.
 */
const WEBP: Record<number, { maxBytes: number; qualities: number[] }> = {
  400: { maxBytes: 15 * KB, qualities: [80, 72, 64, 56, 48] },
  640: { maxBytes: 30 * KB, qualities: [80, 72, 64, 56, 48] },
  800: { maxBytes: 45 * KB, qualities: [80, 72, 64, 56] },
  1200: { maxBytes: 90 * KB, qualities: [80, 72, 64, 56] },
}
/** A hosted width's limit and qualities: every width of HOSTED_IMAGE_VARIANTS has them. */
function webpFor(width: number) {
  const limits = WEBP[width]
  if (limits === undefined) throw new Error(`no WebP limit for ${width} px wide pictures`)
  return limits
}
/** Link previews: WhatsApp and others skip images much over 300 KB; we aim far lower. */
const OG = { maxBytes: 80 * KB, qualities: [82, 76, 70, 62, 54] }
const CONCURRENCY = 2

type Written = { file: string; bytes: number; size: number | 'og' }

/** Encodes at decreasing quality until the file fits; returns the smallest attempt if none does. */
async function encodeWithin(
  image: () => Sharp,
  maxBytes: number,
  qualities: number[],
  format: 'webp' | 'jpeg' = 'webp',
): Promise<Buffer> {
  let best: Buffer | null = null
  for (const quality of qualities) {
    const encoder = image()
    const buffer = await (format === 'webp'
      ? encoder.webp({ quality, effort: 5, preset: 'drawing', smartSubsample: true })
      : encoder.jpeg({ quality, mozjpeg: true })
    ).toBuffer()
    if (!best || buffer.length < best.length) best = buffer
    if (buffer.length <= maxBytes) return buffer
  }
  if (best === null) throw new Error('no quality to encode at')
  return best
}

type RawPhoto = { data: Buffer; raw: { raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } } }

async function renderRaw(cabin: SeedCabin, index: number): Promise<RawPhoto> {
  const spec = requireValue(
    imageKindsFor(cabin.slug, cabin.imageTheme)[index],
    `picture ${index} of ${cabin.slug}`,
  )
  const svg = illustrate(cabin, spec, index)
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, raw: { raw: { width: info.width, height: info.height, channels: info.channels } } }
}

/** The raw render at another size, cropped from the centre when the shape differs. */
function resized({ data, raw }: RawPhoto, width: number, height: number): Sharp {
  const image = sharp(data, raw)
  if (width === raw.raw.width && height === raw.raw.height) return image
  return image.resize(width, height, { fit: 'cover', kernel: 'lanczos3' })
}

async function renderCabin(cabin: SeedCabin): Promise<Written[]> {
  const dir = `${MEDIA_DIR}${cabin.slug}/`
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  const written: Written[] = []
  const write = async (name: string, buffer: Buffer, size: Written['size']) => {
    const file = `${dir}${name}`
    await writeFile(file, buffer)
    written.push({ file, bytes: buffer.length, size })
  }
  const specs = imageKindsFor(cabin.slug, cabin.imageTheme)
  for (const [index, spec] of specs.entries()) {
    const photo = await renderRaw(cabin, index)
    const photoNumber = index + 1
    for (const { width, height } of HOSTED_IMAGE_VARIANTS) {
      const { maxBytes, qualities } = webpFor(width)
      const buffer = await encodeWithin(() => resized(photo, width, height), maxBytes, qualities)
      if (buffer.length > maxBytes && width < 1200) {
        throw new Error(
          `Image too large: ${cabin.slug} #${photoNumber} (${describeImage(spec, cabin)}) ${width} px is ${buffer.length} bytes, limit ${maxBytes}`,
        )
      }
      await write(hostedImageFileName(photoNumber, width), buffer, width)
    }
    const ogName = ogImageFileName(photoNumber)
    if (ogName) {
      const og = await encodeWithin(
        () => resized(photo, OG_IMAGE_SIZE.width, OG_IMAGE_SIZE.height),
        OG.maxBytes,
        OG.qualities,
        'jpeg',
      )
      await write(ogName, og, 'og')
    }
  }
  return written
}

/** Escapes text for an SVG text node. */
const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')

/**
 * The site's default link preview (home, results): a demo photo, its sky darkened under the brand's
 * house mark, name and promise. Text is drawn with the machine's sans-serif (DejaVu or Liberation here).
 */
async function renderSiteOgImage(): Promise<Written> {
  const cabin = SEED_CABINS.find((candidate) => candidate.slug === SITE_OG_PHOTO.slug)
  if (!cabin) throw new Error(`Unknown seed cabin for the site preview: ${SITE_OG_PHOTO.slug}`)
  const { width, height } = OG_IMAGE_SIZE
  const photo = await resized(await renderRaw(cabin, SITE_OG_PHOTO.photo), width, height)
    .png({ compressionLevel: 0 })
    .toBuffer()
  const font = "font-family='DejaVu Sans, Liberation Sans, Arial, sans-serif'"
  const overlay = `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}'>
  <defs><linearGradient id='shade' x1='0' x2='0' y1='0' y2='1'>
    <stop offset='0' stop-color='#10261b' stop-opacity='0.8'/>
    <stop offset='0.42' stop-color='#10261b' stop-opacity='0.5'/>
    <stop offset='0.62' stop-color='#10261b' stop-opacity='0'/>
  </linearGradient></defs>
  <rect width='${width}' height='${height}' fill='url(#shade)'/>
  <g transform='translate(72 58) scale(3)'>
    <rect width='32' height='32' rx='8' fill='#24553c'/>
    <path d='M16 6 5 15h3v10h16V15h3z' fill='#f4c8b1'/>
    <path d='M16 6 5 15h3.2L16 8.6 23.8 15H27z' fill='#c14525'/>
    <rect x='13.5' y='18' width='5' height='7' rx='1' fill='#24553c'/>
  </g>
  <text x='190' y='136' ${font} font-size='80' font-weight='bold' fill='#ffffff'>${xml('Cabañas MX')}</text>
  <text x='74' y='210' ${font} font-size='36' fill='#f0f7f2'>${xml('Cabañas para rentar en todo México:')}</text>
  <text x='74' y='256' ${font} font-size='36' fill='#f0f7f2'>${xml('bosques, playas, lagos y pueblos mágicos.')}</text>
</svg>`
  const jpeg = await encodeWithin(
    () => sharp(photo).composite([{ input: Buffer.from(overlay) }]),
    OG.maxBytes,
    OG.qualities,
    'jpeg',
  )
  await writeFile(SITE_OG_IMAGE, jpeg)
  return { file: SITE_OG_IMAGE, bytes: jpeg.length, size: 'og' }
}

/** Removes folders of cabins that are no longer in the catalogue. */
async function removeStaleFolders(keep: Set<string>): Promise<void> {
  const entries = await readdir(MEDIA_DIR, { withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (entry.isDirectory() && !keep.has(entry.name)) {
      await rm(`${MEDIA_DIR}${entry.name}`, { recursive: true, force: true })
      console.log(`removed stale ${entry.name}`)
    }
  }
}

async function main(): Promise<void> {
  const only = new Set(process.argv.slice(2))
  const cabins = only.size > 0 ? SEED_CABINS.filter((cabin) => only.has(cabin.slug)) : [...SEED_CABINS]
  if (only.size > 0 && cabins.length !== only.size) throw new Error('Unknown slug among the arguments')
  sharp.concurrency(1)
  await mkdir(MEDIA_DIR, { recursive: true })
  if (only.size === 0) await removeStaleFolders(new Set(cabins.map((cabin) => cabin.slug)))

  const started = performance.now()
  const written: Written[] = []
  let next = 0
  const worker = async () => {
    // Each worker takes the next cabin until none is left.
    for (;;) {
      const cabin = cabins[next++]
      if (cabin === undefined) return
      written.push(...(await renderCabin(cabin)))
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  if (only.size === 0 || only.has(SITE_OG_PHOTO.slug)) written.push(await renderSiteOgImage())

  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`
  const total = written.reduce((sum, w) => sum + w.bytes, 0)
  console.log(
    `${cabins.length} cabins, ${cabins.length * IMAGES_PER_CABIN} pictures, ${written.length} files, ${(total / KB / KB).toFixed(2)} MB`,
  )
  for (const size of [...HOSTED_IMAGE_VARIANTS.map((variant) => variant.width), 'og' as const]) {
    const files = written.filter((w) => w.size === size)
    if (files.length === 0) continue
    const largest = files.reduce((a, b) => (b.bytes > a.bytes ? b : a))
    const average = files.reduce((sum, w) => sum + w.bytes, 0) / files.length
    const label = size === 'og' ? 'link previews' : `${size} px`
    console.log(
      `${label}: ${files.length} files, average ${kb(average)}, largest ${kb(largest.bytes)} (${largest.file})`,
    )
  }
  const oversized = written.filter((w) => w.size === 1200 && w.bytes > webpFor(1200).maxBytes)
  if (oversized.length > 0)
    console.warn(`${oversized.length} full-size pictures exceed ${kb(webpFor(1200).maxBytes)}`)
  const overOg = written.filter((w) => w.size === 'og' && w.bytes > OG.maxBytes)
  if (overOg.length > 0) console.warn(`${overOg.length} link previews exceed ${kb(OG.maxBytes)}`)
  const dirSize = (await Promise.all(written.map((w) => stat(w.file)))).reduce((sum, s) => sum + s.size, 0)
  console.log(
    `done in ${((performance.now() - started) / 1000).toFixed(1)} s (${(dirSize / KB / KB).toFixed(2)} MB on disk)`,
  )
}

await main()
