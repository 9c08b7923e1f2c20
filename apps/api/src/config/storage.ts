import path from 'node:path'
import { z } from 'zod'
import { ConfigError, emptyToUndefined } from './env-field.ts'

/** Where uploaded photos are kept: a folder under DATA_DIR or an S3-compatible bucket. */
export const StorageEnvSchema = z.object({
  /** Unset: photos in <DATA_DIR>/storage; s3://bucket[/prefix] or http(s)://endpoint/bucket[/prefix]: object storage. */
  STORAGE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .superRefine((url, ctx) => {
        const parsed = parseStorageUrl(url)
        if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed })
      })
      .optional(),
  ),
  STORAGE_REGION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]{2,32}$/, 'STORAGE_REGION debe ser una región, p. ej. us-east-1 o auto')
      .default('us-east-1'),
  ),
  STORAGE_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  STORAGE_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
})

/**
 * A folder under DATA_DIR, or an S3-compatible bucket. `endpoint` null: Amazon S3 itself (the region's
 * endpoint); otherwise MinIO, R2, Spaces or an emulator, addressed path-style. Credentials null: the AWS
 * SDK's own chain (AWS_ACCESS_KEY_ID…, an instance role).
 */
export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3'
      endpoint: string | null
      bucket: string
      /** Keys start with it ('' or 'cabanas/'). */
      prefix: string
      region: string
      credentials: { accessKeyId: string; secretAccessKey: string } | null
    }

export type PhotoLimits = {
  /** Bytes of one photo as sent (a 48 MP phone JPEG is 10–15 MB). */
  maxFileBytes: number
  /** Photos in one request. */
  maxFilesPerRequest: number
  /** Pixels of one photo, read from its header before it is decoded (no decompression bombs). */
  maxInputPixels: number
}

export const PHOTO_LIMITS: PhotoLimits = {
  maxFileBytes: 20 * 1024 * 1024,
  maxFilesPerRequest: 10,
  maxInputPixels: 50_000_000,
}

const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
const KEY_PREFIX = /^([a-z0-9][a-z0-9._-]*\/)*$/i
const STORAGE_URL_HELP =
  'STORAGE_URL debe ser s3://bucket o http(s)://servidor/bucket, con una carpeta opcional después del bucket (p. ej. https://minio.interno:9000/fotos/cabanas)'

/**
 * STORAGE_URL as a bucket, an optional key prefix and the endpoint (null for s3://, Amazon S3); a Spanish
 * message when it is none of the accepted forms. Credentials never go in the URL (it is printed in logs and
 * errors): STORAGE_ACCESS_KEY_ID and STORAGE_SECRET_ACCESS_KEY.
 */
export function parseStorageUrl(
  text: string,
): { endpoint: string | null; bucket: string; prefix: string } | string {
  if (!URL.canParse(text)) return STORAGE_URL_HELP
  const url = new URL(text)
  if (!['s3:', 'http:', 'https:'].includes(url.protocol)) return STORAGE_URL_HELP
  if (url.username || url.password) {
    return 'STORAGE_URL no lleva credenciales: usa STORAGE_ACCESS_KEY_ID y STORAGE_SECRET_ACCESS_KEY'
  }
  if (url.search || url.hash) return STORAGE_URL_HELP
  const [first = '', ...rest] = url.pathname.split('/').filter(Boolean)
  const bucket = url.protocol === 's3:' ? url.hostname : first
  const folders = url.protocol === 's3:' ? [first, ...rest].filter(Boolean) : rest
  if (!S3_BUCKET.test(bucket)) return `${STORAGE_URL_HELP}; el bucket va en minúsculas, de 3 a 63 caracteres`
  const prefix = folders.map((folder) => `${folder}/`).join('')
  if (!KEY_PREFIX.test(prefix)) return `${STORAGE_URL_HELP}; la carpeta solo lleva letras, números, . _ -`
  return { endpoint: url.protocol === 's3:' ? null : url.origin, bucket, prefix }
}

/** The photo storage STORAGE_* describe; a folder under `dataDir` when STORAGE_URL is unset. */
export function storageConfig(e: z.infer<typeof StorageEnvSchema>, dataDir: string): StorageConfig {
  if ((e.STORAGE_ACCESS_KEY_ID === undefined) !== (e.STORAGE_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'Configuración inválida:\n  - STORAGE_*: define STORAGE_ACCESS_KEY_ID y STORAGE_SECRET_ACCESS_KEY juntas (o ninguna)',
    )
  }
  if (!e.STORAGE_URL) return { kind: 'local', dir: path.resolve(dataDir, 'storage') }
  const parsed = parseStorageUrl(e.STORAGE_URL)
  if (typeof parsed === 'string') throw new ConfigError(`Configuración inválida:\n  - STORAGE_URL: ${parsed}`)
  return {
    kind: 's3',
    ...parsed,
    region: e.STORAGE_REGION,
    credentials:
      e.STORAGE_ACCESS_KEY_ID && e.STORAGE_SECRET_ACCESS_KEY
        ? { accessKeyId: e.STORAGE_ACCESS_KEY_ID, secretAccessKey: e.STORAGE_SECRET_ACCESS_KEY }
        : null,
  }
}
