import { array, boolean, object, refine, string, withDefault } from './shape'

/**
 * Runtime configuration. The server injects it into index.html as
 * `<script type="application/json" id="app-config">`; in dev and tests it is absent and the
 * defaults apply. This is the only module that reads it. Every page's first view reads it, so it is
 * parsed with lib/shape's readers: zod would add its ~25 KB (gzip) to the home's first view.
 */
const nonEmpty = refine(string, (text) => text.length > 0, 'texto no vacío')

/**
 * Openpay.js settings. Public: a merchant id and a public key only create card tokens. Without
 * keys the server runs its local sandbox, which is also the default in dev and tests.
 */
const readOpenpayConfig = object({
  merchantId: nonEmpty,
  publicKey: nonEmpty,
  sandbox: boolean,
  /** Loaded in order: openpay.v1 first, then openpay-data.v1 (which reads the global `OpenPay`). */
  jsUrls: refine(array(nonEmpty), (urls) => urls.length > 0, 'al menos una dirección'),
})
export type OpenpayConfig = ReturnType<typeof readOpenpayConfig>

export const SANDBOX_OPENPAY_CONFIG: OpenpayConfig = {
  merchantId: 'mcabanassandbox00001',
  publicKey: 'pk_cabanassandbox000000000000000001',
  sandbox: true,
  jsUrls: ['/sandbox/openpay/openpay.v1.js'],
}

const readConfig = object({
  /** Origin of canonical and Open Graph URLs (PUBLIC_URL); empty in dev and tests: the page's own. */
  publicUrl: withDefault(string, ''),
  mapTileUrl: withDefault(nonEmpty, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  openpay: withDefault(readOpenpayConfig, SANDBOX_OPENPAY_CONFIG),
})
export type Config = ReturnType<typeof readConfig>

/** The configuration in `values`, or null when it is not one (what is wrong is logged). */
function parseConfig(values: unknown, log: boolean): Config | null {
  try {
    return readConfig(values, '')
  } catch (error) {
    if (log) console.error('app-config: configuración inválida; se usan los valores por defecto', error)
    return null
  }
}

const CONFIG_ELEMENT_ID = 'app-config'

export function loadConfig(doc: Document | undefined): Config {
  const defaults = readConfig({}, '')
  const text = doc?.getElementById(CONFIG_ELEMENT_ID)?.textContent?.trim()
  if (!text) return defaults

  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    console.error('app-config: JSON inválido; se usan los valores por defecto')
    return defaults
  }
  return parseConfig(raw, true) ?? defaults
}

export const config: Config = loadConfig(typeof document === 'undefined' ? undefined : document)

/**
 * On the server (ssr/entry-server) there is no document: the API hands over the same public values
 * it writes into `#app-config`. One server process serves one configuration, so they are set in place.
 */
export function applyServerConfig(values: unknown): void {
  const parsed = parseConfig(values, false)
  if (parsed) Object.assign(config, parsed)
}

/** An absolute URL on the public origin, for canonical and Open Graph tags. */
export function publicHref(path: string): string {
  const origin = config.publicUrl || (typeof location === 'undefined' ? '' : location.origin)
  return `${origin}${path}`
}
