import { readdirSync, readFileSync } from 'node:fs'

/** Resident memory of a process in KiB (VmRSS of /proc/<pid>/status), or null if it is gone. */
export function rssKib(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
    return match ? Number(match[1]) : null
  } catch {
    return null
  }
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return null
  }
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\u0000', ' ')
  } catch {
    return ''
  }
}

/**
 * The pid of the server the harness started: harness.ts does not expose it, so it is found among this
 * process's descendants, by its command line (the server's entry file). Linux only (/proc).
 */
export function findServerPid(pattern = /server\.(js|ts)\b/): number | null {
  const pids = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
  const descendants = new Set([process.pid])
  let grew = true
  while (grew) {
    grew = false
    for (const pid of pids) {
      const parent = parentOf(pid)
      if (!descendants.has(pid) && parent !== null && descendants.has(parent)) {
        descendants.add(pid)
        grew = true
      }
    }
  }
  descendants.delete(process.pid)
  const servers = [...descendants].filter((pid) => pattern.test(commandOf(pid)))
  return servers.length > 0 ? Math.max(...servers) : null
}
