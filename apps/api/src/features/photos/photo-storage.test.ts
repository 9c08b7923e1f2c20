import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { must } from '../../test/must.ts'
import { S3_EMULATOR_CREDENTIALS, startS3Emulator } from '../../test/s3-emulator.ts'
import { createLocalStorage, createS3Storage, type PhotoStorage } from './photo-storage.ts'

const BUCKET = 'fotos-prueba'
const PREFIX = 'cabanas/'

let folder: string
let emulator: Awaited<ReturnType<typeof startS3Emulator>>
let local: PhotoStorage
let s3: PhotoStorage

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'photo-storage-'))
  emulator = await startS3Emulator(BUCKET)
  local = createLocalStorage(path.join(folder, 'storage'))
  s3 = createS3Storage({
    kind: 's3',
    endpoint: emulator.endpoint,
    bucket: BUCKET,
    prefix: PREFIX,
    region: 'us-east-1',
    credentials: S3_EMULATOR_CREDENTIALS,
  })
})
afterAll(async () => {
  await emulator?.stop()
  if (folder) await rm(folder, { recursive: true, force: true })
})

const webp = Buffer.from('RIFF....WEBPVP8 una foto')

describe.each([
  ['a folder under DATA_DIR', () => local],
  ['S3 (s3rver)', () => s3],
])('photo storage in %s', (_name, storage) => {
  it('gives back what was put, with its content type', async () => {
    await storage().put('photos/uno/1.webp', webp, 'image/webp')
    expect(await storage().exists('photos/uno/1.webp')).toBe(true)
    expect(await storage().get('photos/uno/1.webp')).toEqual({ body: webp, contentType: 'image/webp' })
    await storage().put('photos/uno/upload.json', Buffer.from('{"a":1}'), 'application/json')
    expect((await storage().get('photos/uno/upload.json'))?.contentType).toBe('application/json')
  })

  it('answers null and false for a key that was never written', async () => {
    expect(await storage().get('photos/nada/1.webp')).toBeNull()
    expect(await storage().exists('photos/nada/1.webp')).toBe(false)
  })

  it('replaces a file, and deletes one (twice is fine)', async () => {
    await storage().put('photos/dos/1-og.jpg', Buffer.from('primera'), 'image/jpeg')
    await storage().put('photos/dos/1-og.jpg', Buffer.from('segunda'), 'image/jpeg')
    expect((await storage().get('photos/dos/1-og.jpg'))?.body.toString()).toBe('segunda')
    await storage().delete('photos/dos/1-og.jpg')
    await storage().delete('photos/dos/1-og.jpg')
    expect(await storage().get('photos/dos/1-og.jpg')).toBeNull()
    expect(await storage().exists('photos/dos/1-og.jpg')).toBe(false)
  })

  it.each([
    '../fuera.webp',
    'photos/../../fuera.webp',
    '/etc/passwd.json',
    'photos/a/script.sh',
    'photos/A/1.webp',
    'photos/a/.webp',
    'photos\\a\\1.webp',
    '1.webp',
    '',
    `photos/${'a'.repeat(300)}/1.webp`,
  ])('refuses the key %j before touching anything', async (key) => {
    await expect(storage().put(key, webp, 'image/webp')).rejects.toThrow('Invalid storage key')
    await expect(storage().get(key)).rejects.toThrow('Invalid storage key')
    await expect(storage().exists(key)).rejects.toThrow('Invalid storage key')
    await expect(storage().delete(key)).rejects.toThrow('Invalid storage key')
  })

  it("refuses a content type that is not the key's", async () => {
    await expect(storage().put('photos/tres/1.webp', webp, 'text/html')).rejects.toThrow('does not match')
    expect(await storage().exists('photos/tres/1.webp')).toBe(false)
  })
})

describe('the folder', () => {
  it('holds each file under its key, and nothing half-written beside it', async () => {
    await local.put('photos/cuatro/1-400.webp', webp, 'image/webp')
    const dir = path.join(folder, 'storage/photos/cuatro')
    expect(await readFile(path.join(dir, '1-400.webp'))).toEqual(webp)
    expect(await readdir(dir)).toEqual(['1-400.webp'])
  })
})

describe('the bucket', () => {
  const raw = () =>
    new S3Client({
      region: 'us-east-1',
      endpoint: emulator.endpoint,
      forcePathStyle: true,
      credentials: S3_EMULATOR_CREDENTIALS,
    })

  it('holds each object under the prefix of STORAGE_URL, with its content type', async () => {
    await s3.put('photos/cinco/1.webp', webp, 'image/webp')
    const client = raw()
    const head = await client.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}photos/cinco/1.webp` }),
    )
    expect(head.ContentType).toBe('image/webp')
    const object = await client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}photos/cinco/1.webp` }),
    )
    expect(Buffer.from(await must(object.Body, 'object.Body').transformToByteArray())).toEqual(webp)
    client.destroy()
  })

  it('fails (instead of hanging) when the endpoint does not answer', async () => {
    const unreachable = createS3Storage({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9',
      bucket: BUCKET,
      prefix: '',
      region: 'us-east-1',
      credentials: S3_EMULATOR_CREDENTIALS,
    })
    await expect(unreachable.put('photos/seis/1.webp', webp, 'image/webp')).rejects.toThrow()
    await expect(unreachable.get('photos/seis/1.webp')).rejects.toThrow()
  })
})
