import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { S3Client } from '@aws-sdk/client-s3'
import type { StorageConfig } from '../../config.ts'

/**
 * Where uploaded photos are kept: one interface, a folder under DATA_DIR or an S3-compatible bucket
 * (STORAGE_URL). Keys are always ours (`photos/{uuid}/1-card.webp`), never a request's: `assertStorageKey`
 * refuses anything else, so no key can climb out of the folder or the prefix. The content type follows from
 * the key's extension, in both implementations, so a file always reads back as it was written.
 */
export type StoredFile = { body: Buffer; contentType: string }

export type PhotoStorage = {
  readonly kind: 'local' | 's3'
  /** Writes the whole file or nothing (a reader never sees half of it). */
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>
  exists(key: string): Promise<boolean>
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
}

/** Lower-case segments of letters, digits, '-', '_' and one '.', ending in a known extension. */
const KEY = /^([a-z0-9][a-z0-9_-]*\/)+[a-z0-9][a-z0-9_-]*\.(webp|jpg|json)$/

export function assertStorageKey(key: string): void {
  if (key.length > 200 || !KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
}

export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream'
}

function checkPut(key: string, contentType: string) {
  assertStorageKey(key)
  if (contentTypeOfKey(key) !== contentType) {
    throw new Error(`Content type ${contentType} does not match the key ${key}`)
  }
}

export function createPhotoStorage(config: StorageConfig): PhotoStorage {
  return config.kind === 'local' ? createLocalStorage(config.dir) : createS3Storage(config)
}

/** Files in a folder (DATA_DIR/storage), created on the first write. */
export function createLocalStorage(root: string): PhotoStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key)
    const file = path.resolve(root, key)
    if (!file.startsWith(`${path.resolve(root)}${path.sep}`)) throw new Error('Storage key outside the root')
    return file
  }
  const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'
  return {
    kind: 'local',
    async put(key, body, contentType) {
      checkPut(key, contentType)
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // Written beside, then renamed over: a crash leaves a stray .tmp, never half a photo under its name.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
      try {
        await writeFile(temporary, body)
        await rename(temporary, file)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    async get(key) {
      try {
        return { body: await readFile(fileOf(key)), contentType: contentTypeOfKey(key) }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile()
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
    async delete(key) {
      const file = fileOf(key)
      await rm(file, { force: true })
      // The photo's folder goes with its last file (refused while other files remain in it).
      await rmdir(path.dirname(file)).catch(() => {})
    },
  }
}

/** An S3-compatible bucket; path-style addressing for every endpoint but Amazon's own. */
export function createS3Storage(config: Extract<StorageConfig, { kind: 's3' }>): PhotoStorage {
  // The AWS SDK loads on the first request to the bucket, not with the app (1.4 s to import; most
  // installations and every test keep photos in a folder).
  let connection: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined
  const connect = () => {
    if (!connection) {
      connection = import('@aws-sdk/client-s3').then((sdk) => ({
        sdk,
        client: new sdk.S3Client({
          region: config.region,
          ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
          ...(config.credentials ? { credentials: config.credentials } : {}),
          maxAttempts: 3,
          requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
        }),
      }))
    }
    return connection
  }
  const object = (key: string) => {
    assertStorageKey(key)
    return { Bucket: config.bucket, Key: `${config.prefix}${key}` }
  }
  const isMissing = (error: unknown) => {
    const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
    return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404
  }
  return {
    kind: 's3',
    async put(key, body, contentType) {
      checkPut(key, contentType)
      const { sdk, client } = await connect()
      // One PUT is atomic in S3: the object appears whole or not at all.
      await client.send(new sdk.PutObjectCommand({ ...object(key), Body: body, ContentType: contentType }))
    },
    async get(key) {
      const { sdk, client } = await connect()
      try {
        const answer = await client.send(new sdk.GetObjectCommand(object(key)))
        const body = Buffer.from((await answer.Body?.transformToByteArray()) ?? [])
        return { body, contentType: contentTypeOfKey(key) }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async exists(key) {
      const { sdk, client } = await connect()
      try {
        await client.send(new sdk.HeadObjectCommand(object(key)))
        return true
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
    async delete(key) {
      const { sdk, client } = await connect()
      await client.send(new sdk.DeleteObjectCommand(object(key)))
    },
  }
}
