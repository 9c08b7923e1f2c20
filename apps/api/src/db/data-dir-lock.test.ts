import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runServerToExit, startServer } from '../test/spawn-server.ts'
import { openDatabase } from './client.ts'
import { DATA_DIR_LOCK_FILE, DataDirLockedError, lockDataDir } from './data-dir-lock.ts'

const lockHolder = (dataDir: string) =>
  JSON.parse(readFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), 'utf8')).pid as number

describe('one server per embedded data dir', () => {
  let dataDir: string
  beforeAll(async () => {
    // A migrated folder, so each server below only reopens it (creating one takes several seconds).
    dataDir = mkdtempSync(path.join(tmpdir(), 'cabanas-lock-'))
    const database = await openDatabase({ dataDir })
    await database.migrate()
    await database.close()
  }, 120_000)
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('refuses a second server on the same DATA_DIR with a clear message while the first keeps serving', async () => {
    const first = await startServer({ DATA_DIR: dataDir })
    try {
      expect(lockHolder(dataDir)).toBe(first.child.pid)

      const second = await runServerToExit({ DATA_DIR: dataDir })

      expect(second.served).toBe(false)
      expect(second.code).toBe(1)
      expect(second.stderr.trim()).toBe(
        `Otro proceso (pid ${first.child.pid}) ya usa la base de datos integrada en ${dataDir}: detenlo antes de iniciar otro; para varios procesos usa PostgreSQL (DATABASE_URL).`,
      )
      expect((await fetch(`${first.url}/health`)).status).toBe(200)
    } finally {
      expect(await first.stop()).toBe(0)
    }
    expect(existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false)
  }, 120_000)

  it('takes over the lock a killed server left, and removes it on a clean shutdown', async () => {
    const killed = await startServer({ DATA_DIR: dataDir })
    await killed.stop('SIGKILL')
    expect(lockHolder(dataDir)).toBe(killed.child.pid)

    const next = await startServer({ DATA_DIR: dataDir })

    expect(lockHolder(dataDir)).toBe(next.child.pid)
    expect((await fetch(`${next.url}/health`)).status).toBe(200)
    expect(await next.stop()).toBe(0)
    expect(existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false)
  }, 120_000)
})

describe('the data dir lock', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cabanas-lock-unit-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const writeLock = (content: string) => writeFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), content)

  it('is refused while another live process holds it, and in the same process until released', () => {
    writeLock(JSON.stringify({ pid: process.ppid, startedAt: '2026-11-23T00:00:00Z', processStart: null }))
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError)

    rmSync(path.join(dataDir, DATA_DIR_LOCK_FILE))
    const release = lockDataDir(dataDir)
    expect(() => lockDataDir(dataDir)).toThrow(`Otro proceso (pid ${process.pid})`)
    release()
    lockDataDir(dataDir)()
  })

  it('is taken over when its pid now belongs to a process started later (a reused pid)', () => {
    writeLock(JSON.stringify({ pid: process.ppid, startedAt: '2026-11-23T00:00:00Z', processStart: '1' }))

    const release = lockDataDir(dataDir)

    expect(lockHolder(dataDir)).toBe(process.pid)
    release()
  })

  it('is taken over when it is empty (its writer died before writing it)', () => {
    writeLock('')

    const release = lockDataDir(dataDir)

    expect(lockHolder(dataDir)).toBe(process.pid)
    release()
    expect(existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false)
  })
})
