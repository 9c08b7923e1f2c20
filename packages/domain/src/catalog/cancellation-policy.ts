import { type CalendarDate, isCalendarDate } from '../shared/calendar-date.ts'
import { CHECK_IN_TIME, stayStartsAt } from '../shared/check-in.ts'
import { formatMexicoCityDateTime, MEXICO_CITY_TIME_LABEL } from '../shared/mexico-city-time.ts'
import { requireValue } from '../shared/require-value.ts'

/**
 * What a guest may expect when cancelling. Every cabin carries one; every surface (map popup, cabin
 * page, checkout, trip page, mails) shows the cabin's own, never a generic promise.
 */
export const CANCELLATION_POLICIES = ['free', 'moderate', 'non_refundable'] as const
export type CancellationPolicyKey = (typeof CANCELLATION_POLICIES)[number]

/**
 * The rule behind a policy, in numbers, so that a new policy (moderate, strict…) is one more entry:
 * until the deadline everything paid is refunded; from the deadline until the stay starts, the
 * share below; once the stay has started (check-in day at CHECK_IN_TIME, Mexico City) the guest
 * cannot cancel it from the web.
 */
export type CancellationPolicyRule = {
  /** Hours before check-in until which cancelling refunds everything paid; null: never free. */
  freeCancellationHours: number | null
  /** Share of what was paid that is refunded after the deadline and before the stay starts (basis points). */
  refundAfterDeadlineBps: number
}

export const cancellationPolicyRules: Record<CancellationPolicyKey, CancellationPolicyRule> = {
  non_refundable: { freeCancellationHours: null, refundAfterDeadlineBps: 0 },
  // Free cancellation ends 24 h before check-in; after that, nothing is refunded (decisions.md).
  free: { freeCancellationHours: 24, refundAfterDeadlineBps: 0 },
  // Free until 5 days before check-in, then nothing: never kinder than 'free' at any moment (decisions.md).
  moderate: { freeCancellationHours: 5 * 24, refundAfterDeadlineBps: 0 },
}

/** The name a host chooses the policy by (the stored key 'free' is the flexible policy). */
export const CANCELLATION_POLICY_NAMES: Record<CancellationPolicyKey, string> = {
  free: 'Flexible',
  moderate: 'Moderada',
  non_refundable: 'No reembolsable',
}

/** True when the policy refunds everything until a deadline: only then may a surface say 'Cancelación gratuita'. */
export function hasFreeCancellation(policy: CancellationPolicyKey): boolean {
  return cancellationPolicyRules[policy].freeCancellationHours !== null
}

export type CancellationPolicyText = {
  /** Short label, e.g. for a badge or a popup line. */
  label: string
  /** Plain Spanish on what cancelling does (after `deadline` when there is one). */
  summary: string
  /**
   * 'Cancelación gratuita hasta el 16 de diciembre de 2026, 15:00 (hora de la Ciudad de México)' when
   * the stay's dates are known and the policy has a free window; else null. Surfaces show it in
   * place of the label: `${deadline ?? label}. ${summary}`.
   */
  deadline: string | null
}

export { stayStartsAt }

/** The last instant (exclusive) at which cancelling is free, or null when the policy has no free window. */
export function freeCancellationDeadline(policy: CancellationPolicyKey, checkIn: CalendarDate): Date | null {
  const hours = cancellationPolicyRules[policy].freeCancellationHours
  if (hours === null) return null
  return new Date(stayStartsAt(checkIn).getTime() - hours * 3_600_000)
}

/** 'el 16 de diciembre de 2026, 15:00 (hora de la Ciudad de México)' */
export function deadlineWords(deadline: Date): string {
  return `el ${formatMexicoCityDateTime(deadline)} (${MEXICO_CITY_TIME_LABEL})`
}

/** '24 horas', '5 días': the free window without dates. */
function windowWords(hours: number): string {
  return hours % 24 === 0 && hours > 24 ? `${hours / 24} días` : `${hours} ${hours === 1 ? 'hora' : 'horas'}`
}

/** What happens to the payment after the deadline, e.g. 'el pago ya no se reembolsa'. */
function afterDeadlineWords(rule: CancellationPolicyRule): string {
  if (rule.refundAfterDeadlineBps <= 0) return 'el pago ya no se reembolsa'
  return `se reembolsa el ${rule.refundAfterDeadlineBps / 100} % del total pagado`
}

const labels: Record<CancellationPolicyKey, string> = {
  non_refundable: 'No reembolsable',
  free: 'Cancelación gratuita',
  moderate: 'Cancelación gratuita',
}

/**
 * The policy in the words every surface uses. With the stay's check-in date the free window is a
 * date and an hour in Mexico City; without it, the rule ('hasta 24 horas antes del check-in').
 */
export function cancellationPolicyText(
  policy: CancellationPolicyKey,
  checkIn?: CalendarDate | null,
): CancellationPolicyText {
  const rule = cancellationPolicyRules[policy]
  const label = labels[policy]
  if (rule.freeCancellationHours === null) {
    return {
      label,
      summary: 'Si cancelas, la reserva se anula y las fechas se liberan, pero no se reembolsa ningún monto.',
      deadline: null,
    }
  }
  const after = afterDeadlineWords(rule)
  if (!checkIn || !isCalendarDate(checkIn)) {
    return {
      label,
      summary: `Cancela sin costo hasta ${windowWords(rule.freeCancellationHours)} antes del check-in (${CHECK_IN_TIME}, ${MEXICO_CITY_TIME_LABEL}) y se te reembolsa el total pagado; después, ${after}.`,
      deadline: null,
    }
  }
  return {
    label,
    summary: `Si cancelas antes, se te reembolsa el total pagado; después, ${after}.`,
    deadline: `${label} hasta ${deadlineWords(requireValue(freeCancellationDeadline(policy, checkIn), 'the deadline of a refundable policy'))}`,
  }
}

/** The policies' texts without dates (the rule), for surfaces that know no stay. */
export const cancellationPolicies: Record<CancellationPolicyKey, CancellationPolicyText> = {
  non_refundable: cancellationPolicyText('non_refundable'),
  free: cancellationPolicyText('free'),
  moderate: cancellationPolicyText('moderate'),
}

export function isCancellationPolicy(value: unknown): value is CancellationPolicyKey {
  return typeof value === 'string' && (CANCELLATION_POLICIES as readonly string[]).includes(value)
}
