import type { Outcome } from './client.ts'
import type { FuzzRequest } from './mutate.ts'

/** An answer ≥ 500 that is not a fault: said so by the spec, or load shedding. */
export function excuseOf(
  request: FuzzRequest,
  outcome: Outcome,
): 'social-login-501' | 'load-shed-503' | null {
  if (outcome.kind !== 'answer') return null
  if (outcome.status === 501 && request.route === 'POST /auth/social/:provider') return 'social-login-501'
  // under-pressure's answer (app.ts): 503 SERVICE_UNAVAILABLE with Retry-After (to a HEAD, without the
  // body). /health's own 503 ("database unreachable") has neither, and stays a failure.
  const shedBody =
    outcome.bodyStart.includes('"SERVICE_UNAVAILABLE"') ||
    (request.method === 'HEAD' && outcome.bodyStart === '')
  if (outcome.status === 503 && outcome.retryAfter !== null && shedBody) {
    return 'load-shed-503'
  }
  return null
}

export type Finding = { request: FuzzRequest; outcome: Outcome; phase: string }

const statusLabel = (outcome: Outcome) =>
  outcome.kind === 'answer'
    ? String(outcome.status)
    : outcome.kind === 'dropped'
      ? `dropped (${outcome.error})`
      : outcome.kind

/** Everything the run saw, by phase, route and status. */
export class Stats {
  readonly byStatus = new Map<string, number>()
  readonly byRoute = new Map<string, Map<string, number>>()
  readonly byPhase = new Map<string, { requests: number; ms: number }>()
  readonly excused = new Map<string, number>()
  readonly findings: Finding[] = []
  readonly notSent: Finding[] = []
  total = 0

  record(phase: string, request: FuzzRequest, outcome: Outcome) {
    this.total += 1
    const status = outcome.kind === 'answer' ? String(outcome.status) : outcome.kind
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1)
    const route = this.byRoute.get(request.route) ?? new Map<string, number>()
    route.set(status, (route.get(status) ?? 0) + 1)
    this.byRoute.set(request.route, route)
    if (outcome.kind === 'not-sent') {
      this.notSent.push({ request, outcome, phase })
      return
    }
    if (outcome.kind === 'answer' && outcome.status < 500) return
    const excuse = excuseOf(request, outcome)
    if (excuse) this.excused.set(excuse, (this.excused.get(excuse) ?? 0) + 1)
    else this.findings.push({ request, outcome, phase })
  }

  count(predicate: (outcome: Outcome) => boolean): number {
    return this.findings.filter((finding) => predicate(finding.outcome)).length
  }

  /** Answered requests, by class (2xx…5xx), and the unanswered ones. */
  classes(): Record<string, number> {
    const classes: Record<string, number> = {}
    for (const [status, n] of this.byStatus) {
      const key = /^\d{3}$/.test(status) ? `${status[0]}xx` : status
      classes[key] = (classes[key] ?? 0) + n
    }
    return classes
  }

  routeTable() {
    return [...this.byRoute.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, statuses]) => {
        const sum = (test: (status: string) => boolean) =>
          [...statuses.entries()].filter(([status]) => test(status)).reduce((total, [, n]) => total + n, 0)
        const top = [...statuses.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')
        return {
          route,
          requests: sum(() => true),
          '2xx': sum((s) => s.startsWith('2')),
          '3xx': sum((s) => s.startsWith('3')),
          '4xx': sum((s) => s.startsWith('4')),
          '5xx': sum((s) => s.startsWith('5')),
          'sin respuesta': sum((s) => !/^\d/.test(s)),
          'más frecuentes': top,
        }
      })
  }
}

/** Values the report never prints: the fuzz session's token, the sandbox's private key, the webhook password. */
export type Secret = [value: string, label: string]

/** Header values with every secret replaced by its label, and long values cut. */
export function redactHeaders(headers: [string, string][], secrets: Secret[]): [string, string][] {
  return headers.map(([name, value]) => {
    let shown = value
    for (const [secret, label] of secrets) if (secret) shown = shown.replaceAll(secret, `<${label}>`)
    return [name, shown.length > 120 ? `${shown.slice(0, 120)}… (${shown.length} caracteres)` : shown]
  })
}

const shorten = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} caracteres)` : text

/** Findings grouped by status, route and kind of payload, each with one example to reproduce. */
export function printFindings(title: string, findings: Finding[], secrets: Secret[]) {
  if (findings.length === 0) return
  const groups = new Map<string, [Finding, ...Finding[]]>()
  for (const finding of findings) {
    const key = `${statusLabel(finding.outcome)} | ${finding.request.method} ${finding.request.route} | ${finding.request.mutation}`
    const group = groups.get(key)
    if (group) group.push(finding)
    else groups.set(key, [finding])
  }
  console.log(`\n${title} (${findings.length}, ${groups.size} grupos):`)
  for (const [key, group] of [...groups.entries()].sort((a, b) => b[1].length - a[1].length)) {
    const [{ request, outcome, phase }] = group
    console.log(`\n  ✗ ${key}  ×${group.length}`)
    console.log(`    fase ${phase}, solicitud #${request.index}`)
    if (request.raw) {
      console.log(`    bytes: ${JSON.stringify(shorten(request.raw.toString('latin1'), 400))}`)
    } else {
      console.log(`    ${request.method} ${shorten(request.path, 200)}`)
      for (const [name, value] of redactHeaders(request.headers, secrets))
        console.log(`    ${name}: ${value}`)
      if (request.body)
        console.log(`    cuerpo: ${JSON.stringify(shorten(request.body.toString('utf8'), 400))}`)
    }
    if (outcome.kind === 'answer')
      console.log(`    respuesta: ${JSON.stringify(shorten(outcome.bodyStart, 300))}`)
  }
}

/** Every finding in full (bodies up to 64 KB), to replay one by hand. */
export function findingsAsJson(findings: Finding[], secrets: Secret[]) {
  return findings.map(({ request, outcome, phase }) => ({
    phase,
    index: request.index,
    route: request.route,
    mutation: request.mutation,
    status: statusLabel(outcome),
    method: request.method,
    path: request.path,
    headers: redactHeaders(request.headers, secrets).map(([name, value]) => `${name}: ${value}`),
    body: request.body ? request.body.subarray(0, 64 * 1024).toString('base64') : null,
    bodyBytes: request.body?.length ?? 0,
    raw: request.raw ? request.raw.subarray(0, 64 * 1024).toString('base64') : null,
    answer: outcome.kind === 'answer' ? outcome.bodyStart : null,
  }))
}
