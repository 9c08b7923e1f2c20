import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runServerToExit } from './test/spawn-server.ts'

const scratch = mkdtempSync(path.join(tmpdir(), 'cabanas-start-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/**
 * A module loaded before the server (NODE_OPTIONS=--import) that makes one start-up step never end,
 * as a CPU-starved machine makes it outlast Fastify's 10 s: a plugin, or an onReady hook.
 */
function preloadThatHangs(step: 'plugin' | 'onReady'): string {
  const file = path.join(scratch, `hang-${step}.mjs`)
  const hang =
    step === 'plugin'
      ? `fastify.register(async function searchIndexWarmUp() { await new Promise(() => {}) })`
      : `fastify.addHook('onReady', function searchIndexWarmUp() { return new Promise(() => {}) })`
  writeFileSync(
    file,
    `import diagnostics from 'node:diagnostics_channel'\n` +
      `diagnostics.subscribe('fastify.initialization', ({ fastify }) => { ${hang} })\n`,
  )
  return file
}

describe('start-up', () => {
  it('refuses production without Openpay keys or PAYMENTS=sandbox, in one line naming both', async () => {
    const result = await runServerToExit({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cabanas.example',
      DATA_DIR: '/nonexistent/never-opened',
    })

    expect(result.served).toBe(false)
    expect(result.code).toBe(1)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('OPENPAY_*')
    expect(lines[0]).toContain('PAYMENTS=sandbox')
    expect(result.stdout).toBe('')
  }, 60_000)

  it('lists several invalid variables one per line, with a hint', async () => {
    const result = await runServerToExit({ PORT: 'ochenta', LOG_LEVEL: 'verbose' })

    expect(result.code).toBe(1)
    expect(result.stderr).toContain('\n  - PORT: PORT debe ser un número de puerto\n')
    expect(result.stderr).toContain('\n  - LOG_LEVEL: ')
    expect(result.stderr).toContain('Revisa tus variables de entorno (ver .env.example).')
  }, 60_000)

  it.each(['plugin', 'onReady'] as const)(
    'a start whose %s outlasts the start-up timeout stops with one Spanish line, no stack',
    async (step) => {
      const result = await runServerToExit({
        DATA_DIR: path.join(scratch, `data-${step}`),
        NODE_OPTIONS: `--import ${preloadThatHangs(step)}`,
      })

      expect(result.served).toBe(false)
      expect(result.code).toBe(1)
      const lines = result.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^No se pudo iniciar Cabañas MX: el arranque no terminó a tiempo/)
      expect(lines[0]).toContain(step === 'plugin' ? 'searchIndexWarmUp' : 'onReady')
      expect(result.stderr).not.toMatch(/\n\s+at /)
    },
    // Fastify's 10 s plus a child process that compiles the sources and creates an embedded database:
    // 90 s ran out once at load average 15 on two cores (PGlite's initdb alone took 35 s there).
    240_000,
  )

  it('a database that refuses the connection stops the start with one Spanish line', async () => {
    const result = await runServerToExit({ DATABASE_URL: 'postgres://nadie@127.0.0.1:1/cabanas' })

    expect(result.code).toBe(1)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^No se pudo iniciar Cabañas MX: la base de datos no respondió/)
    expect(lines[0]).toContain('ECONNREFUSED')
    expect(lines[0]).not.toContain('nadie')
  }, 60_000)

  it('prints PUBLIC_URL in its start banner', async () => {
    const result = await runServerToExit({
      DATA_DIR: path.join(scratch, 'data-banner'),
      PUBLIC_URL: 'https://cabanas.example',
    })

    expect(result.served).toBe(true)
    expect(result.stdout).toContain('Enlaces públicos (PUBLIC_URL): https://cabanas.example')
  }, 60_000)
})
