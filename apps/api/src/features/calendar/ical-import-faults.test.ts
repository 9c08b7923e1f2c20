/**
 * Issue 22, point 5: a feed that hangs, answers too much, redirects to this machine or answers garbage is
 * marked failed in Spanish and keeps its last good blocks (the server: test/calendar-test-kit.ts).
 */

import { randomUUID } from 'node:crypto'
import dgram from 'node:dgram'
import { once } from 'node:events'
import type http from 'node:http'
import { calendarSyncMessages } from '@cabanas/domain/calendar'
import { beforeAll, describe, expect, it } from 'vitest'
import { fetchWithinLimits } from '../../lib/outbound-fetch.ts'
import { calendar, useIcalImport } from '../../test/calendar-test-kit.ts'
import { must } from '../../test/must.ts'

const { routes, hits, addresses, deps, poll, serveCalendar, world } = useIcalImport()
let base = ''
/** The same server by its IPv6 loopback address. */
let v6base = ''
beforeAll(() => {
  base = addresses.base
  v6base = addresses.v6base
})

describe('a feed that misbehaves', () => {
  /** A feed that worked once (one block), then answers with `handler`. */
  async function brokenAfterGoodRead(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
    const w = await world()
    let good = true
    serveCalendar(w.path, () => calendar([{ uid: 'kept', start: '2026-07-10', end: '2026-07-12' }]))
    const goodHandler = must(routes.get(w.path), 'routes.get(w.path)')
    routes.set(w.path, (req, res) => (good ? goodHandler(req, res) : handler(req, res)))
    await w.addFeed()
    await poll()
    expect(await w.blocks()).toHaveLength(1)
    good = false
    return w
  }

  it.each([
    [
      'hangs',
      (_req: http.IncomingMessage, res: http.ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/calendar' })
        res.write('BEGIN:VCALENDAR\r\n') // and never ends
      },
      calendarSyncMessages.failure.timeout,
    ],
    [
      'answers too much',
      (_req: http.IncomingMessage, res: http.ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/calendar' })
        res.end(`BEGIN:VCALENDAR\r\nX-PAD:${'x'.repeat(10_000)}\r\nEND:VCALENDAR\r\n`)
      },
      calendarSyncMessages.failure.tooLarge,
    ],
    [
      'answers garbage',
      (_req: http.IncomingMessage, res: http.ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Hola</body></html>')
      },
      calendarSyncMessages.failure.notCalendar,
    ],
    [
      'answers 500',
      (_req: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(500).end(),
      calendarSyncMessages.failure.httpStatus(500),
    ],
  ])('is marked failed when it %s, and keeps its last good blocks', async (_name, handler, message) => {
    const w = await brokenAfterGoodRead(handler)
    expect(await poll()).toEqual(['failed'])
    const [feed] = (await w.sync()).feeds
    expect(feed).toMatchObject({ status: 'error', lastError: message })
    expect(must(feed, 'feed').lastSuccessAt).not.toBeNull()
    expect(await w.blocks()).toEqual([
      { startsOn: '2026-07-10', endsOn: '2026-07-12', source: 'ical', note: '' },
    ])
  })

  it('cuts an oversized answer early, without reading it all', async () => {
    const w = await world()
    let written = 0
    routes.set(w.path, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' })
      const chunk = 'x'.repeat(1024)
      const push = () => {
        // 10 MB unless the reader hangs up first.
        while (written < 10 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length
          if (!res.write(chunk)) return void res.once('drain', push)
        }
        res.end()
      }
      push()
    })
    await w.addFeed()
    expect(await poll()).toEqual(['failed'])
    expect(written).toBeLessThan(10 * 1024 * 1024)
    expect((await w.sync()).feeds[0]).toMatchObject({ lastError: calendarSyncMessages.failure.tooLarge })
  })

  it('refuses a redirect to 127.0.0.1 (or to a name resolving to it) when private addresses are not allowed', async () => {
    const target = `/${randomUUID()}.ics`
    serveCalendar(target, () => calendar([{ uid: 'x', start: '2026-07-01', end: '2026-07-03' }]))
    // The first hop, [::1], stands for a public server: this classifier refuses only 127.0.0.0/8.
    const limits = { ...deps(false).limits, isBlocked: (address: string) => address.startsWith('127.') }
    for (const location of [`${base}${target}`, `${base.replace('127.0.0.1', 'localhost')}${target}`]) {
      const path = `/${randomUUID()}.ics`
      routes.set(path, (_req, res) => void res.writeHead(302, { location }).end())
      await expect(fetchWithinLimits(`${v6base}${path}`, {}, limits)).rejects.toMatchObject({
        failure: 'blockedAddress',
      })
      expect(hits.get(path)).toBe(1)
    }
    expect(hits.get(target) ?? 0).toBe(0)
    // The same redirect is followed when private addresses are allowed (the tests' setting).
    const path = `/${randomUUID()}.ics`
    routes.set(path, (_req, res) => void res.writeHead(302, { location: `${base}${target}` }).end())
    expect(await fetchWithinLimits(`${v6base}${path}`, {}, deps(true).limits)).toMatchObject({ kind: 'ok' })
  })

  it('marks a feed on this machine failed when private addresses are not allowed', async () => {
    const w = await world()
    serveCalendar(w.path, () => calendar([{ uid: 'x', start: '2026-07-01', end: '2026-07-03' }]))
    await w.addFeed()
    expect(await poll(false)).toEqual(['failed'])
    expect((await w.sync()).feeds[0]).toMatchObject({
      lastError: calendarSyncMessages.failure.blockedAddress,
    })
    expect(hits.get(w.path) ?? 0).toBe(0)
    expect(await w.blocks()).toEqual([])
  })

  it('resolves names with c-ares (its own DNS servers, a 2 s timeout), not the threadpool', async () => {
    // A DNS server on 127.0.0.1: answers A 127.0.0.1 for calendar.test, or never answers.
    let silent = false
    const dns = dgram.createSocket('udp4')
    dns.on('message', (query, peer) => {
      if (silent) return
      let end = 12
      while (query[end] !== 0) end += must(query[end], 'query[end]') + 1
      const question = query.subarray(12, end + 5)
      const type = question.readUInt16BE(question.length - 4)
      const answer =
        type === 1
          ? Buffer.concat([
              Buffer.from([0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4]),
              Buffer.from([127, 0, 0, 1]),
            ])
          : Buffer.alloc(0)
      const header = Buffer.from([
        must(query[0], 'query[0]'),
        must(query[1], 'query[1]'),
        0x81,
        0x80,
        0,
        1,
        0,
        type === 1 ? 1 : 0,
        0,
        0,
        0,
        0,
      ])
      dns.send(Buffer.concat([header, question, answer]), peer.port, peer.address)
    })
    dns.bind(0, '127.0.0.1')
    await once(dns, 'listening')
    const dnsServers = [`127.0.0.1:${dns.address().port}`]
    try {
      const target = `/${randomUUID()}.ics`
      serveCalendar(target, () => calendar([{ uid: 'x', start: '2026-07-01', end: '2026-07-03' }]))
      const url = base.replace('127.0.0.1', 'calendar.test') + target
      expect(await fetchWithinLimits(url, {}, { ...deps(true).limits, dnsServers })).toMatchObject({
        kind: 'ok',
      })
      // The address it resolved to is checked like any other.
      await expect(fetchWithinLimits(url, {}, { ...deps(false).limits, dnsServers })).rejects.toMatchObject({
        failure: 'blockedAddress',
      })
      // A resolver that never answers: given up after 2 s, not after the whole deadline.
      silent = true
      const started = Date.now()
      await expect(
        fetchWithinLimits(url, {}, { ...deps(true).limits, timeoutMs: 10_000, dnsServers }),
      ).rejects.toMatchObject({ failure: 'unreachable' })
      expect(Date.now() - started).toBeLessThan(5000)
    } finally {
      dns.close()
    }
  })

  it('follows at most 3 redirects', async () => {
    const paths = Array.from({ length: 5 }, () => `/${randomUUID()}.ics`)
    paths.forEach((path, n) => {
      routes.set(path, (_req, res) => void res.writeHead(302, { location: paths[n + 1] ?? paths[0] }).end())
    })
    await expect(fetchWithinLimits(`${base}${paths[0]}`, {}, deps(true).limits)).rejects.toMatchObject({
      failure: 'tooManyRedirects',
    })
  })
})
