import { once } from 'node:events'
import { type AddressInfo, connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { endConnectionsOnClose } from './close-connections.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/**
 * A bare app with the API's timeouts (app.ts), where a request to /slow takes 300 ms and one to /hang
 * never ends: without the hooks, close() would wait 60–72 s.
 */
async function startApp({ graceMs = 30_000 } = {}) {
  const app = Fastify({ connectionTimeout: 60_000, requestTimeout: 30_000 })
  endConnectionsOnClose(app, { graceMs })
  app.get('/slow', async () => {
    await sleep(300)
    return { ok: true }
  })
  app.get('/hang', () => new Promise(() => {}))
  await app.listen({ port: 0, host: '127.0.0.1' })
  cleanups.push(() => {
    app.server.closeAllConnections()
    if (app.server.listening) app.server.close()
  })
  return { app, port: (app.server.address() as AddressInfo).port }
}

/** A TCP connection the app has accepted and on which nothing is sent, as a browser's preconnect. */
async function silentConnection(app: FastifyInstance, port: number) {
  const accepted = once(app.server, 'connection')
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  cleanups.push(() => socket.destroy())
  await accepted
  const ended = new Promise((resolve) => socket.once('close', resolve))
  return { ended }
}

/** Whether `promise` settles within `ms`. */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), sleep(ms).then(() => false)])

describe('closing the app', () => {
  it('ends a connection that never sent a request instead of waiting for its timeout', async () => {
    const { app, port } = await startApp()
    const { ended } = await silentConnection(app, port)
    expect(await within(app.close(), 10_000)).toBe(true)
    expect(await within(ended, 10_000)).toBe(true)
  })

  it('lets a request in progress finish, telling its client the connection closes', async () => {
    const { app, port } = await startApp()
    await silentConnection(app, port)
    const arrived = once(app.server, 'request')
    const response = fetch(`http://127.0.0.1:${port}/slow`)
    await arrived
    const closed = app.close()
    const res = await response
    expect(res.status).toBe(200)
    expect(res.headers.get('connection')).toBe('close')
    expect(await res.json()).toEqual({ ok: true })
    expect(await within(closed, 10_000)).toBe(true)
  })

  it('cuts what is still running once the grace period is over', async () => {
    const { app, port } = await startApp({ graceMs: 300 })
    const arrived = once(app.server, 'request')
    const response = fetch(`http://127.0.0.1:${port}/hang`).catch((error: unknown) => error)
    await arrived
    expect(await within(app.close(), 10_000)).toBe(true)
    expect(await response).toBeInstanceOf(Error)
  })
})
