import type { Env } from './env.ts'
import { ConfigError } from './env-field.ts'
import { isSecureOrigin } from './server.ts'

/**
 * What NODE_ENV=production demands on top of each value being valid: payments chosen on purpose, a public
 * https origin, a secrets key, the proxies named, and no test-only switch. `real`: real Openpay keys are used.
 */
export function refuseUnsafeProduction(e: Env, real: boolean): void {
  if (e.NODE_ENV !== 'production') return
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
