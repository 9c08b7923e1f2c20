/*
 * Who a route test says it is: a signed session for a client, and an address of its own for each
 * request (per-address limits are not what most files test).
 */

import { signSession } from '../lib/session-tokens.ts'

/** A session token for the client, as logging in at `now` without 'Recordarme' would give it. */
export async function sessionFor(key: Uint8Array, clientId: string, now: Date): Promise<string> {
  return (await signSession(key, { clientId, rememberMe: false, epoch: 0, now })).token
}

/** Addresses `${prefix}.0.1`, `${prefix}.0.2`… one per call: each request from an address of its own. */
export function addressSequence(prefix: string): () => string {
  let addresses = 0
  return () => {
    addresses += 1
    return `${prefix}.${addresses >> 8}.${addresses & 255}`
  }
}
