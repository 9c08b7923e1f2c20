import { promises as dnsPromises } from 'node:dns'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { isBlockedAddress } from './address-policy.ts'

const { Resolver } = dnsPromises

/*
 * A GET of an address a user gave us (an imported calendar), bounded in every way a hostile or broken
 * server could hurt us: http(s) only; every address the name resolves to is checked (address-policy.ts)
 * inside the socket's own `lookup`, so the connection goes to the address that was checked (no DNS
 * rebinding between a check and the connect); each redirect is checked again, at most `maxRedirects`; one
 * deadline for the whole exchange; the body is cut as soon as it passes `maxBytes`.
 */

export type OutboundFailure =
  | 'timeout'
  | 'tooLarge'
  | 'blockedAddress'
  | 'badUrl'
  | 'tooManyRedirects'
  | 'unreachable'
  | 'httpStatus'

export class OutboundFetchError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    /** The HTTP status of an 'httpStatus' failure. */
    readonly status?: number,
  ) {
    super(failure)
  }
}

export type OutboundLimits = {
  timeoutMs: number
  maxBytes: number
  maxRedirects: number
  /** Tests only (ICAL_ALLOW_PRIVATE): reach this machine and private networks. */
  allowPrivate: boolean
  /** Tests only: another address classifier (to let one loopback address pass and refuse another). */
  isBlocked?: (address: string) => boolean
  /** Tests only: the DNS servers to ask (`host:port`), instead of the system's. */
  dnsServers?: string[]
}

export type ConditionalHeaders = { etag?: string | null; lastModified?: string | null }

export type OutboundAnswer =
  | { kind: 'not-modified' }
  | { kind: 'ok'; body: string; etag: string | null; lastModified: string | null }

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** DNS answers waited for at most: 2 s, one try. */
const DNS_TIMEOUT_MS = 2000

type Resolved = { address: string; family: 4 | 6 }

/**
 * Every address of `hostname`, from c-ares (`dns.promises.Resolver`, off libuv's threadpool, which
 * argon2 shares: `dns.lookup` would hold a pool thread for as long as a slow resolver takes). c-ares
 * does not read /etc/hosts: the name `localhost` (and *.localhost) is taken as 127.0.0.1 and ::1, so
 * it is checked and refused like any loopback address.
 */
async function resolveAll(hostname: string, family: number, servers?: string[]): Promise<Resolved[]> {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  const wants = (version: 4 | 6) => family !== (version === 4 ? 6 : 4)
  if (name === 'localhost' || name.endsWith('.localhost'))
    return [
      { address: '127.0.0.1', family: 4 as const },
      { address: '::1', family: 6 as const },
    ].filter((entry) => wants(entry.family))
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 })
  if (servers) resolver.setServers(servers)
  const [v4, v6] = await Promise.allSettled([
    wants(4) ? resolver.resolve4(name) : Promise.resolve([]),
    wants(6) ? resolver.resolve6(name) : Promise.resolve([]),
  ])
  if (v4.status === 'rejected' && v6.status === 'rejected') throw v4.reason
  return [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
  ]
}

/** The socket's lookup: resolves, refuses when any address is blocked, connects to what was checked. */
function checkedLookup(limits: OutboundLimits): LookupFunction {
  const refuses = (address: string) => !limits.allowPrivate && (limits.isBlocked ?? isBlockedAddress)(address)
  return (hostname, options, callback) => {
    const done = callback as (...args: unknown[]) => void
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0)
    resolveAll(hostname, family, limits.dnsServers).then(
      (addresses) => {
        const [first] = addresses
        if (!first) return done(new OutboundFetchError('unreachable'))
        if (addresses.some((entry) => refuses(entry.address)))
          return done(new OutboundFetchError('blockedAddress'))
        if (options.all) return done(null, addresses)
        return done(null, first.address, first.family)
      },
      (error: unknown) => done(error),
    )
  }
}

/** GETs `url` within `limits`, sending the validators of the last good answer. */
export async function fetchWithinLimits(
  url: string,
  conditional: ConditionalHeaders,
  limits: OutboundLimits,
): Promise<OutboundAnswer> {
  const controller = new AbortController()
  const deadline = setTimeout(() => controller.abort(), limits.timeoutMs)
  try {
    let current = url
    for (let hop = 0; ; hop += 1) {
      const response = await requestOnce(current, conditional, limits, controller.signal)
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (REDIRECTS.has(status) && location) {
        response.destroy()
        if (hop >= limits.maxRedirects) throw new OutboundFetchError('tooManyRedirects')
        if (!URL.canParse(location, current)) throw new OutboundFetchError('badUrl')
        current = new URL(location, current).toString()
        continue
      }
      if (status === 304) {
        response.destroy()
        return { kind: 'not-modified' }
      }
      if (status < 200 || status >= 300) {
        response.destroy()
        throw new OutboundFetchError('httpStatus', status)
      }
      const body = await readWithinLimit(response, limits.maxBytes)
      return {
        kind: 'ok',
        body,
        etag: headerText(response.headers.etag),
        lastModified: headerText(response.headers['last-modified']),
      }
    }
  } catch (error) {
    // The deadline first: a body cut by it ends as an abort.
    if (controller.signal.aborted) throw new OutboundFetchError('timeout')
    if (error instanceof OutboundFetchError) throw error
    // A socket error may carry our lookup's refusal as its cause.
    const cause = (error as { cause?: unknown }).cause
    if (cause instanceof OutboundFetchError) throw cause
    throw new OutboundFetchError('unreachable')
  } finally {
    clearTimeout(deadline)
  }
}

function headerText(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value
  return text && text.length <= 500 ? text : null
}

function requestOnce(
  target: string,
  conditional: ConditionalHeaders,
  limits: OutboundLimits,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  if (!URL.canParse(target)) return Promise.reject(new OutboundFetchError('badUrl'))
  const url = new URL(target)
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new OutboundFetchError('badUrl'))
  // An IP literal never reaches `lookup`: it is checked here.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (isIP(literal) && !limits.allowPrivate && (limits.isBlocked ?? isBlockedAddress)(literal))
    return Promise.reject(new OutboundFetchError('blockedAddress'))
  const headers: Record<string, string> = {
    accept: 'text/calendar, */*;q=0.5',
    'user-agent': 'CabanasMX-Calendario/1.0',
  }
  if (conditional.etag) headers['if-none-match'] = conditional.etag
  if (conditional.lastModified) headers['if-modified-since'] = conditional.lastModified
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      headers,
      signal,
      lookup: checkedLookup(limits),
      // No connection reuse: every request goes through the lookup above.
      agent: false,
    })
    request.on('response', resolve)
    request.on('error', (error) => {
      // Our lookup's refusal arrives as the request's error.
      reject(
        error instanceof OutboundFetchError
          ? error
          : Object.assign(new Error('request failed'), { cause: error }),
      )
    })
    request.end()
  })
}

/** The body as text, or 'tooLarge' as soon as more than `maxBytes` arrive (the rest is never read). */
function readWithinLimit(response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy()
    return Promise.reject(new OutboundFetchError('tooLarge'))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    response.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        // Rejected first: destroying the stream makes it report an abort of its own.
        reject(new OutboundFetchError('tooLarge'))
        response.destroy()
        return
      }
      chunks.push(chunk)
    })
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    response.on('error', reject)
    response.on('aborted', () => reject(new OutboundFetchError('unreachable')))
  })
}
