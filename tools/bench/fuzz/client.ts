import http from 'node:http'
import net from 'node:net'
import type { FuzzRequest } from './mutate.ts'

/** What came back for one request. */
export type Outcome =
  | { kind: 'answer'; status: number; contentType: string; retryAfter: string | null; bodyStart: string }
  /** The connection ended (reset, closed) before any answer: the server dropped the request. */
  | { kind: 'dropped'; error: string }
  /** No answer within the time limit. */
  | { kind: 'timeout' }
  /** This side refused to send the request (a fuzzer bug, not a server fault). */
  | { kind: 'not-sent'; error: string }

/**
 * Longer than the server's requestTimeout (30 s) plus Node's interval for checking it (30 s): a
 * request still unanswered by then was lost.
 */
const ANSWER_TIMEOUT_MS = 65_000
const BODY_KEPT = 600

export type Sender = {
  send(request: FuzzRequest): Promise<Outcome>
  /** Requests whose kept-alive socket had been closed by the server before they were written: resent once. */
  staleSocketRetries(): number
  close(): void
}

/** Sends requests over keep-alive connections (`concurrency` sockets), raw ones each on a fresh socket. */
export function createSender(baseUrl: string, concurrency: number): Sender {
  const { hostname, port } = new URL(baseUrl)
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency })
  let retries = 0
  // Sockets that already carried a request. Node's req.reusedSocket misses a socket the agent hands
  // straight to a queued request, so reuse is tracked here.
  const usedSockets = new WeakSet<object>()

  function viaHttp(request: FuzzRequest, useAgent: boolean): Promise<Outcome & { reused?: boolean }> {
    return new Promise((resolve) => {
      let settled = false
      const done = (outcome: Outcome & { reused?: boolean }) => {
        if (settled) return
        settled = true
        resolve(outcome)
      }
      let req: http.ClientRequest
      try {
        req = http.request({
          host: hostname,
          port: Number(port),
          method: request.method,
          path: request.path,
          headers: request.headers.flat(),
          setHost: false,
          agent: useAgent ? agent : false,
        })
      } catch (error) {
        done({ kind: 'not-sent', error: (error as NodeJS.ErrnoException).code ?? String(error) })
        return
      }
      let reused = false
      req.on('socket', (socket) => {
        reused = usedSockets.has(socket)
        usedSockets.add(socket)
      })
      req.setTimeout(ANSWER_TIMEOUT_MS, () => {
        done({ kind: 'timeout' })
        req.destroy()
      })
      req.on('response', (res) => {
        const chunks: Buffer[] = []
        let kept = 0
        res.on('data', (chunk: Buffer) => {
          if (kept < BODY_KEPT) {
            chunks.push(chunk)
            kept += chunk.length
          }
        })
        const answer = (): Outcome => ({
          kind: 'answer',
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
          bodyStart: Buffer.concat(chunks).toString('utf8').slice(0, BODY_KEPT),
        })
        res.on('end', () => done(answer()))
        // The answer arrived; a connection closed while its body was still coming is still an answer.
        res.on('error', () => done(answer()))
        res.on('close', () => done(answer()))
      })
      req.on('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? error.message
        if (code.startsWith('ERR_') && !req.headersSent) {
          done({ kind: 'not-sent', error: code })
          return
        }
        done({ kind: 'dropped', error: code, reused })
      })
      if (request.body) req.end(request.body)
      else req.end()
    })
  }

  return {
    async send(request) {
      if (request.raw) return sendRaw(hostname, Number(port), request.raw)
      // A body over the server's limit is answered (413) before it is all written, and the connection
      // closed: an HTTP client then reports EPIPE, not the answer. Written as bytes, the answer is read.
      if (request.body && request.body.length > RAW_BODY_ABOVE)
        return sendRaw(hostname, Number(port), asBytes(request))
      const outcome = await viaHttp(request, true)
      // Node's advice: a request written on a kept-alive socket the server had just closed fails with
      // ECONNRESET and may be resent. It is resent once on a new connection; a real drop drops again.
      if (outcome.kind === 'dropped' && outcome.reused && /ECONNRESET|socket hang up/.test(outcome.error)) {
        retries += 1
        const again = await viaHttp(request, false)
        return again.kind === 'dropped' ? { ...again, error: `${again.error}, también al reenviarla` } : again
      }
      return outcome.kind === 'dropped'
        ? {
            ...outcome,
            error: `${outcome.error}${outcome.reused ? ', socket reutilizado' : ', socket nuevo'}`,
          }
        : outcome
    },
    staleSocketRetries: () => retries,
    close: () => agent.destroy(),
  }
}

/** The server's bodyLimit (app.ts: 100 KiB). */
const RAW_BODY_ABOVE = 100 * 1024

/** The request as bytes on the wire, closing the connection after the answer. */
function asBytes(request: FuzzRequest): Buffer {
  const headers = request.headers.filter(([name]) => name.toLowerCase() !== 'connection')
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    ...headers.map(([n, v]) => `${n}: ${v}`),
    'Connection: close',
  ]
  return Buffer.concat([
    Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'),
    request.body ?? Buffer.alloc(0),
  ])
}

/** Writes the bytes on a new socket and reads the first final (non-1xx) status line that comes back. */
function sendRaw(host: string, port: number, bytes: Buffer): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    let received = Buffer.alloc(0)
    let settled = false
    const done = (outcome: Outcome) => {
      if (settled) return
      settled = true
      socket.destroy()
      resolve(outcome)
    }
    const timer = setTimeout(() => done({ kind: 'timeout' }), ANSWER_TIMEOUT_MS)
    socket.on('connect', () => socket.write(bytes))
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]).subarray(0, 64 * 1024)
      const text = received.toString('latin1')
      for (const match of text.matchAll(/HTTP\/\d\.\d (\d{3})[^\r\n]*\r\n/g)) {
        const status = Number(match[1])
        if (status >= 200) {
          // Wait for the end of the headers so the content type is known.
          const headEnd = text.indexOf('\r\n\r\n', match.index)
          if (headEnd === -1) return
          const head = text.slice(match.index, headEnd)
          clearTimeout(timer)
          done({
            kind: 'answer',
            status,
            contentType: /\r\ncontent-type:\s*([^\r\n]*)/i.exec(head)?.[1] ?? '',
            retryAfter: /\r\nretry-after:\s*([^\r\n]*)/i.exec(head)?.[1] ?? null,
            bodyStart: text.slice(headEnd + 4, headEnd + 4 + BODY_KEPT),
          })
          return
        }
      }
    })
    const ended = (error?: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      const text = received.toString('latin1')
      const status = /HTTP\/\d\.\d (\d{3})/.exec(text)
      if (status && Number(status[1]) >= 200) {
        done({ kind: 'answer', status: Number(status[1]), contentType: '', retryAfter: null, bodyStart: '' })
      } else
        done({
          kind: 'dropped',
          error: error?.code ?? (received.length ? 'closed after 1xx' : 'closed without answer'),
        })
    }
    socket.on('error', ended)
    socket.on('close', () => ended())
  })
}
