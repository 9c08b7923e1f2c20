import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

/**
 * A PostgreSQL cluster of the soak's own: initdb in a temporary folder, trust authentication, one
 * port on 127.0.0.1 and a socket in that folder, so the soak can restart it at will. As root the
 * server runs as the `postgres` OS user (PostgreSQL refuses to run as root).
 */
export type Cluster = {
  url: string
  port: number
  folder: string
  /** pg_ctl restart: 'fast' ends connections cleanly, 'immediate' is a crash and a recovery. */
  restart(mode: 'fast' | 'immediate'): Promise<void>
  /** Stops the server and deletes the folder; safe to call twice, and synchronous (for signal handlers). */
  destroy(): void
}

function binDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : []
  for (const version of versions) {
    const dir = path.join(root, version, 'bin')
    if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir
  }
  throw new Error('no se encontraron initdb y pg_ctl en /usr/lib/postgresql/*/bin')
}

export async function startCluster(port: number, database: string): Promise<Cluster> {
  const bin = binDir()
  const asRoot = process.getuid?.() === 0
  const folder = mkdtempSync(path.join(tmpdir(), 'cabanas-soak-pg-'))
  const data = path.join(folder, 'data')
  mkdirSync(data)
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(folder, uid, gid)
    chownSync(data, uid, gid)
  }
  const run = (tool: string, args: string[], { check = true } = {}) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool)
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args
    const result = spawnSync(command, fullArgs, { cwd: folder, encoding: 'utf8', timeout: 120_000 })
    if (check && result.status !== 0) {
      throw new Error(`${tool} ${args[0] ?? ''} falló (${result.status}): ${result.stderr || result.stdout}`)
    }
    return result
  }
  let destroyed = false
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=60`
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    folder,
    restart(mode) {
      // Asynchronous: the soak's own SMTP server and clients keep running while PostgreSQL restarts.
      const args = [
        'restart',
        '-D',
        data,
        '-m',
        mode,
        '-w',
        '-t',
        '60',
        '-l',
        path.join(folder, 'pg.log'),
        '-o',
        options,
      ]
      const [command, fullArgs] = asRoot
        ? ['runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args]]
        : [path.join(bin, 'pg_ctl'), args]
      return new Promise((resolve, reject) =>
        execFile(
          command as string,
          fullArgs as string[],
          { cwd: folder, timeout: 120_000 },
          (error, _out, stderr) => (error ? reject(new Error(`pg_ctl restart falló: ${stderr}`)) : resolve()),
        ),
      )
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '30'], { check: false })
      rmSync(folder, { recursive: true, force: true })
    },
  }
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'])
    run('pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', path.join(folder, 'pg.log'), '-o', options])
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${database}"`)
    await admin.end()
  } catch (error) {
    cluster.destroy()
    throw error
  }
  return cluster
}
