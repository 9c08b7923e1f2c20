import path from 'node:path'
import { parseEnv } from './config/env.ts'
import { type OpenpayConfig, openpayConfig, usesRealOpenpay } from './config/payments.ts'
import { refuseUnsafeProduction } from './config/production.ts'
import { parseOperatorEmails, secretsKeys } from './config/security.ts'
import { parseTrustProxy } from './config/server.ts'
import { PHOTO_LIMITS, type PhotoLimits, type StorageConfig, storageConfig } from './config/storage.ts'

// The environment → Config. Each variable's schema lives in config/, in the file of its concern (server,
// limits, database, security, payments, calendar, mail, storage); config/env.ts lists them all, and
// config/production.ts holds what production demands on top.
export { ConfigError } from './config/env-field.ts'
export { OPENPAY_JS_URLS, type OpenpayConfig } from './config/payments.ts'
export { parseOperatorEmails } from './config/security.ts'
export { parseTrustProxy } from './config/server.ts'
export { PHOTO_LIMITS, type PhotoLimits, parseStorageUrl, type StorageConfig } from './config/storage.ts'

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

// Here, not in config/: from this file as from the built dist/server.js, `..` is apps/api.
const appRoot = path.resolve(import.meta.dirname, '..')

/** Reads the environment once. An invalid value stops start-up with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parseEnv(env)
  const real = usesRealOpenpay(e)
  refuseUnsafeProduction(e, real)
  const openpay = openpayConfig(e, real)
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
    secretsKeys: secretsKeys(e),
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
    storage: storageConfig(e, e.DATA_DIR),
    photos: PHOTO_LIMITS,
  }
}
