/**
 * Draws the demo catalogue's pictures: five illustrations per cabin, as full-size and card-size WebP.
 *   node --import tsx apps/api/scripts/generate-images.ts [slug …]
 * Deterministic (seeded from each slug) and idempotent: a cabin's folder is rewritten from scratch.
 */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp, { type Sharp } from 'sharp'
import { SEED_CABINS, type SeedCabin } from '../src/db/seed-data/catalogue.ts'
import { describeImage, imageFileName, imageKindsFor } from '../src/db/seed-data/images.ts'
import { illustrate } from './illustrations/illustrate.ts'

const MEDIA_DIR = fileURLToPath(new URL('../media/cabins/', import.meta.url))
const FULL = { width: 1200, height: 800, maxBytes: 90 * 1024 }
const CARD = { width: 640, height: 427, maxBytes: 60 * 1024 }
const CONCURRENCY = 2

type Written = { file: string; bytes: number; size: 'full' | 'card' }

/** Encodes at decreasing quality until the file fits; returns the smallest attempt if none does. */
async function encodeWithin(image: () => Sharp, maxBytes: number, qualities: number[]): Promise<Buffer> {
  let best: Buffer | null = null
  for (const quality of qualities) {
    const buffer = await image()
      .webp({ quality, effort: 5, preset: 'drawing', smartSubsample: true })
      .toBuffer()
    if (!best || buffer.length < best.length) best = buffer
    if (buffer.length <= maxBytes) return buffer
  }
  return best!
}

async function renderCabin(cabin: SeedCabin): Promise<Written[]> {
  const dir = `${MEDIA_DIR}${cabin.slug}/`
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  const written: Written[] = []
  const specs = imageKindsFor(cabin.slug, cabin.imageTheme)
  for (const [index, spec] of specs.entries()) {
    const svg = illustrate(cabin, spec, index)
    const { data, info } = await sharp(Buffer.from(svg))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const
    const full = await encodeWithin(() => sharp(data, raw), FULL.maxBytes, [80, 72, 64, 56])
    const card = await encodeWithin(
      () => sharp(data, raw).resize(CARD.width, CARD.height, { fit: 'cover', kernel: 'lanczos3' }),
      CARD.maxBytes,
      [80, 72, 64, 56, 48],
    )
    if (card.length > CARD.maxBytes) {
      throw new Error(
        `Card image too large: ${cabin.slug} #${index + 1} (${describeImage(spec, cabin)}) is ${card.length} bytes, limit ${CARD.maxBytes}`,
      )
    }
    for (const [size, buffer] of [
      ['full', full],
      ['card', card],
    ] as const) {
      const file = `${dir}${imageFileName(index, size)}`
      await writeFile(file, buffer)
      written.push({ file, bytes: buffer.length, size })
    }
  }
  return written
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
    while (next < cabins.length) {
      const cabin = cabins[next++]!
      written.push(...(await renderCabin(cabin)))
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))

  const cards = written.filter((w) => w.size === 'card')
  const fulls = written.filter((w) => w.size === 'full')
  const largest = (list: Written[]) => list.reduce((a, b) => (b.bytes > a.bytes ? b : a))
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const total = written.reduce((sum, w) => sum + w.bytes, 0)
  const oversized = fulls.filter((w) => w.bytes > FULL.maxBytes)
  console.log(
    `${cabins.length} cabins, ${fulls.length} pictures, ${written.length} files, ${(total / 1024 / 1024).toFixed(2)} MB`,
  )
  console.log(
    `largest full ${kb(largest(fulls).bytes)} (${largest(fulls).file}), largest card ${kb(largest(cards).bytes)}`,
  )
  if (oversized.length > 0) console.warn(`${oversized.length} full-size pictures exceed ${kb(FULL.maxBytes)}`)
  const dirSize = (await Promise.all(written.map((w) => stat(w.file)))).reduce((sum, s) => sum + s.size, 0)
  console.log(
    `done in ${((performance.now() - started) / 1000).toFixed(1)} s (${(dirSize / 1024 / 1024).toFixed(2)} MB on disk)`,
  )
}

await main()
