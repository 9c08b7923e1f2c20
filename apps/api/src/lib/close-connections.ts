import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * Lets the app close as soon as its requests in progress are answered. Node's `server.close()` (with
 * Fastify's default `forceCloseConnections: 'idle'`) ends the keep-alive connections that are idle at
 * that moment and waits for the others, which kept a restart of the API hanging:
 * - a connection that was opened and never used (a browser's preconnect, an HTTP client's spare
 *   socket) until its inactivity timeout (`connectionTimeout`, 60 s): ended at once, no request was
 *   sent on it;
 * - the connection of a request in progress, kept alive after its answer until `keepAliveTimeout`
 *   (72 s): ended once that answer is sent.
 * Requests in progress still finish (bounded by `requestTimeout`).
 */
export function endConnectionsOnClose(app: FastifyInstance) {
  const open = new Set<Socket>()
  let closing = false
  app.server.on('connection', (socket: Socket) => {
    open.add(socket)
    socket.once('close', () => open.delete(socket))
  })
  app.addHook('preClose', async () => {
    closing = true
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy()
  })
  app.addHook('onResponse', async (request) => {
    if (closing) request.raw.socket?.end()
  })
}
