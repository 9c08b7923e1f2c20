import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { endConnectionsOnClose } from './close-connections.ts'

/** A bare app with the API's timeouts (app.ts): without the hooks, close() would wait 60–72 s. */
async function startApp() {
  const app = Fastify({ connectionTimeout: 60_000, requestTimeout: 30_000 })
  endConnectionsOnClose(app)
  app.get('/slow', async () => {
    await sleep(300)
    return { ok: true }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, port: (app.server.address() as AddressInfo).port }
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** A TCP connection to the app that sends nothing, as a browser's preconnect. */
async function silentConnection(port: number) {
  const socket = connect(port, '127.0.0.1')
  cleanups.push(() => socket.destroy())
  await new Promise((resolve) => socket.once('connect', resolve))
  const ended = new Promise((resolve) => socket.once('close', resolve))
  return { ended }
}

/** Whether `promise` settles within `ms`. */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), sleep(ms).then(() => false)])

describe('closing the app', () => {
  it('ends a connection that never sent a request instead of waiting for its timeout', async () => {
    const { app, port } = await startApp()
    const { ended } = await silentConnection(port)
    expect(await within(app.close(), 2_000)).toBe(true)
    expect(await within(ended, 500)).toBe(true)
  })

  it('lets a request in progress finish, then ends its kept-alive connection', async () => {
    const { app, port } = await startApp()
    await silentConnection(port)
    const response = fetch(`http://127.0.0.1:${port}/slow`)
    await sleep(50)
    const closed = app.close()
    const res = await response
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    expect(await within(closed, 2_000)).toBe(true)
  })
})
