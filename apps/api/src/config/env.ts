import { z } from 'zod'
import { CalendarEnvSchema } from './calendar.ts'
import { DatabaseEnvSchema } from './database.ts'
import { ConfigError } from './env-field.ts'
import { LimitsEnvSchema } from './limits.ts'
import { MailEnvSchema } from './mail.ts'
import { PaymentsEnvSchema } from './payments.ts'
import { SecurityEnvSchema } from './security.ts'
import { ServerEnvSchema } from './server.ts'
import { StorageEnvSchema } from './storage.ts'

const server = ServerEnvSchema.shape
const database = DatabaseEnvSchema.shape
const payments = PaymentsEnvSchema.shape
const limits = LimitsEnvSchema.shape
const security = SecurityEnvSchema.shape
const calendar = CalendarEnvSchema.shape
const mail = MailEnvSchema.shape
const storage = StorageEnvSchema.shape

/**
 * Every variable the API reads, each defined in the file of its concern. Listed one by one, in the order
 * "Configuración inválida" names the problems of a start (first problem first).
 */
const EnvSchema = z.object({
  NODE_ENV: server.NODE_ENV,
  HOST: server.HOST,
  PORT: server.PORT,
  DATABASE_URL: database.DATABASE_URL,
  DATA_DIR: database.DATA_DIR,
  PUBLIC_URL: server.PUBLIC_URL,
  TRUST_PROXY: server.TRUST_PROXY,
  PAYMENTS: payments.PAYMENTS,
  RATE_LIMIT_PER_MINUTE: limits.RATE_LIMIT_PER_MINUTE,
  MAX_EVENT_LOOP_DELAY_MS: limits.MAX_EVENT_LOOP_DELAY_MS,
  JWT_SECRET: security.JWT_SECRET,
  SECRETS_KEY: security.SECRETS_KEY,
  SECRETS_KEY_PREVIOUS: security.SECRETS_KEY_PREVIOUS,
  MAP_TILE_URL: server.MAP_TILE_URL,
  LOG_LEVEL: server.LOG_LEVEL,
  SEARCH_INDEX_MAX_STALENESS_MS: database.SEARCH_INDEX_MAX_STALENESS_MS,
  OPENPAY_MERCHANT_ID: payments.OPENPAY_MERCHANT_ID,
  OPENPAY_PRIVATE_KEY: payments.OPENPAY_PRIVATE_KEY,
  OPENPAY_PUBLIC_KEY: payments.OPENPAY_PUBLIC_KEY,
  OPENPAY_PRODUCTION: payments.OPENPAY_PRODUCTION,
  OPENPAY_API_URL: payments.OPENPAY_API_URL,
  OPENPAY_WEBHOOK_USER: payments.OPENPAY_WEBHOOK_USER,
  OPENPAY_WEBHOOK_PASSWORD: payments.OPENPAY_WEBHOOK_PASSWORD,
  OPENPAY_TIMEOUT_MS: payments.OPENPAY_TIMEOUT_MS,
  OPENPAY_SANDBOX_FAULTS: payments.OPENPAY_SANDBOX_FAULTS,
  RECONCILE_INTERVAL_MS: payments.RECONCILE_INTERVAL_MS,
  ICAL_POLL_MINUTES: calendar.ICAL_POLL_MINUTES,
  ICAL_ALLOW_PRIVATE: calendar.ICAL_ALLOW_PRIVATE,
  MAIL_OUTBOX_DIR: mail.MAIL_OUTBOX_DIR,
  SMTP_URL: mail.SMTP_URL,
  MAIL_FROM: mail.MAIL_FROM,
  OUTBOX_INTERVAL_MS: mail.OUTBOX_INTERVAL_MS,
  OPERATOR_EMAILS: security.OPERATOR_EMAILS,
  STORAGE_URL: storage.STORAGE_URL,
  STORAGE_REGION: storage.STORAGE_REGION,
  STORAGE_ACCESS_KEY_ID: storage.STORAGE_ACCESS_KEY_ID,
  STORAGE_SECRET_ACCESS_KEY: storage.STORAGE_SECRET_ACCESS_KEY,
  SEED: database.SEED,
})

/** The environment once parsed: every default applied, every value checked on its own. */
export type Env = z.infer<typeof EnvSchema>

/** Parses the environment; any invalid value stops start-up with one line per problem. */
export function parseEnv(env: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`)
  }
  return parsed.data
}
