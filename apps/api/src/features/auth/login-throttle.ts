import { createHash } from 'node:crypto'

/**
 * Failed logins slow the attacker, not the owner (docs/decisions.md, "Failed logins").
 * Only failures count, in sliding windows of the shared `rate_limit_events`:
 * - per address: more than ADDRESS_FAILURES failures from one address in the window → refused
 *   until the window slides;
 * - per account: once it has ACCOUNT_FAILURES_BEFORE_DELAY failures in the window, an address that
 *   itself failed on it waits a delay that doubles with each further failure (1 s, 2 s, 4 s … up
 *   to the window) since the account's last failure. An address that has not failed on the account
 *   is never refused: the owner signs in from home while someone guesses elsewhere.
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60
export const ADDRESS_FAILURES = 10
const ACCOUNT_FAILURES_BEFORE_DELAY = 5
const LONGEST_ACCOUNT_DELAY_SECONDS = LOGIN_WINDOW_SECONDS

/** E-mails never enter rate-limit keys in clear: a short hash of the lower-cased address. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)
}

export type LoginFailureKeys = { address: string; account: string; pair: string }

export function loginFailureKeys({ ip, email }: { ip: string; email: string }): LoginFailureKeys {
  const account = emailKey(email)
  return {
    address: `login-fail-ip:${ip}`,
    account: `login-fail-account:${account}`,
    pair: `login-fail-pair:${account}:${ip}`,
  }
}

/** What the window holds before this attempt (other attempts in flight count as failures). */
export type LoginFailures = {
  addressFailures: number
  /** Seconds until the address has fewer than ADDRESS_FAILURES failures in the window. */
  addressFreeInSeconds: number
  accountFailures: number
  /** Failures on the account from this address. */
  pairFailures: number
  /** Seconds since the account's last failure; null when it has none in the window. */
  secondsSinceAccountFailure: number | null
}

export type LoginVerdict =
  | { ok: true }
  | { ok: false; reason: 'address' | 'account'; retryAfterSeconds: number }

/** The delay an account with `failures` failures in the window imposes on addresses that failed on it. */
export function accountDelaySeconds(failures: number): number {
  if (failures < ACCOUNT_FAILURES_BEFORE_DELAY) return 0
  return Math.min(2 ** (failures - ACCOUNT_FAILURES_BEFORE_DELAY), LONGEST_ACCOUNT_DELAY_SECONDS)
}

export function judgeLoginAttempt(failures: LoginFailures): LoginVerdict {
  if (failures.addressFailures >= ADDRESS_FAILURES) {
    return { ok: false, reason: 'address', retryAfterSeconds: Math.max(1, failures.addressFreeInSeconds) }
  }
  const delay = accountDelaySeconds(failures.accountFailures)
  if (delay > 0 && failures.pairFailures > 0 && failures.secondsSinceAccountFailure !== null) {
    const wait = delay - failures.secondsSinceAccountFailure
    if (wait > 0) return { ok: false, reason: 'account', retryAfterSeconds: Math.ceil(wait) }
  }
  return { ok: true }
}
