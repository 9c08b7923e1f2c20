import { requireValue } from '@cabanas/domain/shared'
import { z } from 'zod'
import { ConfigError, emptyToUndefined } from './env-field.ts'

/** Payments: the local sandbox or Openpay, its keys and webhook credentials, and reconciliation. */
export const PaymentsEnvSchema = z.object({
  PAYMENTS: z.preprocess(
    emptyToUndefined,
    z.enum(['sandbox', 'openpay'], { error: 'PAYMENTS debe ser sandbox u openpay' }).optional(),
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
})

type PaymentsEnv = z.infer<typeof PaymentsEnvSchema>

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

/**
 * Whether real Openpay keys are used: all three set and PAYMENTS not sandbox. Refuses some of the three
 * keys without the others, and PAYMENTS=openpay without them.
 */
export function usesRealOpenpay(e: PaymentsEnv): boolean {
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
  return real
}

/** Openpay's settings, or the local sandbox's. Real keys need the webhook's credentials too. */
export function openpayConfig(e: PaymentsEnv, real: boolean): OpenpayConfig {
  const production = e.OPENPAY_PRODUCTION === 'true'
  if (real && (!e.OPENPAY_WEBHOOK_USER || !e.OPENPAY_WEBHOOK_PASSWORD)) {
    throw new ConfigError(
      'Configuración inválida:\n  - OPENPAY_WEBHOOK_USER y OPENPAY_WEBHOOK_PASSWORD son obligatorias con llaves reales de Openpay',
    )
  }
  return real
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
}
