import { describe, expect, it } from 'vitest'
import { runServerToExit } from './test/spawn-server.ts'

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
})
