import { describe, expect, it } from 'vitest'
import {
  CANCELLATION_POLICY_NAMES,
  type CancellationPolicyKey,
  cancellationPolicies,
  cancellationPolicyText,
  freeCancellationDeadline,
  hasFreeCancellation,
  stayStartsAt,
} from '../catalog/cancellation-policy.ts'
import { must } from '../must.fixtures.ts'
import { cancellationTerms } from './cancellation-terms.ts'

// Check-in 17 Dec 2026: the stay starts at 15:00 Mexico City = 21:00 UTC; free cancellation ends
// 24 h earlier, 16 Dec 15:00 Mexico City.
const checkIn = '2026-12-17'
const paid = 345_000
const at = (iso: string) => new Date(iso)
const terms = (policy: CancellationPolicyKey, now: string) =>
  cancellationTerms({ policy, checkIn, paid, now: at(now) })

describe('cancellationTerms', () => {
  it('starts the stay on check-in day at 15:00 Mexico City and ends free cancellation 24 h before', () => {
    expect(stayStartsAt(checkIn).toISOString()).toBe('2026-12-17T21:00:00.000Z')
    expect(freeCancellationDeadline('free', checkIn)?.toISOString()).toBe('2026-12-16T21:00:00.000Z')
    expect(freeCancellationDeadline('non_refundable', checkIn)).toBeNull()
  })

  it.each([
    ['weeks before', '2026-11-30T12:00:00Z', 'free', paid],
    ['one millisecond before the deadline', '2026-12-16T20:59:59.999Z', 'free', paid],
    ['exactly at the deadline', '2026-12-16T21:00:00.000Z', 'penalty', 0],
    ['the evening before', '2026-12-17T03:00:00Z', 'penalty', 0],
    ['one millisecond before check-in', '2026-12-17T20:59:59.999Z', 'penalty', 0],
    ['exactly at check-in', '2026-12-17T21:00:00.000Z', 'started', 0],
    ['the last night', '2026-12-19T05:00:00Z', 'started', 0],
  ] as const)('free policy, %s → %s, refund %i', (_, now, phase, refund) => {
    const result = terms('free', now)
    expect(result.phase).toBe(phase)
    expect(result.refund).toBe(refund)
    expect(result.deadline?.toISOString()).toBe('2026-12-16T21:00:00.000Z')
  })

  // Moderate: free until 5 days before check-in (12 Dec 15:00 Mexico City = 21:00 UTC), then nothing.
  it.each([
    ['weeks before', '2026-11-30T12:00:00Z', 'free', paid],
    ['one millisecond before the deadline', '2026-12-12T20:59:59.999Z', 'free', paid],
    ['exactly at the deadline', '2026-12-12T21:00:00.000Z', 'penalty', 0],
    ['two days before, when the flexible policy still refunds all', '2026-12-15T12:00:00Z', 'penalty', 0],
    ['exactly at check-in', '2026-12-17T21:00:00.000Z', 'started', 0],
  ] as const)('moderate policy, %s → %s, refund %i', (_, now, phase, refund) => {
    const result = terms('moderate', now)
    expect(result.phase).toBe(phase)
    expect(result.refund).toBe(refund)
    expect(result.deadline?.toISOString()).toBe('2026-12-12T21:00:00.000Z')
  })

  it('never refunds less under the flexible policy than under the moderate one, nor under moderate than non-refundable', () => {
    for (let hour = 0; hour < 24 * 20; hour += 1) {
      const now = new Date(Date.parse('2026-11-30T00:00:00Z') + hour * 3_600_000).toISOString()
      const [flexible, moderate, none] = (['free', 'moderate', 'non_refundable'] as const).map(
        (policy) => terms(policy, now).refund,
      )
      expect(flexible).toBeGreaterThanOrEqual(must(moderate, 'moderate'))
      expect(moderate).toBeGreaterThanOrEqual(must(none, 'none'))
    }
  })

  it('names the policies as a host chooses them, and promises free cancellation only where it is true', () => {
    expect(CANCELLATION_POLICY_NAMES).toEqual({
      free: 'Flexible',
      moderate: 'Moderada',
      non_refundable: 'No reembolsable',
    })
    expect(hasFreeCancellation('free')).toBe(true)
    expect(hasFreeCancellation('moderate')).toBe(true)
    expect(hasFreeCancellation('non_refundable')).toBe(false)
    expect(cancellationPolicies.moderate.summary).toBe(
      'Cancela sin costo hasta 5 días antes del check-in (15:00, hora de la Ciudad de México) y se te reembolsa el total pagado; después, el pago ya no se reembolsa.',
    )
    expect(cancellationPolicyText('moderate', checkIn).deadline).toBe(
      'Cancelación gratuita hasta el 12 de diciembre de 2026, 15:00 (hora de la Ciudad de México)',
    )
  })

  it('reads 15:00 in Mexico City, not in UTC: noon UTC on check-in day is 06:00 there', () => {
    expect(terms('free', '2026-12-17T15:00:00Z').phase).toBe('penalty')
  })

  it.each([
    ['weeks before', '2026-11-30T12:00:00Z', 'penalty'],
    ['exactly at check-in', '2026-12-17T21:00:00Z', 'started'],
  ] as const)('non-refundable, %s → %s, nothing back', (_, now, phase) => {
    expect(terms('non_refundable', now)).toMatchObject({ phase, refund: 0, deadline: null })
  })

  it('refunds nothing when nothing was paid', () => {
    expect(
      cancellationTerms({ policy: 'free', checkIn, paid: 0, now: at('2026-11-30T12:00:00Z') }),
    ).toMatchObject({ phase: 'free', refund: 0 })
  })
})

describe('cancellationPolicyText', () => {
  it('states the free deadline as a date and hour in Mexico City when the stay is known', () => {
    const text = cancellationPolicyText('free', checkIn)
    expect(text.deadline).toBe(
      'Cancelación gratuita hasta el 16 de diciembre de 2026, 15:00 (hora de la Ciudad de México)',
    )
    expect(text.summary).toBe(
      'Si cancelas antes, se te reembolsa el total pagado; después, el pago ya no se reembolsa.',
    )
  })
  it('states the rule without dates', () => {
    expect(cancellationPolicies.free.summary).toBe(
      'Cancela sin costo hasta 24 horas antes del check-in (15:00, hora de la Ciudad de México) y se te reembolsa el total pagado; después, el pago ya no se reembolsa.',
    )
    expect(cancellationPolicies.free.deadline).toBeNull()
  })
  it('keeps non-refundable as it was, with or without dates', () => {
    expect(cancellationPolicyText('non_refundable', checkIn)).toEqual(cancellationPolicies.non_refundable)
    expect(cancellationPolicies.non_refundable.summary).toContain('no se reembolsa ningún monto')
  })
})
