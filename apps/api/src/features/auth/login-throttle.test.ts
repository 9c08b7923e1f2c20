import { describe, expect, it } from 'vitest'
import { accountDelaySeconds, judgeLoginAttempt, type LoginFailures } from './login-throttle.ts'

const clean: LoginFailures = {
  addressFailures: 0,
  addressFreeInSeconds: 0,
  accountFailures: 0,
  pairFailures: 0,
  secondsSinceAccountFailure: null,
}

describe('accountDelaySeconds', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [6, 2],
    [10, 32],
    [14, 512],
    [15, 900],
    [200, 900],
  ])('an account with %i failures delays its failing addresses %i s', (failures, delay) => {
    expect(accountDelaySeconds(failures)).toBe(delay)
  })
})

describe('judgeLoginAttempt', () => {
  it.each<[string, Partial<LoginFailures>, ReturnType<typeof judgeLoginAttempt>]>([
    ['a clean address on a quiet account', {}, { ok: true }],
    [
      'an address with 10 failures',
      { addressFailures: 10, addressFreeInSeconds: 42 },
      { ok: false, reason: 'address', retryAfterSeconds: 42 },
    ],
    ['an address with 9 failures', { addressFailures: 9 }, { ok: true }],
    [
      'a clean address on an account under attack',
      { accountFailures: 30, secondsSinceAccountFailure: 0 },
      { ok: true },
    ],
    [
      'an address that failed on an account under attack',
      { accountFailures: 10, pairFailures: 1, secondsSinceAccountFailure: 20.5 },
      { ok: false, reason: 'account', retryAfterSeconds: 12 },
    ],
    [
      'the same address once the delay has passed',
      { accountFailures: 10, pairFailures: 1, secondsSinceAccountFailure: 32.1 },
      { ok: true },
    ],
    [
      'an address that failed on an account below the threshold',
      { accountFailures: 4, pairFailures: 4, secondsSinceAccountFailure: 0 },
      { ok: true },
    ],
  ])('%s', (_name, failures, verdict) => {
    expect(judgeLoginAttempt({ ...clean, ...failures })).toEqual(verdict)
  })
})
