import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** The lock file inside an embedded database's data dir: the process that has the folder open. */
export const DATA_DIR_LOCK_FILE = 'cabanas.lock'

/** Another live process has the data dir open: start-up stops with this one-line Spanish message. */
export class DataDirLockedError extends Error {}

type Holder = {
  pid: number
  startedAt: string
  /** Linux: the process's start time in clock ticks since boot, so a reused pid is not taken for it. */
  processStart: string | null
}

/** Lock files this process holds, by path, with their text: a second open here is refused too. */
const heldByThisProcess = new Map<string, string>()

// An exit without close() (a failed start-up, process.exit) still frees the folder; SIGKILL leaves a
// stale lock, which the next start takes over.
process.once('exit', () => {
  for (const [lockPath, text] of heldByThisProcess) releaseDataDir(lockPath, text)
})

/** Field 22 of /proc/<pid>/stat (start time since boot); null where there is no /proc. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

function isRunning(holder: Holder, lockPath: string): boolean {
  if (holder.pid === process.pid) return heldByThisProcess.has(lockPath)
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const current = processStartOf(holder.pid)
  return !(holder.processStart && current && current !== holder.processStart)
}

/** The lock file's text and holder (null when empty or not ours); null when the file is gone. */
function readHolder(lockPath: string): { holder: Holder | null; text: string } | null {
  let text: string
  try {
    text = readFileSync(lockPath, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  try {
    const holder = JSON.parse(text) as Holder
    return { holder: Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null, text }
  } catch {
    return { holder: null, text }
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/**
 * Takes `dataDir` for this process: creates `cabanas.lock` in it atomically (`wx`) with our pid. A
 * lock whose process is gone (crash, SIGKILL, a reboot that reused the pid) is taken over; a live
 * one throws DataDirLockedError. Returns the release function, to call after the database is closed.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.resolve(dataDir, DATA_DIR_LOCK_FILE)
  const mine: Holder = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    processStart: processStartOf(process.pid),
  }
  const text = JSON.stringify(mine)
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      writeFileSync(lockPath, text, { flag: 'wx' })
      heldByThisProcess.set(lockPath, text)
      return () => releaseDataDir(lockPath, text)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const found = readHolder(lockPath)
    if (!found) continue
    if (!found.holder && attempt < 3) {
      // Empty: its writer may be between creating and writing it. Look again before calling it stale.
      pause(50)
      continue
    }
    if (found.holder && isRunning(found.holder, lockPath)) {
      throw new DataDirLockedError(
        `Otro proceso (pid ${found.holder.pid}) ya usa la base de datos integrada en ${dataDir}: detenlo antes de iniciar otro; para varios procesos usa PostgreSQL (DATABASE_URL).`,
      )
    }
    takeOverStaleLock(lockPath, found.text)
  }
  throw new DataDirLockedError(`No se pudo tomar el candado de la base de datos integrada: ${lockPath}`)
}

/**
 * Removes a stale lock, unless another process replaced it since we read it: the file is moved aside
 * first and put back if what was moved is not what we judged stale.
 */
function takeOverStaleLock(lockPath: string, staleText: string) {
  const aside = `${lockPath}.${process.pid}.stale`
  try {
    renameSync(lockPath, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  if (readFileSync(aside, 'utf8') !== staleText) {
    try {
      linkSync(aside, lockPath)
    } catch {
      // Someone took the folder meanwhile: the next attempt reads their lock.
    }
  }
  unlinkSync(aside)
}

function releaseDataDir(lockPath: string, text: string) {
  heldByThisProcess.delete(lockPath)
  try {
    if (readFileSync(lockPath, 'utf8') === text) unlinkSync(lockPath)
  } catch {
    // Already gone.
  }
}
