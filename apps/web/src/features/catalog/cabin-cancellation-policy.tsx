import {
  type CancellationPolicyKey,
  cancellationPolicyText,
  hasFreeCancellation,
} from '@cabanas/domain/catalog'
import { BadgeCheck, Ban } from 'lucide-react'

/**
 * The cabin's own cancellation policy, in the words every surface uses: with the stay's arrival,
 * the free-cancellation deadline as a date and hour in Mexico City; without it, the rule.
 */
export function CabinCancellationPolicy({
  policy,
  checkIn,
}: {
  policy: CancellationPolicyKey
  checkIn?: string | null
}) {
  const { label, summary, deadline } = cancellationPolicyText(policy, checkIn)
  const free = hasFreeCancellation(policy)
  const Icon = free ? BadgeCheck : Ban
  return (
    <section aria-labelledby="politica-cancelacion">
      <h2 id="politica-cancelacion" className="text-xl font-semibold text-stone-900">
        Política de cancelación
      </h2>
      <p className="mt-4 flex gap-3 leading-relaxed text-stone-700">
        <Icon
          aria-hidden="true"
          className={
            free ? 'mt-0.5 size-5 shrink-0 text-brand-700' : 'mt-0.5 size-5 shrink-0 text-accent-600'
          }
        />
        <span>
          <strong className="font-semibold text-stone-900">{deadline ?? label}.</strong> {summary}
        </span>
      </p>
    </section>
  )
}
