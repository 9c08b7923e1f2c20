/**
 * `npm run operator -- add|remove|list`: the script itself, run as the command runs it, on the
 * project's engine (a PGlite folder through DATA_DIR, or a PostgreSQL database through DATABASE_URL).
 */

import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../db/client.ts'
import { operators } from '../../db/schema.ts'
import { testEngine } from '../../test/build-test-app.ts'
import { insertClient } from '../../test/factories.ts'
import { testDatabaseName } from '../../test/global-setup.ts'
import { must } from '../../test/must.ts'

const root = path.resolve(import.meta.dirname, '../../../../..')
const script = path.join(root, 'apps/api/scripts/operator.ts')
const tsx = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href

/** Where the command's database is: its environment, and how the test opens it in between runs. */
let target: { env: Record<string, string>; open: () => Promise<DatabaseHandle>; cleanup: () => Promise<void> }
/** A folder without a .env: the command reads ./.env, which must not be a developer's. */
const cwd = mkdtempSync(path.join(tmpdir(), 'operator-command-'))

beforeAll(async () => {
  if (testEngine === 'pglite') {
    const dataDir = path.join(cwd, 'data')
    target = {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      cleanup: async () => {},
    }
  } else {
    const url = must(process.env.TEST_DATABASE_URL, 'process.env.TEST_DATABASE_URL')
    const name = testDatabaseName(inject('testRunId'))
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`)
    const databaseUrl = new URL(url)
    databaseUrl.pathname = `/${name}`
    target = {
      env: { DATABASE_URL: databaseUrl.toString() },
      open: () => openDatabase({ url: databaseUrl.toString(), maxConnections: 2 }),
      cleanup: async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
        await admin.end()
      },
    }
  }
  const handle = await target.open()
  try {
    await handle.migrate()
    await insertClient(handle.db, { email: 'lupe@ejemplo.mx', isEmailVerified: true })
    await insertClient(handle.db, { email: 'sin.confirmar@ejemplo.mx', isEmailVerified: false })
  } finally {
    await handle.close()
  }
})

afterAll(async () => {
  await target.cleanup()
  rmSync(cwd, { recursive: true, force: true })
})

function runOperator(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', tsx, script, ...args],
      {
        cwd,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...target.env, ...env },
        timeout: 120_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

async function operatorCount() {
  const handle = await target.open()
  try {
    return (await handle.db.select().from(operators)).length
  } finally {
    await handle.close()
  }
}

describe('npm run operator', () => {
  it('adds an operator, says so again without a second grant, lists it and removes it', async () => {
    const added = await runOperator(['add', 'Lupe@Ejemplo.mx'])
    expect(added).toMatchObject({
      code: 0,
      stdout: 'Listo: lupe@ejemplo.mx ahora es operador (desde su siguiente solicitud).\n',
    })
    expect(await operatorCount()).toBe(1)

    expect((await runOperator(['add', 'lupe@ejemplo.mx'])).stdout).toBe('lupe@ejemplo.mx ya era operador.\n')
    expect((await runOperator(['list'])).stdout).toMatch(/^lupe@ejemplo\.mx {2}\(command, \d{4}-/)

    const removed = await runOperator(['remove', 'lupe@ejemplo.mx'], { OPERATOR_EMAILS: 'lupe@ejemplo.mx' })
    expect(removed.code).toBe(0)
    expect(removed.stdout).toBe('Listo: lupe@ejemplo.mx ya no es operador (desde su siguiente solicitud).\n')
    expect(removed.stderr).toContain('sigue en OPERATOR_EMAILS')
    expect(await operatorCount()).toBe(0)
  })

  it.each([
    [['add', 'nadie@ejemplo.mx'], 1, 'No hay ninguna cuenta con el correo nadie@ejemplo.mx'],
    [['add', 'sin.confirmar@ejemplo.mx'], 1, 'aún no confirma su correo'],
    [['add'], 2, 'Uso: npm run operator -- add <correo> | remove <correo> | list'],
    [['grant', 'lupe@ejemplo.mx'], 2, 'Uso: npm run operator'],
    [['add', 'no-es-correo'], 2, "'no-es-correo' no es un correo válido"],
  ])('refuses %j (exit %i) in Spanish and grants nothing', async (args, code, message) => {
    const result = await runOperator(args)
    expect(result.code).toBe(code)
    expect(result.stderr).toContain(message)
    if (code === 1) expect(await operatorCount()).toBe(0)
  })
})
