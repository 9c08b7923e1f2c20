import {
  type CancellationPolicyKey,
  cancellationPolicyRules,
  freeCancellationDeadline,
  stayStartsAt,
} from '../catalog/cancellation-policy.ts'
import type { CalendarDate } from '../shared/calendar-date.ts'
import { applyBasisPoints, type Centavos } from '../shared/money.ts'
import { z } from '../shared/zod.ts'

/**
 * Where a stay stands for cancelling, at an instant:
 * - 'free': before the policy's deadline; everything paid comes back;
 * - 'penalty': from the deadline (included) until the stay starts; the policy's share comes back
 *   (none for 'free' and 'non_refundable');
 * - 'started': from check-in day at 15:00 Mexico City; the guest cannot cancel it from the web.
 */
export type CancellationPhase = 'free' | 'penalty' | 'started'

export type CancellationTerms = {
  phase: CancellationPhase
  /** End of free cancellation (exclusive), or null when the policy has none. */
  deadline: Date | null
  /** When the stay starts: check-in day, 15:00, Mexico City. */
  startsAt: Date
  /** What cancelling now gives back, in centavos (0 once started). */
  refund: Centavos
}

/**
 * The one rule for cancelling a stay: the API enforces it, the trip page and the mails state it.
 * `paid` is what the guest paid (0 when nothing was charged); `now` is the instant of the decision.
 */
export function cancellationTerms({
  policy,
  checkIn,
  paid,
  now,
}: {
  policy: CancellationPolicyKey
  checkIn: CalendarDate
  paid: Centavos
  now: Date
}): CancellationTerms {
  const startsAt = stayStartsAt(checkIn)
  const deadline = freeCancellationDeadline(policy, checkIn)
  const at = now.getTime()
  if (at >= startsAt.getTime()) return { phase: 'started', deadline, startsAt, refund: 0 }
  if (deadline && at < deadline.getTime()) return { phase: 'free', deadline, startsAt, refund: paid }
  const refund = applyBasisPoints(paid, cancellationPolicyRules[policy].refundAfterDeadlineBps)
  return { phase: 'penalty', deadline, startsAt, refund }
}

/** The terms as the trip page receives them (instants as ISO strings). */
export const CancellationTermsSchema = z.object({
  phase: z.enum(['free', 'penalty', 'started']),
  deadline: z.string().nullable(),
  startsAt: z.string(),
  refund: z.number().int().nonnegative(),
})
export type CancellationTermsView = z.infer<typeof CancellationTermsSchema>

export function toCancellationTermsView(terms: CancellationTerms): CancellationTermsView {
  return {
    phase: terms.phase,
    deadline: terms.deadline?.toISOString() ?? null,
    startsAt: terms.startsAt.toISOString(),
    refund: terms.refund,
  }
}
