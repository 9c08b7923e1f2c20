// Loaded into the server under test with `node --import` (BENCH_SERVER_NODE_ARGS): it records every
// route the app registers, as Fastify reports them to onRoute hooks, and writes the list to
// FUZZ_ROUTES_FILE once the app is ready. The fuzzer compares that list with the routes it knows.
import { subscribe } from 'node:diagnostics_channel'
import { writeFileSync } from 'node:fs'

const file = process.env.FUZZ_ROUTES_FILE
if (file) {
  subscribe('fastify.initialization', ({ fastify }) => {
    const routes = []
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url })
    })
    fastify.addHook('onReady', async () => {
      writeFileSync(file, JSON.stringify(routes))
    })
  })
}
