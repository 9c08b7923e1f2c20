import { config } from '../../lib/config'

export type { OpenpayConfig } from '../../lib/config'
export { SANDBOX_OPENPAY_CONFIG } from '../../lib/config'

/** Openpay.js settings from the runtime config (lib/config.ts reads it, once). */
export const openpayConfig = config.openpay
