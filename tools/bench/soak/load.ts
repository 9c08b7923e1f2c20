import { addDays, type CalendarDate } from '@cabanas/domain/shared'
import type { Random } from '../fuzz/random.ts'
import type { ApiProcess } from './api-process.ts'
import type { RequestKind, Stats } from './stats.ts'

export type SoakCabin = {
  id: string
  state: string
  minOccupancy: number
  maxOccupancy: number
  minNights: number
}

export type StayWindow = { checkIn: CalendarDate; checkOut: CalendarDate }

/** A guest booking (or decline) the load made, followed until its Idempotency-Key has an answer. */
export type Booking = {
  key: string
  body: Record<string, unknown>
  ip: string
  declined: boolean
  /** The final status of the key (200, 202, 402, 409…); null while no final answer came. */
  status: number | null
  reservationId?: string
  accessToken?: string
  cancelAttempted?: boolean
  cancelTries?: number
}

type Answer = { status: number; code: string; json: Record<string, unknown> }

/** Answers after which the same Idempotency-Key is sent again: a 5xx, or still running (no answer too). */
const isRetryable = (answer: Answer) => answer.status >= 500 || answer.code === 'IDEMPOTENCY_IN_PROGRESS'

const APPROVED_CARD = '4111111111111111'
const DECLINED_CARD = '4222222222222220'

/**
 * The soak's bounded load: workers in a loop until a deadline, each running one operation at a time
 * (search, quote, guest booking, declined card, cancellation, registration) against either API
 * process, as a load balancer without health checks would send them. A guest whose request got no
 * answer sends it again with the same Idempotency-Key, as the checkout does.
 */
export class Load {
  readonly bookings: Booking[] = []
  readonly registrations: string[] = []
  private sequence = 0
  private readonly addresses = new Set<string>()

  constructor(
    private readonly servers: ApiProcess[],
    private readonly cabins: SoakCabin[],
    readonly hotWindows: StayWindow[],
    private readonly today: CalendarDate,
    private readonly rng: Random,
    private readonly stats: Stats,
    private readonly sandbox: { merchantId: string; publicKey: string },
    private readonly label: string,
  ) {}

  /** Every guest address and access token the run used: the log scan looks for each. */
  secrets(): string[] {
    return [
      ...this.addresses,
      ...this.bookings.flatMap((booking) => (booking.accessToken ? [booking.accessToken] : [])),
    ]
  }

  async run(until: number, workers: number, maxOperations: number): Promise<void> {
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (Date.now() < until && this.sequence < maxOperations) {
          await this.operation(until)
          await sleep(this.rng.int(0, 120))
        }
      }),
    )
  }

  /** Sends every booking still without an answer again, until each has one or `deadline` passes. */
  async finishPending(deadline: number): Promise<void> {
    const open = () => this.bookings.filter((booking) => booking.status === null)
    while (open().length > 0 && Date.now() < deadline) {
      await Promise.all(open().map((booking) => this.charge(booking, 'booking', Date.now() + 5000)))
      if (open().length > 0) await sleep(2000)
    }
  }

  private async operation(until: number) {
    this.sequence += 1
    const kind = this.rng.weighted<RequestKind>([
      [30, 'search'],
      [25, 'quote'],
      [22, 'booking'],
      [7, 'decline'],
      [9, 'cancellation'],
      [7, 'registration'],
    ])
    if (kind === 'search') return this.search()
    if (kind === 'quote') return this.quote()
    if (kind === 'booking' || kind === 'decline') return this.book(kind === 'decline', until)
    if (kind === 'cancellation') return this.cancel()
    return this.register()
  }

  private server(): ApiProcess {
    return this.rng.pick(this.servers)
  }

  private guestAddress(): string {
    return `10.${this.rng.int(0, 255)}.${this.rng.int(0, 255)}.${this.rng.int(1, 254)}`
  }

  private stay(): { cabin: SoakCabin; window: StayWindow; guests: number } {
    const cabin = this.rng.pick(this.cabins)
    let window: StayWindow
    if (this.rng.chance(0.5)) {
      window = this.rng.pick(this.hotWindows)
    } else {
      const checkIn = addDays(this.today, this.rng.int(20, 300))
      window = { checkIn, checkOut: addDays(checkIn, Math.max(cabin.minNights, this.rng.int(1, 4))) }
    }
    const guests = Math.min(cabin.maxOccupancy, Math.max(cabin.minOccupancy, 2))
    return { cabin, window, guests }
  }

  private async request(
    server: ApiProcess,
    method: string,
    path: string,
    {
      body,
      headers = {},
      timeoutMs = 15_000,
    }: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<Answer | null> {
    try {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
      const text = await res.text()
      let json: Record<string, unknown> = {}
      try {
        json = JSON.parse(text) as Record<string, unknown>
      } catch {}
      return { status: res.status, code: String(json.errorType ?? ''), json }
    } catch {
      return null
    }
  }

  /** Counts a plain answer: 2xx ok, an expected 4xx refused, 5xx or none an error. */
  private tally(kind: RequestKind, answer: Answer | null, refusals: number[]) {
    if (answer === null || answer.status >= 500) return this.stats.count(kind, 'errors')
    if (answer.status < 300) return this.stats.count(kind, 'ok')
    if (refusals.includes(answer.status)) return this.stats.count(kind, 'refused')
    this.stats.count(kind, 'unexpected', `${answer.status} ${answer.code}`)
  }

  private async search() {
    const { cabin, window, guests } = this.stay()
    const query = new URLSearchParams({ location: cabin.state, ...window, guests: String(guests) })
    this.tally('search', await this.request(this.server(), 'GET', `/cotizar/search?${query}`), [400])
  }

  private async quote() {
    const { cabin, window, guests } = this.stay()
    const body = { habitacionId: cabin.id, ...window, guests }
    this.tally('quote', await this.request(this.server(), 'POST', '/reservas/cotizar', { body }), [400, 409])
  }

  private async register() {
    const email = `soak.${this.label}.r${++this.sequence}@ejemplo.mx`
    this.addresses.add(email)
    const password = `clave-${this.rng.hex(12)}`
    const answer = await this.request(this.server(), 'POST', '/auth/register', {
      headers: { 'x-forwarded-for': this.guestAddress() },
      body: {
        firstName: 'Eva',
        lastName: 'Luna',
        email,
        password,
        confirmPassword: password,
        acceptTerms: true,
      },
    })
    if (answer?.status === 201) this.registrations.push(email)
    this.tally('registration', answer, [409, 429])
  }

  private async token(card: string): Promise<string | null> {
    for (let attempt = 0; attempt < 4; attempt++) {
      const answer = await this.request(
        this.server(),
        'POST',
        `/sandbox/openpay/v1/${this.sandbox.merchantId}/tokens`,
        {
          headers: { authorization: `Basic ${Buffer.from(`${this.sandbox.publicKey}:`).toString('base64')}` },
          body: {
            card_number: card,
            holder_name: 'ANA RODRIGUEZ',
            expiration_month: '12',
            expiration_year: '35',
            cvv2: '123',
          },
        },
      )
      if (answer?.status === 200) {
        this.stats.count('token', 'ok')
        return String(answer.json.id)
      }
      this.tally('token', answer, [])
      await sleep(500 + attempt * 500)
    }
    return null
  }

  private async book(declined: boolean, until: number) {
    const { cabin, window, guests } = this.stay()
    const tokenId = await this.token(declined ? DECLINED_CARD : APPROVED_CARD)
    if (!tokenId) return
    const n = ++this.sequence
    const email = `soak.${this.label}.b${n}@ejemplo.mx`
    this.addresses.add(email)
    const booking: Booking = {
      key: `soak-${this.label}-${n}`,
      ip: this.guestAddress(),
      declined,
      status: null,
      body: {
        method: 'card',
        token_id: tokenId,
        device_session_id: this.rng.hex(32),
        customerData: { name: 'Ana', last_name: 'Rodríguez', phone_number: '5512345678', email },
        reservationData: {
          cabinId: cabin.id,
          ...window,
          guests,
          guestInfo: {
            firstName: 'Ana',
            lastName: 'Rodríguez',
            email,
            phone: '5512345678',
            specialRequests: '',
          },
        },
      },
    }
    this.bookings.push(booking)
    await this.charge(booking, declined ? 'decline' : 'booking', Math.min(until, Date.now() + 40_000))
  }

  /** Sends the booking's charge (same key, same body) until a final answer or `deadline`. */
  private async charge(booking: Booking, kind: RequestKind, deadline: number) {
    for (;;) {
      const answer = await this.request(this.server(), 'POST', '/payments/charge', {
        headers: { 'idempotency-key': booking.key, 'x-forwarded-for': booking.ip },
        body: booking.body,
      })
      // null: no answer at all (a killed process, a refused connection), sent again as a 5xx is.
      if (answer === null || isRetryable(answer)) {
        if (answer?.code === 'IDEMPOTENCY_IN_PROGRESS') this.stats.count(kind, 'refused')
        else this.stats.count(kind, 'errors')
        if (Date.now() > deadline) return
        await sleep(this.rng.int(500, 2000))
        continue
      }
      const final = answer
      booking.status = final.status
      const data = final.json.data as { reservationId?: string; accessToken?: string } | undefined
      if (data?.reservationId) booking.reservationId = data.reservationId
      if (data?.accessToken) booking.accessToken = data.accessToken
      const paid = final.status === 200 || final.status === 202
      if (booking.declined) {
        // 202: the provider failed (a fault) before saying no; reconciliation then finds no charge.
        if (final.status === 402 || final.status === 202) this.stats.count(kind, 'ok')
        else if (final.status === 200)
          this.stats.count(kind, 'unexpected', 'tarjeta rechazada confirmada (200)')
        else this.tally(kind, final, [400, 409, 429])
      } else if (paid) this.stats.count(kind, 'ok')
      else this.tally(kind, final, [400, 402, 409, 429])
      return
    }
  }

  private async cancel() {
    // Each with its access token, which a booking without one could not cancel.
    const candidates = this.bookings.flatMap((booking) =>
      !booking.cancelAttempted && booking.accessToken && (booking.status === 200 || booking.status === 202)
        ? [{ booking, accessToken: booking.accessToken }]
        : [],
    )
    if (candidates.length === 0) return this.quote()
    const { booking, accessToken } = this.rng.pick(candidates)
    booking.cancelAttempted = true
    booking.cancelTries = (booking.cancelTries ?? 0) + 1
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await this.request(
        this.server(),
        'POST',
        `/api/bookings/${booking.reservationId}/cancel`,
        {
          headers: { 'x-reservation-token': accessToken },
        },
      )
      if (answer && answer.status < 500) {
        // 400: its payment is still being verified (it may be cancelled later) or it is already cancelled.
        if (answer.status === 400 && booking.cancelTries < 3) booking.cancelAttempted = false
        return this.tally('cancellation', answer, [400])
      }
      this.stats.count('cancellation', 'errors')
      await sleep(this.rng.int(500, 2000))
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
