import { z } from 'zod'

/**
 * Runtime configuration. The server injects it into index.html as
 * `<script type="application/json" id="app-config">`; in dev and tests it is absent and the
 * defaults apply. This is the only module that reads it.
 */
/**
 * Openpay.js settings. Public: a merchant id and a public key only create card tokens. Without
 * keys the server runs its local sandbox, which is also the default in dev and tests.
 */
const OpenpayConfigSchema = z.object({
  merchantId: z.string().min(1),
  publicKey: z.string().min(1),
  sandbox: z.boolean(),
  /** Loaded in order: openpay.v1 first, then openpay-data.v1 (which reads the global `OpenPay`). */
  jsUrls: z.array(z.string().min(1)).min(1),
})
export type OpenpayConfig = z.infer<typeof OpenpayConfigSchema>

export const SANDBOX_OPENPAY_CONFIG: OpenpayConfig = {
  merchantId: 'mcabanassandbox00001',
  publicKey: 'pk_cabanassandbox000000000000000001',
  sandbox: true,
  jsUrls: ['/sandbox/openpay/openpay.v1.js'],
}

const ConfigSchema = z.object({
  /** Origin of canonical and Open Graph URLs (PUBLIC_URL); empty in dev and tests: the page's own. */
  publicUrl: z.string().default(''),
  mapTileUrl: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  openpay: OpenpayConfigSchema.default(SANDBOX_OPENPAY_CONFIG),
})
export type Config = z.infer<typeof ConfigSchema>

const CONFIG_ELEMENT_ID = 'app-config'

export function loadConfig(doc: Document | undefined): Config {
  const defaults = ConfigSchema.parse({})
  const text = doc?.getElementById(CONFIG_ELEMENT_ID)?.textContent?.trim()
  if (!text) return defaults

  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    console.error('app-config: JSON inválido; se usan los valores por defecto')
    return defaults
  }
  const parsed = ConfigSchema.safeParse(raw)
  if (!parsed.success) {
    console.error('app-config: configuración inválida; se usan los valores por defecto', parsed.error.issues)
    return defaults
  }
  return parsed.data
}

export const config: Config = loadConfig(typeof document === 'undefined' ? undefined : document)

/**
 * On the server (ssr/entry-server) there is no document: the API hands over the same public values
 * it writes into `#app-config`. One server process serves one configuration, so they are set in place.
 */
export function applyServerConfig(values: unknown): void {
  const parsed = ConfigSchema.safeParse(values)
  if (parsed.success) Object.assign(config, parsed.data)
}

/** An absolute URL on the public origin, for canonical and Open Graph tags. */
export function publicHref(path: string): string {
  const origin = config.publicUrl || (typeof location === 'undefined' ? '' : location.origin)
  return `${origin}${path}`
}
