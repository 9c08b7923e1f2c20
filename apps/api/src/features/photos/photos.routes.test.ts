import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { PhotoUploadResponseSchema } from '@cabanas/domain/photos'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { signSession } from '../../lib/session-tokens.ts'
import { countRecentEvents, recordEvents } from '../../plugins/rate-limits.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertClient } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { exifHasGps, pdfBytes, phonePhotoWithGps, pngBomb, solidPhoto } from '../../test/photo-fixtures.ts'
import { S3_EMULATOR_CREDENTIALS, startS3Emulator } from '../../test/s3-emulator.ts'
import { createPhotoStorage } from './photo-storage.ts'
import { findPhotoUpload } from './photos.service.ts'

type Ctx = Awaited<ReturnType<typeof buildTestApp>>
type Part = { field?: string; filename?: string; contentType?: string; body: Buffer | string }

const BOUNDARY = '----cabanas-prueba-7d3f'

/** A multipart/form-data body, written by hand so a test can lie about names and types as a client may. */
function multipart(parts: Part[], { close = true } = {}) {
  const chunks = parts.flatMap(({ field = 'photos', filename, contentType, body }) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"${filename ? `; filename="${filename}"` : ''}\r\n` +
        (contentType ? `Content-Type: ${contentType}\r\n` : '') +
        '\r\n',
    ),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
    Buffer.from('\r\n'),
  ])
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  }
}

const photoPart = (body: Buffer, filename = 'IMG_0001.jpg'): Part => ({
  filename,
  contentType: 'image/jpeg',
  body,
})

let addressCounter = 0
/** A signed-in client, with an address of its own (per-address limits stay out of other tests). */
async function signedIn(ctx: Ctx) {
  const client = await insertClient(ctx.db)
  const { token } = await signSession(ctx.app.sessionKey, {
    clientId: client.id,
    rememberMe: false,
    epoch: client.sessionEpoch,
    now: ctx.clock.now(),
  })
  addressCounter += 1
  return {
    clientId: client.id,
    remoteAddress: `10.77.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`,
    authorization: `Bearer ${token}`,
  }
}

async function upload(ctx: Ctx, parts: Part[], options: { close?: boolean } = {}) {
  const who = await signedIn(ctx)
  const { payload, headers } = multipart(parts, options)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/photos',
    remoteAddress: who.remoteAddress,
    headers: { ...headers, authorization: who.authorization },
    payload,
  })
  return { res, who }
}

const errorOf = (res: { json: () => unknown }) => res.json() as { errorType: string; message: string }

describe('photo uploads on the local folder', () => {
  let ctx: Ctx
  let dataDir: string
  const storedIds = async () =>
    readdir(path.join(dataDir, 'storage/photos')).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []
      throw error
    })

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'photos-routes-'))
    ctx = await buildTestApp({ env: { DATA_DIR: dataDir } })
  })
  afterAll(async () => {
    await ctx?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('refuses an anonymous upload with 401', async () => {
    const { payload, headers } = multipart([photoPart(await solidPhoto(1200, 800))])
    const res = await ctx.app.inject({ method: 'POST', url: '/api/photos', headers, payload })
    expect(res.statusCode).toBe(401)
    expect(errorOf(res).errorType).toBe('UNAUTHORIZED')
  })

  it('stores a phone photo upright, without its GPS, and serves every width at stable addresses', async () => {
    const before = await storedIds()
    // The name and the declared type are the client's to get wrong: only the bytes count.
    const { res, who } = await upload(ctx, [
      { filename: 'Casa de Ana (Tapalpa).heic', contentType: 'image/heic', body: await phonePhotoWithGps() },
    ])
    expect(res.statusCode).toBe(201)
    const { photos } = PhotoUploadResponseSchema.parse(res.json())
    expect(photos).toHaveLength(1)
    const [photo] = photos
    expect(photo).toMatchObject({ width: 1000, height: 1600 })
    expect(must(photo, 'photo').url).toBe(`/media/photos/${must(photo, 'photo').id}/1.webp`)
    expect(must(photo, 'photo').preview).toBe(`/media/photos/${must(photo, 'photo').id}/1-card.webp`)
    expect(JSON.stringify(res.json())).not.toContain('Tapalpa')

    for (const { url, width, height } of [
      ...must(photo, 'photo').sources,
      { url: must(photo, 'photo').shareImage, width: 1200, height: 630 },
    ]) {
      const served = await ctx.app.inject({ url })
      expect(served.statusCode, url).toBe(200)
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(served.headers['content-type']).toBe(url.endsWith('.jpg') ? 'image/jpeg' : 'image/webp')
      const metadata = await sharp(served.rawPayload).metadata()
      expect(metadata).toMatchObject({ width, height })
      expect(metadata.exif).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
    }
    expect(await storedIds()).toEqual([...before, must(photo, 'photo').id].sort())
    const record = await findPhotoUpload(
      createPhotoStorage(loadConfig({ DATA_DIR: dataDir }).storage),
      must(photo, 'photo').id,
    )
    expect(record).toMatchObject({
      id: must(photo, 'photo').id,
      ownerId: who.clientId,
      sourceType: 'jpeg',
      width: 1000,
    })
    expect(JSON.stringify(record)).not.toContain('Tapalpa')
  })

  it('takes several photos in one request, each counted by the per-client limit', async () => {
    const { res, who } = await upload(ctx, [
      photoPart(await solidPhoto(800, 533)),
      photoPart(await solidPhoto(900, 600, 'png'), 'b.png'),
    ])
    expect(res.statusCode).toBe(201)
    expect(PhotoUploadResponseSchema.parse(res.json()).photos).toHaveLength(2)
    expect(await countRecentEvents(ctx.db, `photo-upload:${who.clientId}`, 3600)).toBe(2)
  })

  it('refuses a PDF named .jpg with 415 and stores nothing', async () => {
    const before = await storedIds()
    const { res } = await upload(ctx, [photoPart(pdfBytes, 'foto.jpg')])
    expect(res.statusCode).toBe(415)
    expect(errorOf(res)).toMatchObject({
      errorType: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'El archivo no es una foto JPEG, PNG, WebP o AVIF.',
    })
    expect(await storedIds()).toEqual(before)
  })

  it('stores all of a request or none: a bad third photo removes the two stored before it', async () => {
    const before = await storedIds()
    const { res } = await upload(ctx, [
      photoPart(await solidPhoto(800, 533)),
      photoPart(await solidPhoto(820, 560)),
      photoPart(await solidPhoto(640, 480), 'pequeña.jpg'),
    ])
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).message).toBe(
      'La foto mide 640 × 480 píxeles; para tu cabaña debe medir al menos 800 × 533.',
    )
    expect(await storedIds()).toEqual(before)
  })

  it('refuses a decompression bomb with 413', async () => {
    const { res } = await upload(ctx, [{ filename: 'x.png', contentType: 'image/png', body: pngBomb() }])
    expect(res.statusCode).toBe(413)
    expect(errorOf(res).message).toContain('megapíxeles')
  })

  it('refuses a file over 20 MB with 413 and a Spanish message, never a 500', async () => {
    const huge = Buffer.concat([await solidPhoto(1200, 800), randomBytes(20 * 1024 * 1024)])
    const { res } = await upload(ctx, [photoPart(huge)])
    expect(res.statusCode).toBe(413)
    expect(errorOf(res)).toMatchObject({
      errorType: 'PAYLOAD_TOO_LARGE',
      message: 'Cada foto puede pesar hasta 20 MB; elige una más ligera.',
    })
  })

  it('refuses an 11th photo in one request with 413, keeping none of the ten', async () => {
    const before = await storedIds()
    const small = await solidPhoto(800, 533)
    const { res } = await upload(
      ctx,
      Array.from({ length: 11 }, () => photoPart(small)),
    )
    expect(res.statusCode).toBe(413)
    expect(errorOf(res).message).toBe('Puedes subir hasta 10 fotos a la vez.')
    expect(await storedIds()).toEqual(before)
  })

  it('refuses a request with too many fields, one with no photo, and a JSON body', async () => {
    const fields = Array.from({ length: 30 }, (_, i) => ({ field: `f${i}`, body: 'x' }))
    const tooMany = await upload(ctx, fields)
    expect(tooMany.res.statusCode).toBe(413)
    expect(errorOf(tooMany.res).message).toBe('La solicitud trae demasiados campos; envía solo las fotos.')

    const none = await upload(ctx, [{ field: 'alt', body: 'Vista al bosque' }])
    expect(none.res.statusCode).toBe(400)
    expect(errorOf(none.res).message).toBe('Elige al menos una foto.')

    const who = await signedIn(ctx)
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos',
      remoteAddress: who.remoteAddress,
      headers: { authorization: who.authorization },
      payload: { photos: ['no'] },
    })
    expect(json.statusCode).toBe(415)
    expect(errorOf(json).message).toBe('Envía las fotos como multipart/form-data.')
  })

  it('answers a malformed or cut-short multipart body with 400, never a 500', async () => {
    const cut = await upload(ctx, [photoPart(await solidPhoto(1200, 800))], { close: false })
    expect(cut.res.statusCode).toBe(400)
    const who = await signedIn(ctx)
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos',
      remoteAddress: who.remoteAddress,
      headers: { authorization: who.authorization, 'content-type': 'multipart/form-data' },
      payload: 'sin frontera',
    })
    expect(garbage.statusCode).toBe(400)
    expect(errorOf(garbage).errorType).toBe('BAD_REQUEST')
  })

  it('refuses a client over 100 photos in an hour with 429 before reading the photo', async () => {
    const who = await signedIn(ctx)
    for (let i = 0; i < 100; i++) await recordEvents(ctx.db, [`photo-upload:${who.clientId}`])
    const { payload, headers } = multipart([photoPart(await solidPhoto(1200, 800))])
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos',
      remoteAddress: who.remoteAddress,
      headers: { ...headers, authorization: who.authorization },
      payload,
    })
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBeDefined()
    expect(errorOf(res).message).toBe(
      'Subiste muchas fotos en poco tiempo. Intenta de nuevo en unos minutos.',
    )
  })

  it('serves only the files of a photo: 404 for an unknown id, the record, other names and odd ids', async () => {
    const { res } = await upload(ctx, [photoPart(await solidPhoto(800, 533))])
    const { id } = must(
      PhotoUploadResponseSchema.parse(res.json()).photos[0],
      'PhotoUploadResponseSchema.parse(res.json()).photos[0]',
    )
    for (const url of [
      `/media/photos/${randomUUID()}/1.webp`,
      `/media/photos/${id}/upload.json`,
      `/media/photos/${id}/2.webp`,
      `/media/photos/${id.toUpperCase()}/1.webp`,
      `/media/photos/${id}/..%2F..%2Fupload.json`,
      '/media/photos/..%2F..%2F..%2Fetc/passwd',
    ]) {
      const served = await ctx.app.inject({ url })
      expect(served.statusCode, url).toBe(404)
      expect(served.headers['content-type'], url).toMatch(/^application\/json/)
    }
    expect((await ctx.app.inject({ url: `/media/photos/${id}/1-og.jpg` })).statusCode).toBe(200)
  })
})

describe('photo uploads on S3 (STORAGE_URL, against s3rver)', () => {
  let ctx: Ctx
  let emulator: Awaited<ReturnType<typeof startS3Emulator>>
  const env = () => ({
    STORAGE_URL: `${emulator.endpoint}/fotos-cabanas/prueba`,
    STORAGE_ACCESS_KEY_ID: S3_EMULATOR_CREDENTIALS.accessKeyId,
    STORAGE_SECRET_ACCESS_KEY: S3_EMULATOR_CREDENTIALS.secretAccessKey,
  })

  beforeAll(async () => {
    emulator = await startS3Emulator('fotos-cabanas')
    ctx = await buildTestApp({ env: env() })
  })
  afterAll(async () => {
    await ctx?.close()
    await emulator?.stop()
  })

  it('stores the files in the bucket and serves them through the API', async () => {
    const original = await phonePhotoWithGps()
    expect(
      exifHasGps(must((await sharp(original).metadata()).exif, '(await sharp(original).metadata()).exif')),
    ).toBe(true)
    const { res, who } = await upload(ctx, [photoPart(original)])
    expect(res.statusCode).toBe(201)
    const [photo] = PhotoUploadResponseSchema.parse(res.json()).photos
    const served = await ctx.app.inject({ url: must(photo, 'photo').url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1200, height: 800 })
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined()

    const storage = createPhotoStorage(loadConfig(env()).storage)
    expect(storage.kind).toBe('s3')
    expect(await storage.exists(`photos/${must(photo, 'photo').id}/1-og.jpg`)).toBe(true)
    expect(await findPhotoUpload(storage, must(photo, 'photo').id)).toMatchObject({ ownerId: who.clientId })
  })

  it('removes from the bucket what a refused request had stored', async () => {
    const bucket = new S3Client({
      region: 'us-east-1',
      endpoint: emulator.endpoint,
      forcePathStyle: true,
      credentials: S3_EMULATOR_CREDENTIALS,
    })
    const keys = async () =>
      (
        await bucket.send(new ListObjectsV2Command({ Bucket: 'fotos-cabanas', Prefix: 'prueba/' }))
      ).Contents?.map((object) => object.Key) ?? []
    const before = await keys()
    expect(before.length).toBeGreaterThan(0)
    const { res } = await upload(ctx, [photoPart(await solidPhoto(800, 533)), photoPart(pdfBytes)])
    expect(res.statusCode).toBe(415)
    expect(await keys()).toEqual(before)
    bucket.destroy()
  })
})
