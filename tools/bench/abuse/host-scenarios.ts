import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { LISTING_API, listingApiMessages } from '@cabanas/domain/listings'
import { photoMessages } from '@cabanas/domain/photos'
import { requireValue } from '@cabanas/domain/shared'
import sharp from 'sharp'
import { PHOTO_LIMITS } from '../../../apps/api/src/config.ts'
import {
  pdfBytes,
  phonePhotoWithGps,
  pngBomb,
  solidPhoto,
} from '../../../apps/api/src/test/photo-fixtures.ts'
import { multipartBody } from '../multipart.ts'
import { call, sleep } from './client.ts'
import {
  base,
  type HostAbuseContext,
  newAddress,
  newHost,
  photoPart,
  readListing,
  type Session,
  sameFiles,
  storedFiles,
  streamUpload,
  upload,
} from './host-kit.ts'
import { firstRefusal } from './limits-scenarios.ts'
import { rssMb } from './processes.ts'
import { serverAt } from './scenarios.ts'

/*
 * Issue 21: hosts upload photos and publish cabins. Each attack gets a Spanish 4xx, and nothing stored
 * is lost or left half done: the photo storage on disk, the listing's draft and version, the cabin.
 */

import { listingsRefuseHostileEdits } from './listing-edit-scenarios.ts'

const MB = 1024 * 1024
const alive = async (ctx: HostAbuseContext) =>
  (await Promise.all(ctx.servers.map(async (s) => (await fetch(`${s.url}/health`)).ok))).every(Boolean)

/** A refused upload: its status and exact Spanish message, and the storage exactly as before. */
async function refusedUpload(
  ctx: HostAbuseContext,
  label: string,
  send: () => Promise<{ status: number | null; json: Record<string, unknown> }>,
  expected: { status: number; message: string },
) {
  const before = await storedFiles(ctx.storageDir)
  const started = performance.now()
  const answer = await send()
  const ms = Math.round(performance.now() - started)
  await sleep(500)
  const after = await storedFiles(ctx.storageDir)
  ctx.figure(`${label}: ${answer.status} en ${ms} ms, «${String(answer.json.error ?? '')}»`)
  ctx.check(
    answer.status === expected.status && answer.json.error === expected.message,
    `${label}: ${expected.status} con el mensaje en español`,
  )
  ctx.check(sameFiles(before, after), `${label}: nada queda en el almacenamiento de fotos`)
}

/** 200 MB, a PDF named .jpg, a 50,000 × 50,000 PNG, a connection cut mid-photo. */
export async function hostileUploadsStoreNothing(ctx: HostAbuseContext, host: Session) {
  const headers = { ...host, ...newAddress() }
  const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0])
  const filler = Buffer.alloc(MB, 0x41)
  let huge = { sent: 0, ms: 0 }
  await refusedUpload(
    ctx,
    'una foto de 200 MB',
    async () => {
      const answer = await streamUpload(base(ctx), headers, {
        size: 200 * MB,
        bytes: (offset, length) =>
          (offset === 0 ? Buffer.concat([jpegStart, filler]) : filler).subarray(0, length),
      })
      huge = answer
      return answer
    },
    { status: 413, message: photoMessages.tooLarge(PHOTO_LIMITS.maxFileBytes) },
  )
  ctx.figure(`200 MB: la respuesta llegó tras enviar ${Math.round(huge.sent / MB)} MB (${huge.ms} ms)`)
  ctx.check(huge.sent < 200 * MB, 'la respuesta a 200 MB llega antes de que terminen de subir')

  await refusedUpload(
    ctx,
    'un PDF llamado .jpg',
    () => upload(ctx, host, [photoPart(pdfBytes, 'contrato.jpg')]),
    {
      status: 415,
      message: photoMessages.unsupportedType,
    },
  )

  const bomb = pngBomb(50_000)
  const rssBefore = rssMb(serverAt(ctx, 0).pid)
  await refusedUpload(
    ctx,
    `un PNG de 50,000 × 50,000 (${Math.round(bomb.length / 1024)} KB)`,
    () => upload(ctx, host, [{ ...photoPart(bomb, 'bomba.png'), contentType: 'image/png' }]),
    { status: 413, message: photoMessages.tooManyPixels(PHOTO_LIMITS.maxInputPixels) },
  )
  const rssAfter = rssMb(serverAt(ctx, 0).pid)
  ctx.figure(`memoria del servidor alrededor de la bomba: ${rssBefore} → ${rssAfter} MB`)
  ctx.check(rssAfter - rssBefore < 200, 'la bomba no se descomprime (la memoria no crece ni 200 MB)')

  // A phone that loses signal halfway through a photo: nothing half written, and the next upload works.
  const photo = await solidPhoto(1600, 1200)
  const before = await storedFiles(ctx.storageDir)
  const cut = await streamUpload(
    base(ctx),
    { ...host, ...newAddress() },
    {
      size: photo.length,
      bytes: (offset, length) => photo.subarray(offset, offset + length),
      dropAfter: photo.length >> 1,
    },
  )
  await sleep(2000)
  const after = await storedFiles(ctx.storageDir)
  ctx.figure(
    `conexión cortada tras ${cut.sent} de ${photo.length} bytes: ${after.length - before.length} archivos nuevos`,
  )
  ctx.check(sameFiles(before, after), 'una subida cortada no deja media foto (ni archivos temporales)')
  const next = await upload(ctx, host, [photoPart(photo)])
  ctx.check(next.status === 201 && (await alive(ctx)), 'el servidor sigue aceptando fotos después del corte')
}

/** A phone photo with GPS: every stored and served copy is free of EXIF, GPS and XMP. */
export async function photosLoseTheirMetadata(ctx: HostAbuseContext, host: Session) {
  const res = await upload(ctx, host, [photoPart(await phonePhotoWithGps())])
  const id = (res.json.photos as { id: string }[] | undefined)?.[0]?.id
  ctx.check(res.status === 201 && !!id, `una foto de teléfono con GPS se acepta (${res.status})`)
  if (!id) return
  const names = (await storedFiles(ctx.storageDir))
    .filter((file) => file.startsWith(`photos${path.sep}${id}${path.sep}`) && !file.endsWith('upload.json'))
    .map((file) => path.basename(file))
  const leaks: string[] = []
  for (const name of names) {
    const stored = await readFile(path.join(ctx.storageDir, 'photos', id, name))
    const served = Buffer.from(await (await fetch(`${base(ctx)}/media/photos/${id}/${name}`)).arrayBuffer())
    for (const [where, bytes] of [
      ['guardada', stored],
      ['servida', served],
    ] as const) {
      const meta = await sharp(bytes).metadata()
      const text = bytes.toString('latin1')
      if (meta.exif || meta.xmp || /iPhone|Apple|Ana Rodr/.test(text)) {
        leaks.push(`${name} ${where}`)
      }
    }
  }
  ctx.figure(`copias revisadas: ${names.join(', ')}; con metadatos: ${leaks.join(', ') || 'ninguna'}`)
  ctx.check(
    names.length === 5 && leaks.length === 0,
    'ninguna copia guardada ni servida conserva EXIF, GPS ni XMP',
  )
}

/** Photo uploads and listing writes per host: a Spanish 429, and what was saved before stays. */
export async function hostWritesAreRateLimited(ctx: HostAbuseContext) {
  const host = await newHost(ctx, 'limite-fotos')
  const first = await upload(ctx, host, [photoPart(await solidPhoto(800, 533))])
  const kept = requireValue((first.json.photos as { id: string }[])[0], 'the first uploaded photo').id
  const address = newAddress()
  const pdf = multipartBody([photoPart(pdfBytes, 'contrato.jpg')])
  const at = await firstRefusal(ctx, 'subidas de fotos de un anfitrión (alternando procesos)', 120, (i) =>
    call(base(ctx, i), 'POST', '/api/photos', {
      headers: { ...host, ...address, 'content-type': pdf.contentType },
      body: pdf.body,
    }),
  )
  const last = await upload(ctx, host, [photoPart(await solidPhoto(800, 533))])
  ctx.check(at === 100 && last.status === 429, `la foto 101 de la hora es un 429 (intento ${at} tras 1 foto)`)
  ctx.check(last.json.error === photoMessages.tooManyUploads, '429 de fotos con su mensaje')
  const still = await fetch(`${base(ctx, 1)}/media/photos/${kept}/1.webp`)
  ctx.check(still.status === 200, 'la foto subida antes del límite se sigue sirviendo')

  const writer = await newHost(ctx, 'limite-anuncios')
  const created = await firstRefusal(ctx, 'borradores nuevos de un anfitrión', 40, (i) =>
    call(base(ctx, i), 'POST', LISTING_API.mine, { headers: writer }),
  )
  const mine = await call(base(ctx), 'GET', LISTING_API.mine, { headers: writer })
  const count = (mine.json.listings as unknown[] | undefined)?.length
  ctx.check(created === 31 && count === 30, `el borrador 31 de la hora es un 429; quedan los 30 (${count})`)

  // Autosaves: one stored, 119 more in flight with a stale version (counted, refused 409), then 429.
  const saver = await newHost(ctx, 'limite-guardados')
  const draft = (await call(base(ctx), 'POST', LISTING_API.mine, { headers: saver })).json.listing as {
    id: string
  }
  const title = { title: 'Cabaña guardada antes del límite', description: 'x'.repeat(100) }
  const saved = await call(base(ctx), 'PUT', LISTING_API.step(draft.id, 'description'), {
    headers: saver,
    body: { value: title, version: 0 },
  })
  const statuses = await Promise.all(
    Array.from({ length: 119 }, (_, i) =>
      call(base(ctx, i), 'PUT', LISTING_API.step(draft.id, 'type'), {
        headers: saver,
        body: { value: { accommodationType: 'Domo' }, version: 0 },
      }).then((res) => res.status),
    ),
  )
  const over = await call(base(ctx, 1), 'PUT', LISTING_API.step(draft.id, 'description'), {
    headers: saver,
    body: { value: { ...title, title: 'Cabaña guardada después del límite' }, version: 1 },
  })
  const after = await readListing(ctx, saver, draft.id)
  ctx.figure(
    `autoguardados: 1 × ${saved.status}, 119 × ${[...new Set(statuses)].join('/')}, el 121 → ${over.status}`,
  )
  ctx.check(
    over.status === 429 && over.json.error === listingApiMessages.tooManyChanges,
    'el autoguardado 121 del minuto es un 429 en español',
  )
  ctx.check(
    after.version === 1 && after.draft.description?.title === title.title,
    'el borrador conserva lo guardado antes del límite',
  )
}

/** Every host scenario, in order: two hosts of their own, then the limits on fresh hosts. */
export async function hostsCannotBreakListings(ctx: HostAbuseContext) {
  const owner = await newHost(ctx, 'anfitriona')
  const intruder = await newHost(ctx, 'intruso')
  await hostileUploadsStoreNothing(ctx, intruder)
  await photosLoseTheirMetadata(ctx, owner)
  await listingsRefuseHostileEdits(ctx, owner, intruder)
  await hostWritesAreRateLimited(ctx)
}
