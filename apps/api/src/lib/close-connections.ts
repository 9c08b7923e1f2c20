import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * Lets the app close as soon as its requests in progress are answered. Node's `server.close()` (with
 * Fastify's default `forceCloseConnections: 'idle'`) ends the keep-alive connections that are idle at
 * that moment and waits for the others, which kept a restart of the API hanging for a minute:
 * - a connection opened and never used (a browser's preconnect, an HTTP client's spare socket) waited
 *   for its inactivity timeout (`connectionTimeout`, 60 s): it is ended at once. (A request still in
 *   the kernel's buffer, unread, meets a reset instead of a 503: the same race as Node's own end of
 *   idle connections.)
 * - the connection of a request in progress stayed open after its answer until `keepAliveTimeout`
 *   (72 s): that answer now says `Connection: close`, so Node ends the connection after it; an answer
 *   whose headers left before the close began is followed by the connection's end.
 * - once `server.close()` runs, Node no longer enforces `requestTimeout` or `headersTimeout`: after
 *   `graceMs` whatever is left (a client that sent half its headers, a request still running, the
 *   rare answer that skips the hooks: the router's own refusals, `frameworkErrors`) is cut.
 * `destroySoon` after an answer begun before the close cuts a request the client pipelined behind it,
 * or sent in that instant (a reset, not a 503): the race Node's own end of idle connections has.
 */
export function endConnectionsOnClose(app: FastifyInstance, { graceMs }: { graceMs: number }) {
  const open = new Set<Socket>()
  let closing = false
  app.server.on('connection', (socket: Socket) => {
    open.add(socket)
    socket.once('close', () => open.delete(socket))
  })
  app.addHook('preClose', async () => {
    closing = true
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy()
    if (!app.server.listening) return
    // Cleared once the server is closed: the timer would keep the closed app (and its database) alive.
    const deadline = setTimeout(() => app.server.closeAllConnections(), graceMs)
    deadline.unref()
    app.server.once('close', () => clearTimeout(deadline))
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close')
    return payload
  })
  app.addHook('onResponse', async (request, reply) => {
    if (!closing || reply.getHeader('connection') === 'close') return
    // Under `inject()` the socket is a stand-in without these.
    const socket = request.raw.socket as Partial<Socket> | null
    if (typeof socket?.destroySoon === 'function') socket.destroySoon()
  })
}
