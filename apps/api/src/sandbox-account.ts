import { randomBytes } from 'node:crypto'
import { newSandboxAccount } from '@cabanas/openpay-sandbox'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { appSecrets } from './db/schema.ts'

/**
 * Our account at the local sandbox (apps/openpay-sandbox: its merchant and keys) and the webhook
 * credentials it calls us with: one set per installation.
 */
export type SandboxCredentials = z.infer<typeof SandboxCredentialsSchema>

const SandboxCredentialsSchema = z.object({
  merchantId: z.string().regex(/^m[a-z0-9]{19}$/),
  privateKey: z.string().regex(/^sk_[a-z0-9]{32}$/),
  publicKey: z.string().regex(/^pk_[a-z0-9]{32}$/),
  webhookUser: z.string().min(1),
  webhookPassword: z.string().min(24),
})

/** Their row in `app_secrets`, next to the JWT signing key. */
const SECRET_NAME = 'openpay-sandbox'

function generateSandboxCredentials(): SandboxCredentials {
  return {
    ...newSandboxAccount(),
    webhookUser: `openpay-${randomBytes(4).toString('hex')}`,
    webhookPassword: randomBytes(24).toString('base64url'),
  }
}

/**
 * The installation's sandbox credentials: generated the first time any process asks (the row's
 * primary key lets one insert win), then read by every process from the database.
 */
export async function loadSandboxCredentials(db: Database): Promise<SandboxCredentials> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify(generateSandboxCredentials()) })
    .onConflictDoNothing()
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, SECRET_NAME))
  let stored: unknown
  try {
    stored = JSON.parse(row?.value ?? '')
  } catch {}
  const credentials = SandboxCredentialsSchema.safeParse(stored)
  if (!credentials.success) throw new Error(`app_secrets '${SECRET_NAME}' does not hold sandbox credentials`)
  return credentials.data
}

/**
 * The config with the sandbox's credentials filled in (sandbox mode only): loadConfig cannot know
 * them, they live in the database. OPENPAY_WEBHOOK_USER/PASSWORD, when set, still win.
 */
export async function resolveSandboxCredentials(config: Config, db: Database): Promise<Config> {
  if (config.openpay.mode !== 'sandbox') return config
  const credentials = await loadSandboxCredentials(db)
  const { openpay } = config
  return {
    ...config,
    openpay: {
      ...openpay,
      merchantId: credentials.merchantId,
      privateKey: credentials.privateKey,
      publicKey: credentials.publicKey,
      webhookUser: openpay.webhookUser || credentials.webhookUser,
      webhookPassword: openpay.webhookPassword || credentials.webhookPassword,
    },
  }
}
