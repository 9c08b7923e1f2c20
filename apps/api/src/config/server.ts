import { isIP } from 'node:net'
import { z } from 'zod'
import { emptyToUndefined } from './env-field.ts'

/** The HTTP server: where it listens, the origin it writes in links, the proxies it trusts, its logs and map tiles. */
export const ServerEnvSchema = z.object({
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
})

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

/** https, or http on this machine only (a production start behind nothing, for a smoke test). */
export function isSecureOrigin(url: string): boolean {
  const { protocol, hostname } = new URL(url)
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname)
}
