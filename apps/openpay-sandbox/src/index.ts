// The sandbox's public surface: what the host's composition root mounts. Nothing here knows the
// product; the product's payment code talks to it over HTTP, as it would to Openpay.
export { newSandboxAccount, type SandboxAccount } from './auth.ts'
export type { SandboxDatabase } from './database.ts'
export type { SandboxFault } from './faults.ts'
export { OPENPAY_SANDBOX_PREFIX, type OpenpaySandboxOptions, openpaySandboxRoutes } from './routes.ts'
export { openpaySandboxCharges, openpaySandboxPayouts, openpaySandboxTokens } from './schema.ts'
