import { randomUUID } from 'node:crypto'
import type { RouteSpec } from './context.ts'

const months = ['2026-05', '2025-12', '2024-02', '2099-01']

/**
 * Payouts (features/payouts): the fuzz host's report and CSV, and the operator's months owed; the
 * operator's payments go to hosts that mostly do not exist (a 404), with amounts and references
 * the schema must take or refuse in Spanish.
 */
export const PAYOUT_ROUTES: RouteSpec[] = [
  { method: 'GET', url: '/api/hosts/me/payouts', auth: 'session' },
  {
    method: 'GET',
    url: '/api/hosts/me/payouts/:month',
    auth: 'session',
    params: (_ctx, random) => ({ month: random.pick(months) }),
  },
  {
    method: 'GET',
    url: '/api/hosts/me/payouts/:month/csv',
    auth: 'session',
    params: (_ctx, random) => ({ month: random.pick(months) }),
  },
  { method: 'GET', url: '/api/operator/payouts', auth: 'operator' },
  {
    method: 'POST',
    url: '/api/operator/payouts/:hostId/:month/transfer',
    auth: 'operator',
    params: (_ctx, random) => ({ hostId: randomUUID(), month: random.pick(months) }),
    body: (_ctx, random) => ({ amount: random.pick([1, 3_000_00, 99_999_99]) }),
  },
  {
    method: 'POST',
    url: '/api/operator/payouts/:hostId/:month/mark-paid',
    auth: 'operator',
    params: (_ctx, random) => ({ hostId: randomUUID(), month: random.pick(months) }),
    body: (_ctx, random) => ({
      amount: 3_000_00,
      reference: random.pick(['SPEI 0001234', 'REF-2026/05 #7']),
    }),
  },
]
