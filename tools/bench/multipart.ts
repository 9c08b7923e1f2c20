/** multipart/form-data bodies written by hand, so a bench can lie about names and types as a client may. */

export type MultipartBody = { contentType: string; body: Buffer }
export type MultipartPart = { name: string; filename?: string; contentType?: string; body: Buffer | string }

const BOUNDARY = 'fuzzboundary7d3f'

/** What comes before a part's body. */
const partHead = ({ name, filename, contentType }: Omit<MultipartPart, 'body'>, boundary: string) =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n${contentType ? `Content-Type: ${contentType}\r\n` : ''}\r\n`,
  )

/** A multipart/form-data body of these parts; `close: false` leaves out the final boundary. */
export function multipartBody(parts: MultipartPart[], { close = true, boundary = BOUNDARY } = {}) {
  const chunks = parts.flatMap(({ body, ...part }) => [
    partHead(part, boundary),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
    Buffer.from('\r\n'),
  ])
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) }
}

/** One part whose body is streamed by the caller: the bytes before it and the bytes that end the request. */
export function multipartEnvelope(part: Omit<MultipartPart, 'body'>, boundary = BOUNDARY) {
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: partHead(part, boundary),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  }
}
