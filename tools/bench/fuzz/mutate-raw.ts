// Requests no HTTP client would write, sent as bytes.
import type { Mutation } from './draft.ts'
import { type Labelled, toJsonText } from './hostile.ts'

/** Requests an HTTP client would refuse to write: sent as bytes on a fresh socket. */
export const rawRequest: Mutation = (draft, _ctx, random) => {
  const path = draft.pathname
  const body = draft.json === undefined ? '' : toJsonText(draft.json)
  const length = Buffer.byteLength(body)
  // The head as single bytes (control bytes and all), the body as UTF-8, as its Content-Length counts it.
  const lines = (requestLine: string, headers: string[], payload = '') =>
    Buffer.concat([
      Buffer.from(`${[requestLine, 'Host: 127.0.0.1', ...headers].join('\r\n')}\r\n\r\n`, 'latin1'),
      Buffer.from(payload),
    ])
  const [label, bytes] = random.pick<Labelled<Buffer>>([
    ['control byte in path', lines(`${draft.method} ${path}/\u0001x HTTP/1.1`, ['Connection: close'])],
    ['space in path', lines(`${draft.method} ${path}/a b HTTP/1.1`, ['Connection: close'])],
    [
      'NUL in header value',
      lines(`${draft.method} ${path} HTTP/1.1`, ['X-A: a\u0000b', 'Connection: close']),
    ],
    [
      'obs-fold header',
      lines(`${draft.method} ${path} HTTP/1.1`, ['X-A: a', ' folded', 'Connection: close']),
    ],
    [
      'Content-Length and Transfer-Encoding',
      lines(
        `POST ${path} HTTP/1.1`,
        [
          'Content-Type: application/json',
          `Content-Length: ${length}`,
          'Transfer-Encoding: chunked',
          'Connection: close',
        ],
        `${length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
      ),
    ],
    [
      'two different Content-Length',
      lines(
        `POST ${path} HTTP/1.1`,
        [
          'Content-Type: application/json',
          `Content-Length: ${length}`,
          'Content-Length: 1',
          'Connection: close',
        ],
        body,
      ),
    ],
    [
      'bad chunk size',
      lines(
        `POST ${path} HTTP/1.1`,
        ['Content-Type: application/json', 'Transfer-Encoding: chunked', 'Connection: close'],
        'zz\r\n{}\r\n0\r\n\r\n',
      ),
    ],
    ['HTTP/1.0 without Host', Buffer.from(`GET ${path} HTTP/1.0\r\n\r\n`, 'latin1')],
    ['HTTP/1.1 without Host', Buffer.from(`GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`, 'latin1')],
    ['HTTP/2.0 version', lines(`GET ${path} HTTP/2.0`, ['Connection: close'])],
    ['lower-case method', lines(`get ${path} HTTP/1.1`, ['Connection: close'])],
    ['unknown method', lines(`FUZZ ${path} HTTP/1.1`, ['Connection: close'])],
    ['asterisk-form OPTIONS', lines('OPTIONS * HTTP/1.1', ['Connection: close'])],
    ['header name with a space', lines(`GET ${path} HTTP/1.1`, ['X Bad: 1', 'Connection: close'])],
    [
      'bare LF line endings',
      Buffer.from(`GET ${path} HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n\n`, 'latin1'),
    ],
    ['20 kB header', lines(`GET ${path} HTTP/1.1`, [`X-Big: ${'b'.repeat(20_000)}`, 'Connection: close'])],
    [
      'two pipelined requests',
      Buffer.concat([
        lines(`GET ${path} HTTP/1.1`, []),
        lines(`GET ${path} HTTP/1.1`, ['Connection: close']),
      ]),
    ],
    [
      'Upgrade: websocket',
      lines(`GET ${path} HTTP/1.1`, [
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
      ]),
    ],
    [
      'Expect: 100-continue with body',
      lines(
        `POST ${path} HTTP/1.1`,
        [
          'Content-Type: application/json',
          `Content-Length: ${length}`,
          'Expect: 100-continue',
          'Connection: close',
        ],
        body,
      ),
    ],
    [
      'UTF-8 bytes in path',
      Buffer.concat([
        Buffer.from(`GET ${path}/`),
        Buffer.from('ñ€'),
        Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
      ]),
    ],
  ])
  draft.raw = bytes
  return `raw: ${label}`
}
