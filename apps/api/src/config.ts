import { isIP } from 'node:net'
import path from 'node:path'
import { requireValue } from '@cabanas/domain/shared'
import { z } from 'zod'

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z
      .enum(['development', 'production', 'test'], {
        error: 'NODE_ENV debe ser development, production o test',
      })
      .default('development'),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'PORT debe ser un número de puerto' })
      .int('PORT debe ser un número entero')
      .min(0, 'PORT debe estar entre 0 y 65535')
      .max(65_535, 'PORT debe estar entre 0 y 65535')
      .default(3000),
  ),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL debe empezar con postgres:// o postgresql://')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ error: 'PUBLIC_URL debe ser una URL http(s), p. ej. https://cabanas.mx' })
      .refine(
        (url) => /^https?:\/\//.test(url),
        'PUBLIC_URL debe ser una URL http(s), p. ej. https://cabanas.mx',
      )
      .refine((url) => {
        if (!URL.canParse(url)) return false
        const parsed = new URL(url)
        return parsed.pathname === '/' && !parsed.search && !parsed.hash
      }, 'PUBLIC_URL debe ser solo un origen, sin ruta (p. ej. https://cabanas.mx)')
      .optional(),
  ),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => parseTrustProxy(value) !== null,
        'TRUST_PROXY debe ser true, false, un número de saltos o una lista de direcciones/CIDR separadas por comas',
      )
      .optional(),
  ),
  PAYMENTS: z.preprocess(
    emptyToUndefined,
    z.enum(['sandbox', 'openpay'], { error: 'PAYMENTS debe ser sandbox u openpay' }).optional(),
  ),
  RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'RATE_LIMIT_PER_MINUTE debe ser un número de solicitudes' })
      .int('RATE_LIMIT_PER_MINUTE debe ser un número entero')
      .min(0, 'RATE_LIMIT_PER_MINUTE no puede ser negativo')
      .default(1200),
  ),
  /** Unset: 1000 (load shedding on), but 0 with NODE_ENV=test (tests not about shedding). */
  MAX_EVENT_LOOP_DELAY_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'MAX_EVENT_LOOP_DELAY_MS debe ser un número de milisegundos' })
      .int('MAX_EVENT_LOOP_DELAY_MS debe ser un número entero')
      .min(0, 'MAX_EVENT_LOOP_DELAY_MS no puede ser negativo')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'JWT_SECRET debe tener al menos 32 caracteres').optional(),
  ),
  SECRETS_KEY: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'SECRETS_KEY debe tener al menos 32 caracteres').optional(),
  ),
  SECRETS_KEY_PREVIOUS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (keys) => keys.split(',').every((key) => key.trim().length >= 32),
        'SECRETS_KEY_PREVIOUS debe ser una lista de llaves anteriores separadas por comas, de al menos 32 caracteres cada una',
      )
      .optional(),
  ),
  MAP_TILE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (url) =>
          /^(https?:\/\/|\/)/.test(url) && url.includes('{z}') && url.includes('{x}') && url.includes('{y}'),
        'MAP_TILE_URL debe ser una URL http(s) o una ruta con {z}, {x} y {y}',
      )
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  SEARCH_INDEX_MAX_STALENESS_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'SEARCH_INDEX_MAX_STALENESS_MS debe ser un número de milisegundos' })
      .int('SEARCH_INDEX_MAX_STALENESS_MS debe ser un número entero')
      .min(0, 'SEARCH_INDEX_MAX_STALENESS_MS no puede ser negativo')
      .max(60_000, 'SEARCH_INDEX_MAX_STALENESS_MS no puede pasar de 60000')
      .default(1000),
  ),
  OPENPAY_MERCHANT_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9]{10,40}$/i, 'OPENPAY_MERCHANT_ID no tiene el formato de Openpay')
      .optional(),
  ),
  OPENPAY_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^sk_[a-z0-9]+$/i, 'OPENPAY_PRIVATE_KEY debe empezar con sk_')
      .optional(),
  ),
  OPENPAY_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^pk_[a-z0-9]+$/i, 'OPENPAY_PUBLIC_KEY debe empezar con pk_')
      .optional(),
  ),
  OPENPAY_PRODUCTION: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'OPENPAY_PRODUCTION debe ser true o false' }).optional(),
  ),
  OPENPAY_API_URL: z.preprocess(
    emptyToUndefined,
    z.url({ error: 'OPENPAY_API_URL debe ser una URL' }).optional(),
  ),
  OPENPAY_WEBHOOK_USER: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  OPENPAY_WEBHOOK_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(12, 'OPENPAY_WEBHOOK_PASSWORD debe tener al menos 12 caracteres').optional(),
  ),
  OPENPAY_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'OPENPAY_TIMEOUT_MS debe ser un número de milisegundos' })
      .int('OPENPAY_TIMEOUT_MS debe ser un número entero')
      .min(100, 'OPENPAY_TIMEOUT_MS debe ser de al menos 100')
      .max(120_000, 'OPENPAY_TIMEOUT_MS no puede pasar de 120000')
      .default(20_000),
  ),
  OPENPAY_SANDBOX_FAULTS: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'OPENPAY_SANDBOX_FAULTS debe ser true o false' }).default('false'),
  ),
  RECONCILE_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'RECONCILE_INTERVAL_MS debe ser un número de milisegundos' })
      .int('RECONCILE_INTERVAL_MS debe ser un número entero')
      .min(0, 'RECONCILE_INTERVAL_MS no puede ser negativo')
      .default(15_000),
  ),
  /** How often each imported calendar is read, in minutes (fractions allowed; 0: never). */
  ICAL_POLL_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'ICAL_POLL_MINUTES debe ser un número de minutos, p. ej. 5' })
      .min(0, 'ICAL_POLL_MINUTES no puede ser negativo')
      .max(1440, 'ICAL_POLL_MINUTES no puede pasar de 1440 (un día)')
      .default(5),
  ),
  /** Tests only: imported calendars may live on this machine or a private network. */
  ICAL_ALLOW_PRIVATE: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'ICAL_ALLOW_PRIVATE debe ser true o false' }).default('false'),
  ),
  MAIL_OUTBOX_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL debe empezar con smtp:// o smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/,
        'MAIL_FROM debe ser un correo, p. ej. "Cabañas MX <reservas@cabanas.mx>"',
      )
      .default('Cabañas MX <reservas@cabanas.mx>'),
  ),
  OUTBOX_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'OUTBOX_INTERVAL_MS debe ser un número de milisegundos' })
      .int('OUTBOX_INTERVAL_MS debe ser un número entero')
      .min(0, 'OUTBOX_INTERVAL_MS no puede ser negativo')
      .default(5000),
  ),
  OPERATOR_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => parseOperatorEmails(value) !== null,
        'OPERATOR_EMAILS debe ser una lista de correos separados por comas, p. ej. ana@cabanas.mx,beto@cabanas.mx',
      )
      .optional(),
  ),
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
  /** Unset: 'auto' outside production, 'never' in production (no demo data in a real catalogue). */
  SEED: z.preprocess(emptyToUndefined, z.enum(['auto', 'never']).optional()),
})

export type Config = {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  /** Origin of every absolute link the product writes (mails, canonical URLs): never the request's Host. */
  publicUrl: string
  /** Fastify's trustProxy: false (default), true, a hop count, or addresses/CIDRs of trusted proxies. */
  trustProxy: boolean | number | string[]
  /** General per-IP request budget of each process, per minute (0: off). */
  rateLimitPerMinute: number
  /** Load shedding: 503 while the event loop's mean delay over the last second exceeds this (0: off). */
  maxEventLoopDelayMs: number
  /** PostgreSQL when set, else the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined
  dataDir: string
  jwtSecret: string | undefined
  /**
   * What seals the secrets that wait in the database (lib/secret-box.ts): SECRETS_KEY, and earlier
   * keys that still open what they sealed. Outside production, unset means a fixed development key.
   */
  secretsKeys: { current: string; previous: string[] }
  mapTileUrl: string
  logLevel: string
  /** How old the search index may be: it follows the database at this interval (0: before every search). */
  searchIndexMaxStalenessMs: number
  /** 'auto' seeds the demo catalogue into an empty database; 'never' leaves it empty. */
  seed: 'auto' | 'never'
  /** Accounts granted the operator role at start-up (OPERATOR_EMAILS), lower-case; none by default. */
  operatorEmails: string[]
  openpay: OpenpayConfig
  /** How often pending reservations are reconciled with the payment provider (0: never). */
  reconcileIntervalMs: number
  /** Imported calendars (features/calendar/ical-import.ts). */
  ical: {
    /** How often each is read (0: never). */
    pollIntervalMs: number
    /** Private and loopback addresses allowed (tests only; refused in production). */
    allowPrivate: boolean
  }
  /** Where the default mailer writes mails (one text file each). */
  mailOutboxDir: string
  /** SMTP server of outgoing mail (smtp:// or smtps://, credentials in the URL); unset: .eml files in mailOutboxDir. */
  smtpUrl: string | undefined
  /** The From of every mail. */
  mailFrom: string
  /** How often queued work (mails) is run from the `outbox` table (0: never; tests run it by hand). */
  outboxIntervalMs: number
  /** Where the built SPA lives (apps/web/dist). */
  webDistDir: string
  /** Where the built page renderer lives (apps/web/dist-ssr/entry-server.js). */
  webSsrEntry: string
  /** Cabin images and other media shipped with the app. */
  mediaDir: string
  /** Where uploaded photos are kept (features/photos/photo-storage.ts). */
  storage: StorageConfig
  /** What one photo upload may carry. */
  photos: PhotoLimits
}

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

export type OpenpayConfig = {
  /** 'sandbox': the local Openpay-compatible sandbox served by this app (no keys configured). */
  mode: 'sandbox' | 'openpay'
  merchantId: string
  privateKey: string
  publicKey: string
  production: boolean
  /** Base URL of the REST API without /v1; null in sandbox mode (the app's own /sandbox/openpay). */
  apiUrl: string | null
  /** Openpay.js scripts the checkout loads, in order; the sandbox serves its own. */
  jsUrls: string[]
  /** HTTP Basic credentials Openpay uses to call /webhooks/openpay. */
  webhookUser: string
  webhookPassword: string
  timeoutMs: number
  /** Test-only fault knobs of the sandbox (delay, 5xx, timeout, lost response). */
  sandboxFaults: boolean
}

export const OPENPAY_JS_URLS = [
  'https://resources.openpay.mx/lib/openpay-js/1.2.38/openpay.v1.min.js',
  'https://resources.openpay.mx/lib/openpay-data-js/1.2.38/openpay-data.v1.min.js',
]

export class ConfigError extends Error {}

/** SECRETS_KEY outside production when unset: the same in every process, so any of them opens a seal. */
const DEVELOPMENT_SECRETS_KEY = 'cabanas-mx development secrets key: never used in production'

const CIDR = /^(.+?)(?:\/(\d{1,3}))?$/

/** TRUST_PROXY as Fastify takes it; null when the text is none of the accepted forms. */
export function parseTrustProxy(value: string): boolean | number | string[] | null {
  const text = value.trim()
  if (text === 'true') return true
  if (text === 'false') return false
  if (/^\d{1,2}$/.test(text)) return Number(text)
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  if (items.length === 0) return null
  for (const item of items) {
    const [, address = '', bits] = CIDR.exec(item) ?? []
    const family = isIP(address)
    if (!family) return null
    if (bits !== undefined && Number(bits) > (family === 4 ? 32 : 128)) return null
  }
  return items
}

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/

/** OPERATOR_EMAILS as a list of lower-case addresses; null when an item is not an e-mail. */
export function parseOperatorEmails(value: string): string[] | null {
  const items = value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean)
  if (items.length === 0 || items.some((item) => item.length > 254 || !EMAIL.test(item))) return null
  return [...new Set(items)]
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

/** https, or http on this machine only (a production start behind nothing, for a smoke test). */
function isSecureOrigin(url: string): boolean {
  const { protocol, hostname } = new URL(url)
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname)
}

const appRoot = path.resolve(import.meta.dirname, '..')

/** Reads the environment once. An invalid value stops start-up with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const keys = [e.OPENPAY_MERCHANT_ID, e.OPENPAY_PRIVATE_KEY, e.OPENPAY_PUBLIC_KEY]
  if (keys.some(Boolean) && !keys.every(Boolean)) {
    throw new ConfigError(
      'Configuración inválida:\n  - OPENPAY_*: define OPENPAY_MERCHANT_ID, OPENPAY_PRIVATE_KEY y OPENPAY_PUBLIC_KEY juntas (o ninguna para usar el sandbox local)',
    )
  }
  const real = keys.every(Boolean) && e.PAYMENTS !== 'sandbox'
  if (e.PAYMENTS === 'openpay' && !keys.every(Boolean)) {
    throw new ConfigError(
      'Configuración inválida: PAYMENTS=openpay necesita OPENPAY_MERCHANT_ID, OPENPAY_PRIVATE_KEY y OPENPAY_PUBLIC_KEY',
    )
  }
  if (e.NODE_ENV === 'production') {
    if (!real && e.PAYMENTS !== 'sandbox') {
      throw new ConfigError(
        'Configuración inválida: con NODE_ENV=production define las llaves OPENPAY_* (OPENPAY_MERCHANT_ID, OPENPAY_PRIVATE_KEY, OPENPAY_PUBLIC_KEY) o PAYMENTS=sandbox para usar a propósito el sandbox de pagos local',
      )
    }
    if (!e.PUBLIC_URL) {
      throw new ConfigError(
        'Configuración inválida: con NODE_ENV=production define PUBLIC_URL, el origen público del sitio (p. ej. https://cabanas.mx)',
      )
    }
    if (!isSecureOrigin(e.PUBLIC_URL)) {
      throw new ConfigError(
        'Configuración inválida: con NODE_ENV=production PUBLIC_URL debe empezar con https:// (http:// solo para localhost, 127.0.0.1 o [::1]): es el origen de todo enlace que la app escribe (correos, direcciones canónicas)',
      )
    }
    if (!e.SECRETS_KEY) {
      throw new ConfigError(
        'Configuración inválida: con NODE_ENV=production define SECRETS_KEY (al menos 32 caracteres, p. ej. `openssl rand -base64 48`), la llave que cifra los enlaces secretos que esperan en la base; la misma en todos los procesos',
      )
    }
    if (e.TRUST_PROXY === undefined) {
      throw new ConfigError(
        'Configuración inválida: con NODE_ENV=production define TRUST_PROXY: false si los clientes llegan directo, o la dirección de tu proxy (p. ej. 10.0.0.5), para que los límites por IP vean a cada cliente',
      )
    }
    if (real && e.OPENPAY_PRODUCTION === undefined) {
      throw new ConfigError(
        'Configuración inválida: con NODE_ENV=production y llaves de Openpay define OPENPAY_PRODUCTION: true cobra de verdad, false usa el sandbox de Openpay',
      )
    }
    if (e.ICAL_ALLOW_PRIVATE === 'true') {
      throw new ConfigError(
        'Configuración inválida: ICAL_ALLOW_PRIVATE es solo para pruebas y no se permite con NODE_ENV=production',
      )
    }
    if (e.OPENPAY_SANDBOX_FAULTS === 'true') {
      throw new ConfigError(
        'Configuración inválida: OPENPAY_SANDBOX_FAULTS es solo para pruebas y no se permite con NODE_ENV=production',
      )
    }
  }
  const production = e.OPENPAY_PRODUCTION === 'true'
  if (real && (!e.OPENPAY_WEBHOOK_USER || !e.OPENPAY_WEBHOOK_PASSWORD)) {
    throw new ConfigError(
      'Configuración inválida:\n  - OPENPAY_WEBHOOK_USER y OPENPAY_WEBHOOK_PASSWORD son obligatorias con llaves reales de Openpay',
    )
  }
  const openpay: OpenpayConfig = real
    ? {
        mode: 'openpay',
        merchantId: requireValue(e.OPENPAY_MERCHANT_ID, 'OPENPAY_MERCHANT_ID'),
        privateKey: requireValue(e.OPENPAY_PRIVATE_KEY, 'OPENPAY_PRIVATE_KEY'),
        publicKey: requireValue(e.OPENPAY_PUBLIC_KEY, 'OPENPAY_PUBLIC_KEY'),
        production,
        apiUrl:
          e.OPENPAY_API_URL ?? (production ? 'https://api.openpay.mx' : 'https://sandbox-api.openpay.mx'),
        jsUrls: OPENPAY_JS_URLS,
        webhookUser: requireValue(e.OPENPAY_WEBHOOK_USER, 'OPENPAY_WEBHOOK_USER'),
        webhookPassword: requireValue(e.OPENPAY_WEBHOOK_PASSWORD, 'OPENPAY_WEBHOOK_PASSWORD'),
        timeoutMs: e.OPENPAY_TIMEOUT_MS,
        sandboxFaults: false,
      }
    : {
        mode: 'sandbox',
        // Generated once per installation and kept in the database, like the JWT secret: unknown
        // until it is open. buildApp fills them in (resolveSandboxCredentials, sandbox-account.ts).
        merchantId: '',
        privateKey: '',
        publicKey: '',
        webhookUser: e.OPENPAY_WEBHOOK_USER ?? '',
        webhookPassword: e.OPENPAY_WEBHOOK_PASSWORD ?? '',
        production: false,
        apiUrl: e.OPENPAY_API_URL ?? null,
        jsUrls: ['/sandbox/openpay/openpay.v1.js'],
        timeoutMs: e.OPENPAY_TIMEOUT_MS,
        sandboxFaults: e.OPENPAY_SANDBOX_FAULTS === 'true',
      }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`).replace(
      /\/$/,
      '',
    ),
    trustProxy: e.TRUST_PROXY ? (parseTrustProxy(e.TRUST_PROXY) ?? false) : false,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    jwtSecret: e.JWT_SECRET,
    secretsKeys: {
      current: e.SECRETS_KEY ?? DEVELOPMENT_SECRETS_KEY,
      previous: (e.SECRETS_KEY_PREVIOUS ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    },
    mapTileUrl: e.MAP_TILE_URL,
    logLevel: e.LOG_LEVEL,
    seed: e.SEED ?? (e.NODE_ENV === 'production' ? 'never' : 'auto'),
    operatorEmails: e.OPERATOR_EMAILS ? (parseOperatorEmails(e.OPERATOR_EMAILS) ?? []) : [],
    searchIndexMaxStalenessMs: e.SEARCH_INDEX_MAX_STALENESS_MS,
    openpay,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    ical: {
      pollIntervalMs: Math.round(e.ICAL_POLL_MINUTES * 60_000),
      allowPrivate: e.ICAL_ALLOW_PRIVATE === 'true',
    },
    mailOutboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(e.DATA_DIR, 'outbox')),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxIntervalMs: e.OUTBOX_INTERVAL_MS,
    webDistDir: path.resolve(appRoot, '../web/dist'),
    webSsrEntry: path.resolve(appRoot, '../web/dist-ssr/entry-server.js'),
    mediaDir: path.resolve(appRoot, 'media'),
    storage: storageConfig(e),
    photos: PHOTO_LIMITS,
  }
}

function storageConfig(e: z.infer<typeof EnvSchema>): StorageConfig {
  if ((e.STORAGE_ACCESS_KEY_ID === undefined) !== (e.STORAGE_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'Configuración inválida:\n  - STORAGE_*: define STORAGE_ACCESS_KEY_ID y STORAGE_SECRET_ACCESS_KEY juntas (o ninguna)',
    )
  }
  if (!e.STORAGE_URL) return { kind: 'local', dir: path.resolve(e.DATA_DIR, 'storage') }
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
