/** What the load asks for, and how each kind of request ended. */
export const REQUEST_KINDS = [
  'search',
  'quote',
  'token',
  'booking',
  'decline',
  'cancellation',
  'registration',
] as const
export type RequestKind = (typeof REQUEST_KINDS)[number]

/**
 * `ok`: the answer the operation wanted (a booking: 200 or 202). `refused`: a 4xx the product meant
 * (taken nights, a declined card, a limit). `errors`: a 5xx or no answer (a killed process, the
 * database restarting); the client retries those. `unexpected`: an answer that should never come
 * (a declined card confirmed, a 4xx no rule explains).
 */
export type Outcome = 'ok' | 'refused' | 'errors' | 'unexpected'

export class Stats {
  readonly requests = new Map<RequestKind, Record<Outcome, number>>(
    REQUEST_KINDS.map((kind) => [kind, { ok: 0, refused: 0, errors: 0, unexpected: 0 }]),
  )
  readonly faults = new Map<string, number>()
  /** Short notes of what was unexpected (status and code only: no body, no address). */
  readonly notes: string[] = []

  count(kind: RequestKind, outcome: Outcome, note?: string) {
    const counts = this.requests.get(kind)
    if (counts === undefined) throw new Error(`no counts for the request kind ${kind}`)
    counts[outcome] += 1
    if (note && this.notes.length < 50) this.notes.push(`${kind}: ${note}`)
  }

  fault(kind: string) {
    this.faults.set(kind, (this.faults.get(kind) ?? 0) + 1)
  }
}
