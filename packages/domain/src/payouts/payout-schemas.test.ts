import { describe, expect, it } from 'vitest'
import {
  PayoutMarkPaidRequestSchema,
  PayoutMonthParamsSchema,
  payoutMessages,
  payoutMonthStatus,
} from './payout-schemas.ts'

describe('payout schemas', () => {
  it.each(['2026-13', '2026-5', '26-05', '2026-05-01', ''])('refuses the month %j in Spanish', (month) => {
    const result = PayoutMonthParamsSchema.safeParse({ month })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(payoutMessages.month)
  })

  it.each([
    ['SPEI 1234567', true],
    ['  REF-2026/05 #7 ', true],
    ['abc', false],
    ['=cmd()', false],
    ['x'.repeat(61), false],
  ])('a reference %j is valid: %s', (reference, valid) => {
    expect(PayoutMarkPaidRequestSchema.safeParse({ amount: 100, reference }).success).toBe(valid)
  })

  it.each([0, -5, 1.5, '100'])('refuses the amount %j', (amount) => {
    expect(PayoutMarkPaidRequestSchema.safeParse({ amount, reference: 'SPEI 1' }).success).toBe(false)
  })

  it.each([
    [{ month: '2026-05', hostAmount: 100, payoutStatus: null }, '2026-05-31', 'open'],
    [{ month: '2026-05', hostAmount: 100, payoutStatus: null }, '2026-06-01', 'owed'],
    [{ month: '2026-05', hostAmount: 0, payoutStatus: null }, '2026-06-01', 'settled'],
    [{ month: '2026-05', hostAmount: 100, payoutStatus: 'pending' }, '2026-06-01', 'processing'],
    [{ month: '2026-05', hostAmount: 100, payoutStatus: 'paid' }, '2026-06-01', 'paid'],
  ] as const)('%j on %s is %s', (month, today, status) => {
    expect(payoutMonthStatus(month, today)).toBe(status)
  })
})
