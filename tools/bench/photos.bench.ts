// npm run bench:photos — how long publishing a listing's photos takes on this machine (issue 21: a
// 5-photo listing stores its processed images in ≤ 5 s). Five phone-like photos go through the upload's
// own steps, one at a time as a process does (processing-slots.ts): the type sniffed from the bytes,
// decoded with the pixel limit, turned upright, stripped of metadata, cut to every served width and the
// link preview, then written to the local storage with their record. Twice: as the editor sends them
// (shrunk in the browser to 2400 px) and as a camera writes them (4032×3024, 12 MP). Prints the time per
// photo, the total and the process's peak memory (RSS), with the machine's load.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { PHOTO_LIMITS } from '../../apps/api/src/config.ts'
import { processPhoto } from '../../apps/api/src/features/photos/photo-pipeline.ts'
import { createLocalStorage } from '../../apps/api/src/features/photos/photo-storage.ts'
import { savePhotoUpload } from '../../apps/api/src/features/photos/photos.service.ts'

const PHOTOS = 5
const TARGET_MS = 5000

/** A photo with a camera's detail: coloured noise, softened so it compresses like a real scene. */
async function phonePhoto(width: number, height: number, seed: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 90 + seed * 20, sigma: 60 },
    },
  })
    .blur(1.2)
    .raw()
    .toBuffer({ resolveWithObject: true })
  return sharp(noise.data, { raw: noise.info }).jpeg({ quality: 88 }).toBuffer()
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

async function run(label: string, width: number, height: number) {
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => phonePhoto(width, height, i)))
  const dir = mkdtempSync(path.join(tmpdir(), 'cabanas-bench-photos-'))
  const storage = createLocalStorage(dir)
  const times: number[] = []
  const started = performance.now()
  for (const bytes of photos) {
    const start = performance.now()
    const processed = await processPhoto(bytes, PHOTO_LIMITS)
    await savePhotoUpload(storage, processed, {
      id: randomUUID(),
      ownerId: randomUUID(),
      sourceBytes: bytes.length,
      now: new Date(),
    })
    times.push(performance.now() - start)
  }
  const total = performance.now() - started
  rmSync(dir, { recursive: true, force: true })
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
  console.log(
    `${label}: ${width}×${height}, ${mb(photos.reduce((sum, p) => sum + p.length, 0) / PHOTOS)} MB de media`,
  )
  console.log(`  por foto (ms): ${times.map((t) => t.toFixed(0)).join(', ')}`)
  console.log(`  total: ${(total / 1000).toFixed(2)} s (objetivo ≤ ${TARGET_MS / 1000} s)`)
  return total
}

console.log(`Carga del sistema (1, 5, 15 min) al empezar: ${load()}`)
const fromEditor = await run('Como las manda el editor (reducidas en el navegador)', 2400, 1800)
const fromCamera = await run('Como las escribe la cámara (sin reducir)', 4032, 3024)
console.log(`RSS máximo del proceso: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`)
console.log(`Carga del sistema al terminar: ${load()}`)
process.exit(fromEditor <= TARGET_MS && fromCamera <= TARGET_MS ? 0 : 1)
