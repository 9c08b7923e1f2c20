// What the host's tests read of the sandbox besides its HTTP API: Openpay's documented test cards,
// its error codes, a charge as stored and the webhook event of a charge. Never imported by the
// product's code (check:deps), only by tests.
export { APPROVED_TEST_CARDS, DECLINED_TEST_CARDS } from './cards.ts'
export { findSandboxCharge } from './charges.ts'
export type { SandboxErrorCode } from './errors.ts'
export type { SandboxFault } from './faults.ts'
export { buildSandboxChargeEvent } from './transaction.ts'
